// The status setters. After each: orders, contacts and stats are refetched and a toast shown.
import { useMutation } from "@tanstack/react-query";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";

export function refreshAfterChange() {
  return Promise.all([
    queryClient.invalidateQueries(trpc.orders.pathFilter()),
    queryClient.invalidateQueries(trpc.leads.pathFilter()),
    queryClient.invalidateQueries(trpc.admin.stats.pathFilter()),
    queryClient.invalidateQueries(trpc.admin.analytics.pathFilter()),
    queryClient.invalidateQueries(trpc.admin.audit.pathFilter()),
  ]);
}

export function useStatusMutations() {
  const toast = useToast();
  const failed = (error: unknown) =>
    toast({
      title: "Update Failed",
      description: errorMessage(error, "The change was not saved"),
      variant: "destructive",
    });
  // an order moves through its stages (the stages table's moves, as on the pipeline board); its payment
  // status follows the ledger and is never set here
  const stageMove = useMutation(
    trpc.stages.move.mutationOptions({
      onSuccess: async () => {
        await Promise.all([refreshAfterChange(), queryClient.invalidateQueries(trpc.stages.pathFilter())]);
        toast({ title: "Order Updated", description: "Order stage updated successfully." });
      },
      onError: failed,
    }),
  );
  const contactStatus = useMutation(
    trpc.leads.setStatus.mutationOptions({
      onSuccess: async () => {
        await refreshAfterChange();
        toast({ title: "Contact Updated", description: "Contact status updated successfully." });
      },
      onError: failed,
    }),
  );
  return { stageMove, contactStatus };
}
