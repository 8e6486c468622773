// The status setters. After each: orders, contacts and stats are refetched and a toast shown.
import { useMutation } from "@tanstack/react-query";
import { useFailureToast, useToast } from "../../lib/toast";
import { queryClient, trpc } from "../../lib/trpc";

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
  const failed = useFailureToast()("Update Failed", "The change was not saved");
  /** A setter's callbacks: once the lists are read again (`refresh`), the toast `title`, `description`. */
  const changed = (title: string, description: string, refresh: () => Promise<unknown> = refreshAfterChange) => ({
    onSuccess: async () => {
      await refresh();
      toast({ title, description });
    },
    onError: failed,
  });
  // an order moves through its stages (the stages table's moves, as on the pipeline board); its payment
  // status follows the ledger and is never set here
  const stageMove = useMutation(
    trpc.stages.move.mutationOptions(
      changed("Order Updated", "Order stage updated successfully.", () =>
        Promise.all([refreshAfterChange(), queryClient.invalidateQueries(trpc.stages.pathFilter())]),
      ),
    ),
  );
  const contactStatus = useMutation(
    trpc.leads.setStatus.mutationOptions(changed("Contact Updated", "Contact status updated successfully.")),
  );
  return { stageMove, contactStatus };
}
