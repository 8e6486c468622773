// What the gallery and blog forms share: their category select, and what they do around a save: create or
// update, read the list again, toast, close; a refusal is toasted ("Check the form") and a missing picture is
// said in a toast, since the upload button shows no error.
import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import type { Control, FieldErrors, FieldValues, Path } from "react-hook-form";
import { DialogActions } from "../../components/dialog";
import { type ApiForm, FormMessage, SelectField } from "../../components/form";
import { Options } from "../../components/form-field";
import { humanize } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";

/** A create or update mutation's callbacks (the toast, the list read again, the form closed). */
type SaveCallbacks = { onSuccess: () => Promise<void>; onError: (error: unknown) => void };

export function useContentSave<D, C, U, E>({
  refresh,
  description,
  notSaved,
  onDone,
  create: [added, createOptions],
  update: [updated, updateOptions],
}: {
  refresh: () => Promise<unknown>;
  /** The saved toast's words, read once the save is done. */
  description: () => string;
  notSaved: string;
  onDone: () => void;
  /** The create and the update mutation: each one's toast title, and its options given the callbacks. */
  create: [title: string, options: (callbacks: SaveCallbacks) => UseMutationOptions<C, E, D>];
  update: [title: string, options: (callbacks: SaveCallbacks) => UseMutationOptions<U, E, { id: number; data: D }>];
}) {
  const toast = useToast();
  const failed = useFailureToast();
  const saved = (title: string): SaveCallbacks => ({
    onSuccess: async () => {
      await refresh();
      toast({ title, description: description() });
      onDone();
    },
    onError: failed(notSaved, "Check the form"),
  });
  const create = useMutation(createOptions(saved(added)));
  const update = useMutation(updateOptions(saved(updated)));
  const invalid = (errors: FieldErrors<{ image: string }>) => {
    if (errors.image)
      toast({ title: "Image Required", description: errors.image.message ?? "", variant: "destructive" });
  };
  return {
    /** The form's onSubmit: creates an item, or updates the item of `id`. */
    submit: <V extends D & FieldValues & { image: string }>(form: ApiForm<V>, id: number | undefined) =>
      form.submit((data) => (id === undefined ? create.mutateAsync(data) : update.mutateAsync({ id, data })), {
        invalid: invalid as (errors: FieldErrors<V>) => void,
      }),
    pending: create.isPending || update.isPending,
    onDone,
  };
}

/** The form's end: what the server refused that no field shows, then Cancel and the save button. */
export function ContentFormEnd({
  message,
  save: { pending, onDone },
  label,
}: {
  message: string | null;
  save: { pending: boolean; onDone: () => void };
  label: string;
}) {
  return (
    <>
      <FormMessage message={message} />
      <DialogActions onCancel={onDone} pending={pending} label={label} pendingLabel="Saving..." divided />
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
