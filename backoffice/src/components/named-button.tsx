import type { ButtonHTMLAttributes } from "react";
import type { EditDialogs } from "./use-edit-dialogs";

/** A row's button ("Edit", "Delete") whose accessible name also says which item it acts on. */
export function NamedButton({
  label,
  name,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children"> & { label: string; name: string }) {
  return (
    <button type="button" {...button}>
      {label}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

/** A row's Edit and Delete buttons (Delete in red), each naming the item; they open the list's dialogs. */
export function EditDeleteButtons<T>({
  dialogs,
  item,
  name,
  className,
}: {
  dialogs: Pick<EditDialogs<T>, "edit" | "askDelete">;
  item: T;
  name: string;
  className: string;
}) {
  return (
    <>
      <NamedButton label="Edit" name={name} className={className} onClick={() => dialogs.edit(item)} />
      <NamedButton
        label="Delete"
        name={name}
        className={`${className} text-red-700`}
        onClick={() => dialogs.askDelete(item)}
      />
    </>
  );
}

/** A row's button that runs a mutation with `input`: off while that mutation runs, or while `disabled`. */
export function MutationButton<I>({
  mutation,
  input,
  disabled = false,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "onClick" | "disabled"> & {
  mutation: { isPending: boolean; mutate: (input: I) => void };
  input: I;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      {...button}
      disabled={mutation.isPending || disabled}
      onClick={() => mutation.mutate(input)}
    />
  );
}
