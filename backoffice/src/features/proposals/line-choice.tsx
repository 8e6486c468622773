// Priced lines as the proposal editor and a change order's form edit them: each line's item (a custom line's
// name and price in dollars, or the catalog product or price-list option chosen, with its price) and its
// quantity, the buttons that add a line of each kind, and the list's own error.
import type { ReactNode, RefObject } from "react";
import {
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldErrors,
  type FieldValues,
  type Path,
  useFieldArray,
  useFormState,
} from "react-hook-form";
import { InputField, SelectField } from "../../components/form";
import type { RouterOutputs } from "../../lib/types";
import type { LineDraft } from "./proposal-draft";

export type PriceLists = RouterOutputs["proposals"]["priceLists"] | undefined;

type LinesForm = { lines: LineDraft[] };

const ADD_LABELS: Record<LineDraft["kind"], string> = {
  product: "Add product",
  option: "Add option",
  custom: "Add custom line",
};

/** The form's lines: one row per line (item, quantity, Remove), then a button to add each of `kinds`. */
export function LineFields<T extends FieldValues & LinesForm>({
  control,
  lists,
  kinds,
  idPrefix,
  legendClassName = "mb-2 text-base font-semibold text-slate-900",
  description,
  firstAdd,
}: {
  control: Control<T>;
  lists: PriceLists;
  /** The kinds of line that may be added, in the buttons' order. */
  kinds: readonly LineDraft["kind"][];
  /** Names the list's error (`${idPrefix}-lines-error`). */
  idPrefix: string;
  legendClassName?: string;
  /** Words under the legend. */
  description?: ReactNode;
  /** The first add button (focused when the form has no line). */
  firstAdd?: RefObject<HTMLButtonElement>;
}) {
  const lines = useFieldArray({ control, name: "lines" as ArrayPath<T> });
  const { errors } = useFormState({ control, name: "lines" as Path<T> });
  const listErrors = (errors as FieldErrors<LinesForm>).lines;
  const problem = listErrors?.root?.message ?? listErrors?.message;
  const errorId = `${idPrefix}-lines-error`;
  const add = (kind: LineDraft["kind"]) =>
    lines.append({ kind, refId: "", name: "", unitPrice: "", quantity: "1" } as FieldArray<T, ArrayPath<T>>);
  return (
    <fieldset aria-describedby={problem ? errorId : undefined}>
      <legend className={legendClassName}>Lines</legend>
      {description}
      {problem ? (
        <p id={errorId} role="alert" className="mb-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <ul className="space-y-3">
        {(lines.fields as unknown as (LineDraft & { id: string })[]).map((line, i) => (
          <li
            key={line.id}
            className="grid items-end gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_8rem_6rem_auto]"
          >
            <LineChoice control={control} kind={line.kind} index={i} lists={lists} />
            <InputField control={control} name={`lines.${i}.quantity` as Path<T>} label="Qty" inputMode="numeric" />
            <button type="button" className="btn-ghost" onClick={() => lines.remove(i)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        {kinds.map((kind, n) => (
          <button
            key={kind}
            type="button"
            ref={n === 0 ? firstAdd : undefined}
            className="btn-secondary"
            onClick={() => add(kind)}
          >
            {ADD_LABELS[kind]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export const dollarsOf = (cents: number) => (cents / 100).toLocaleString("en-US");

/** A line's item: a custom one's name and price, or the product or option chosen from the lists. */
export function LineChoice<T extends FieldValues & { lines: LineDraft[] }>({
  control,
  kind,
  index: i,
  lists,
}: {
  control: Control<T>;
  kind: LineDraft["kind"];
  index: number;
  lists: PriceLists;
}) {
  const field = (name: keyof LineDraft) => `lines.${i}.${name}` as Path<T>;
  if (kind === "custom")
    return (
      <>
        <InputField control={control} name={field("name")} label={`Line ${i + 1}: custom item`} />
        <InputField control={control} name={field("unitPrice")} label="Unit price ($)" inputMode="decimal" />
      </>
    );
  const choices = kind === "product" ? (lists?.products ?? []) : (lists?.options.filter((o) => o.active) ?? []);
  return (
    <SelectField
      control={control}
      name={field("refId")}
      label={`Line ${i + 1}: ${kind === "product" ? "catalog product" : "option"}`}
      className="sm:col-span-2"
    >
      <option value="">Choose…</option>
      {choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name} (${dollarsOf(c.priceCents)})
        </option>
      ))}
    </SelectField>
  );
}
