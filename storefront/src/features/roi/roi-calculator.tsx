import { computeRoi, defaultRoiInputs, ROI_SLIDERS, type RoiInputs } from "@ch/api/contracts/roi";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { HydratedFieldset } from "../../components/hydrated-fieldset";
import { buttonClass, TextField } from "../../components/ui";
import { postJson } from "../../lib/api";
import { formatNumber, formatPrice } from "../../lib/format";
import { useHydrated } from "../../lib/hydrated";
import { toast } from "../../lib/toast";
import { roiSavePayload } from "./roi-model";

const SLIDERS: { key: keyof RoiInputs; label: string; format: (n: number) => string }[] = [
  { key: "investment", label: "Initial Investment", format: formatPrice },
  { key: "rentPerDay", label: "Rent per Day", format: formatPrice },
  { key: "occupancyDays", label: "Occupancy (days per month)", format: (n) => `${n} days` },
  { key: "monthlyExpenses", label: "Monthly Expenses", format: formatPrice },
];

const RANGE = {
  investment: ROI_SLIDERS.investment,
  rentPerDay: ROI_SLIDERS.rentPerDay,
  occupancyDays: ROI_SLIDERS.occupancyDays,
  monthlyExpenses: ROI_SLIDERS.monthlyExpenses,
};

function Slider({
  spec,
  value,
  onChange,
}: {
  spec: (typeof SLIDERS)[number];
  value: number;
  onChange: (n: number) => void;
}) {
  const id = useId();
  const range = RANGE[spec.key];
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
  const [inputs, setInputs] = useState<RoiInputs>(defaultRoiInputs);
  const [email, setEmail] = useState("");
  const figures = computeRoi(inputs);

  const save = useMutation({
    mutationFn: () => postJson("/api/roi", roiSavePayload(inputs, email)),
    onSuccess: () =>
      toast({ title: "Analysis Saved", description: "Your ROI calculation has been saved successfully." }),
    onError: () =>
      toast({
        title: "Error",
        description: "Failed to save your calculation. Please try again.",
        variant: "destructive",
      }),
  });

  return (
    <div className="grid gap-8 rounded-3xl bg-slate-900 p-6 text-white shadow-xl sm:p-10 lg:grid-cols-5">
      <div className="space-y-6 lg:col-span-3">
        {SLIDERS.map((spec) => (
          <Slider
            key={spec.key}
            spec={spec}
            value={inputs[spec.key]}
            onChange={(n) => setInputs((current) => ({ ...current, [spec.key]: n }))}
          />
        ))}
      </div>
      <div className="flex flex-col rounded-2xl bg-slate-800 p-6 lg:col-span-2">
        <p className="text-sm text-slate-300">Monthly rental income</p>
        <p className="mt-1 text-4xl font-bold text-amber-400" data-testid="roi-income">
          {formatPrice(figures.monthlyIncome)}
        </p>
        <p className="mt-4 text-lg font-semibold" data-testid="roi-payback">
          {figures.paybackMonths > 0
            ? `Expected return: ${formatNumber(figures.paybackMonths)} months`
            : "Expected return: not reached at these figures"}
        </p>
        <p className="mt-1 text-sm text-slate-300">
          Net yearly gain {formatPrice(figures.yearlyGain)} ({figures.roiPercent.toFixed(1)}% per year)
        </p>
        <form
          className="mt-6 space-y-3 [&_label]:text-slate-200"
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
              onChange={(event) => setEmail(event.target.value)}
            />
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
