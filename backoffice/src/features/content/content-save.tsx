// What the gallery and blog forms do around a save: read the list again, toast, close; a refusal is
// toasted ("Check the form") and a missing picture is said in a toast, since the upload button shows no error.
import type { FieldErrors } from "react-hook-form";
import { DialogActions } from "../../components/dialog";
import { FormMessage } from "../../components/form";
import { useFailureToast, useToast } from "../../lib/toast";

export function useContentSave({
  refresh,
  description,
  notSaved,
  onDone,
}: {
  refresh: () => Promise<unknown>;
  /** The saved toast's words, read once the save is done. */
  description: () => string;
  notSaved: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const failed = useFailureToast();
  return {
    /** A create or update mutation's callbacks; `title` is its toast. */
    saved: (title: string) => ({
      onSuccess: async () => {
        await refresh();
        toast({ title, description: description() });
        onDone();
      },
      onError: failed(notSaved, "Check the form"),
    }),
    invalid: (errors: FieldErrors<{ image: string }>) => {
      if (errors.image)
        toast({ title: "Image Required", description: errors.image.message ?? "", variant: "destructive" });
    },
  };
}

/** The form's end: what the server refused that no field shows, then Cancel and the save button. */
export function ContentFormEnd({
  message,
  pending,
  label,
  onCancel,
}: {
  message: string | null;
  pending: boolean;
  label: string;
  onCancel: () => void;
}) {
  return (
    <>
      <FormMessage message={message} />
      <DialogActions onCancel={onCancel} pending={pending} label={label} pendingLabel="Saving..." divided />
    </>
  );
}
