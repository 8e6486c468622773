// A payment schedule as staff set it, in the business settings and on a proposal: a choice between the
// schedule that applies otherwise (the field is null) and the form's own milestones (a name, a whole percent
// and the stage it falls due at), their sum, and what they take of an example order. The form checks them
// with the shared paymentSchedule schema; the API's issues ("paymentSchedule.1.percent") land on their fields.
import {
  MAX_MILESTONES,
  MILESTONE_DUE,
  MILESTONE_DUE_LABELS,
  type PaymentMilestone,
} from "@ch/contracts/payment-schedule";
import { splitMilestones } from "@ch/contracts/totals";
import { type ReactNode, useRef } from "react";
import {
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type UseFormSetValue,
  useFieldArray,
  useFormState,
  useWatch,
} from "react-hook-form";
import { asNumber, InputField, SelectField } from "../../components/form";
import { Options } from "../../components/form-field";
import { formatCents } from "../../lib/format";

const EXAMPLE_TOTAL_CENTS = 10_000_000;

interface ScheduleFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's field holding the milestones, or null for the schedule that applies otherwise. */
  name: Path<T>;
}

/**
 * The choice between `inherited` (the field is null; `children` show under it) and `own` milestones. Choosing
 * `own` starts from the milestones typed before, or `startWith()`.
 */
export function ScheduleChoice<T extends FieldValues>({
  control,
  name,
  setValue,
  legend,
  inherited,
  own,
  startWith,
  children,
}: ScheduleFieldProps<T> & {
  setValue: UseFormSetValue<T>;
  legend: string;
  inherited: string;
  own: string;
  startWith: () => PaymentMilestone[];
  children?: ReactNode;
}) {
  const milestones = useWatch({ control, name }) as PaymentMilestone[] | null;
  const typed = useRef<PaymentMilestone[] | null>(null);
  const choose = (ownChosen: boolean) => {
    if (ownChosen === (milestones !== null)) return;
    if (!ownChosen) typed.current = milestones;
    const next = ownChosen ? (typed.current ?? startWith()) : null;
    setValue(name, next as PathValue<T, Path<T>>, { shouldDirty: true });
  };
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="field-label">{legend}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {[false, true].map((ownChoice) => (
            <label key={String(ownChoice)} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                className="size-4"
                checked={(milestones !== null) === ownChoice}
                onChange={() => choose(ownChoice)}
              />
              {ownChoice ? own : inherited}
            </label>
          ))}
        </div>
      </fieldset>
      {milestones === null ? children : <ScheduleEditor control={control} name={name} />}
    </div>
  );
}

/** The milestones, one row each (1 to MAX_MILESTONES), their sum and an example split. */
export function ScheduleEditor<T extends FieldValues>({ control, name }: ScheduleFieldProps<T>) {
  const rows = useFieldArray({ control, name: name as ArrayPath<T> });
  const milestones = (useWatch({ control, name }) ?? []) as PaymentMilestone[];
  const { errors } = useFormState({ control, name });
  const sum = milestones.reduce((s, m) => s + (Number.isFinite(m.percent) ? m.percent : 0), 0);
  // the list's own error is the sum's (the rows keep it from having too few or too many): a change to a
  // percent checks that percent only, so the message would outlive a sum put right
  const listError = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const problem = sum === 100 ? undefined : (listError?.root?.message ?? listError?.message);
  const field = (i: number, key: keyof PaymentMilestone) => `${name}.${i}.${key}` as Path<T>;
  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {rows.fields.map((row, i) => (
          <li key={row.id}>
            <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-start">
              <legend className="px-1 text-sm font-semibold text-slate-800">Milestone {i + 1}</legend>
              <InputField control={control} name={field(i, "label")} label="Name" maxLength={60} />
              <InputField
                control={control}
                name={field(i, "percent")}
                label="Percent (%)"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                {...asNumber}
              />
              <SelectField control={control} name={field(i, "dueOn")} label="Due">
                <Options values={MILESTONE_DUE} label={(due) => MILESTONE_DUE_LABELS[due]} />
              </SelectField>
              <button
                type="button"
                className="btn-secondary sm:mt-6"
                disabled={rows.fields.length <= 1}
                onClick={() => rows.remove(i)}
              >
                Remove milestone {i + 1}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <p className={`text-sm ${sum === 100 ? "text-slate-700" : "text-red-700"}`} data-testid="schedule-sum">
        The percents add up to {sum} %{sum === 100 ? "." : " (they must add up to 100)."}
      </p>
      {problem ? (
        <p className="text-sm text-red-700" data-testid="schedule-problem">
          {problem}
        </p>
      ) : null}
      {sum === 100 ? <ExampleSplit milestones={milestones} /> : null}
      <button
        type="button"
        className="btn-secondary"
        disabled={rows.fields.length >= MAX_MILESTONES}
        onClick={() =>
          rows.append({ label: "", percent: Number.NaN, dueOn: "delivered" } as FieldArray<T, ArrayPath<T>>)
        }
      >
        Add milestone
      </button>
    </div>
  );
}

/** What each milestone takes of a $100,000 order (split by the same rule as the invoices). */
export function ExampleSplit({ milestones }: { milestones: readonly PaymentMilestone[] }) {
  const amounts = splitMilestones(EXAMPLE_TOTAL_CENTS, milestones);
  const parts = milestones.map(
    (m, i) => `${m.label.trim() || `milestone ${i + 1}`} ${formatCents(amounts[i]!)} ${MILESTONE_DUE_LABELS[m.dueOn]}`,
  );
  return (
    <p className="text-sm text-slate-600" data-testid="schedule-example">
      On a {formatCents(EXAMPLE_TOTAL_CENTS)} order: {parts.join(", ")}.
    </p>
  );
}
