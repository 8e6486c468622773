// What the gallery and blog forms share: their category select, and what they do around a save: read the
// list again, toast, close; a refusal is toasted ("Check the form") and a missing picture is said in a toast,
// since the upload button shows no error.
import type { Control, FieldErrors, FieldValues, Path } from "react-hook-form";
import { DialogActions } from "../../components/dialog";
import { FormMessage, SelectField } from "../../components/form";
import { Options } from "../../components/form-field";
import { humanize } from "../../lib/format";
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

/** The item's category, one of `values`, shown in words ("floor-plans" → "Floor plans"). */
export function CategoryField<T extends FieldValues & { category: string }>({
  control,
  id,
  values,
}: {
  control: Control<T>;
  id: string;
  values: readonly string[];
}) {
  return (
    <SelectField
      control={control}
      name={"category" as Path<T>}
      id={id}
      label="Category"
      inputClassName="field-input capitalize"
    >
      <Options values={values} label={humanize} />
    </SelectField>
  );
}
