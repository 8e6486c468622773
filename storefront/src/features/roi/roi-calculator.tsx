import {
  clampToRange,
  computeRoi,
  defaultRoiInputs,
  investmentRange,
  paybackText,
  ROI_INPUT_TEXT,
  ROI_SLIDERS,
  type RoiInputs,
  roiDollars,
  type SliderRange,
  yearlyGainText,
} from "@ch/contracts/roi";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { HydratedFieldset } from "../../components/hydrated-fieldset";
import { buttonClass, FormMessage, TextField } from "../../components/ui";
import { formErrors, useFormErrors } from "../../lib/form-errors";
import { useHydrated } from "../../lib/hydrated";
import { productsQuery } from "../../lib/queries";
import { toast } from "../../lib/toast";
import { trpcClient } from "../../lib/trpc";
import { roiSavePayload } from "./roi-model";

// the figures read as the ROI e-mail quotes them: both word them with the contracts' functions
const SLIDERS: { key: keyof RoiInputs; label: string; format: (n: number) => string }[] = [
  { key: "investment", label: "Initial Investment", format: ROI_INPUT_TEXT.investment },
  { key: "rentPerDay", label: "Rent per Day", format: ROI_INPUT_TEXT.rentPerDay },
  { key: "occupancyDays", label: "Occupancy (days per month)", format: ROI_INPUT_TEXT.occupancyDays },
  { key: "monthlyExpenses", label: "Monthly Expenses", format: ROI_INPUT_TEXT.monthlyExpenses },
];

function Slider({
  spec,
  range,
  value,
  onChange,
}: {
  spec: (typeof SLIDERS)[number];
  range: SliderRange;
  value: number;
  onChange: (n: number) => void;
}) {
  const id = useId();
  // a server-rendered slider moved before hydration would show a value the figures ignore
  const hydrated = useHydrated();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-200">
          {spec.label}
        </label>
        <output htmlFor={id} className="font-semibold text-amber-400">
          {spec.format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={spec.format(value)}
        disabled={!hydrated}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 w-full accent-amber-500"
      />
      <div className="mt-1 flex justify-between text-xs text-slate-400">
        <span>{spec.format(range.min)}</span>
        <span>{spec.format(range.max)}</span>
      </div>
    </div>
  );
}

export function RoiCalculator() {
  // the investment starts no higher than the cheapest published home (the home page loads the catalog)
  const catalog = useQuery(productsQuery());
  const ranges: Record<keyof RoiInputs, SliderRange> = {
    ...ROI_SLIDERS,
    investment: investmentRange(catalog.data?.map((p) => p.price) ?? []),
  };
  const [chosen, setInputs] = useState<RoiInputs>(defaultRoiInputs);
  const [email, setEmail] = useState("");
  const { errors, setErrors, clear, edited } = useFormErrors();
  // a default (or an earlier choice) outside the catalog's range is shown and saved at the nearest end
  const inputs = { ...chosen, investment: clampToRange(chosen.investment, ranges.investment) };
  const figures = computeRoi(inputs);

  const save = useMutation({
    mutationFn: () => trpcClient.leads.saveRoi.mutate(roiSavePayload(inputs, email)),
    onSuccess: () => {
      clear();
      toast({ title: "Analysis Saved", description: "Your ROI calculation has been saved successfully." });
    },
    onError: (error) =>
      setErrors(formErrors(error, ["email"], "We couldn't save your calculation just now. Please try again.")),
  });

  return (
    <div className="grid gap-8 rounded-3xl bg-slate-900 p-6 text-white shadow-xl sm:p-10 lg:grid-cols-5">
      <div className="space-y-6 lg:col-span-3">
        {SLIDERS.map((spec) => (
          <Slider
            key={spec.key}
            spec={spec}
            range={ranges[spec.key]}
            value={inputs[spec.key]}
            onChange={(n) => setInputs((current) => ({ ...current, [spec.key]: n }))}
          />
        ))}
      </div>
      <div className="flex flex-col rounded-2xl bg-slate-800 p-6 lg:col-span-2">
        <p className="text-sm text-slate-300">Monthly rental income</p>
        <p className="mt-1 text-4xl font-bold text-amber-400" data-testid="roi-income">
          {roiDollars(figures.monthlyIncome)}
        </p>
        <p className="mt-4 text-lg font-semibold" data-testid="roi-payback">
          {paybackText(figures)}
        </p>
        <p className="mt-1 text-sm text-slate-300">{yearlyGainText(figures)}</p>
        <form
          className="mt-6 space-y-3 [&_[data-testid=field-error]]:text-red-300 [&_label]:text-slate-200"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <HydratedFieldset legend="Your rental figures">
            <TextField
              label="Email (optional)"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                edited("email");
              }}
              error={errors.fields.email}
            />
            <FormMessage message={errors.message} />
            <button type="submit" className={`${buttonClass.primary} w-full`} disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Analysis"}
            </button>
          </HydratedFieldset>
        </form>
        <p className="mt-4 text-xs text-slate-400">
          These values are estimates only and are not a guarantee of rental income or return.
        </p>
      </div>
    </div>
  );
}
