import type { ButtonHTMLAttributes } from "react";

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
