// The business settings: company details, opening hours, warranty, lead times, cancellation terms,
// bank transfer details, the payment schedule (a deposit and the balance, or milestones) and social links. Validated here with the API's own schema (the server
// validates again), saved in one write; every storefront page, chat answer, e-mail and JSON-LD block
// shows the change at once.
import { cancellationTerms, SOCIAL_NETWORKS, TIME_ZONES, WEEKDAYS, type Weekday } from "@ch/contracts/business-facts";
import { businessSettingsInput } from "@ch/contracts/settings";
import { defaultMilestones } from "@ch/contracts/totals";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type UseFormSetValue, useFieldArray, useFormState, useWatch } from "react-hook-form";
import { LoadError } from "../../components/card";
import { SelectField, useApiForm, useChecklist } from "../../components/form";
import { SubmitButton } from "../../components/submit-button";
import { formatDateTime } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";
import { ExampleSplit, ScheduleChoice } from "../payments/schedule-editor";
import {
  BANK,
  COMPANY,
  COORDINATE_FIELDS,
  Fields,
  FieldsSection,
  fieldId,
  LEAD_TIMES,
  Num,
  Section,
  type Settings,
  type SettingsControl,
  Text,
  WARRANTY,
} from "./settings-fields";

type StoredSettings = RouterOutputs["settings"]["get"];

function toInput(settings: StoredSettings): Settings {
  const { updatedAt: _updatedAt, ...input } = settings;
  return structuredClone(input);
}

function SettingsForm({ settings }: { settings: StoredSettings }) {
  const toast = useToast();
  const failed = useFailureToast();
  const form = useApiForm<Settings>({ schema: businessSettingsInput, defaultValues: toInput(settings), toasted: true });
  const save = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.settings.get.queryKey(), saved);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.audit.queryKey() });
        toast({
          title: "Settings Saved",
          description: "The storefront, chat, e-mails and structured data show them now.",
        });
      },
      onError: failed("Settings Not Saved", "Check the form"),
    }),
  );
  const submit = form.submit((values) => save.mutateAsync(values), {
    invalid: () => {
      const issues = businessSettingsInput.safeParse(form.getValues()).error?.issues.length ?? 0;
      toast({ title: "Check the Form", description: `${issues} field(s) need attention.`, variant: "destructive" });
    },
  });
  const { control } = form;
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-6">
      <FieldsSection control={control} section={COMPANY}>
        <div className="grid grid-cols-2 gap-4">
          <Fields control={control} fields={COORDINATE_FIELDS} />
        </div>
      </FieldsSection>
      <HoursSection control={control} />
      <FieldsSection control={control} section={WARRANTY} />
      <FieldsSection control={control} section={LEAD_TIMES}>
        <SelectField
          control={control}
          name="delivery.countedFrom"
          id={fieldId("delivery.countedFrom")}
          label="Delivery counted from"
        >
          <option value="deposit">The deposit</option>
          <option value="order">The order</option>
        </SelectField>
      </FieldsSection>
      <CancellationSection control={control} />
      <FieldsSection control={control} section={BANK} />
      <PaymentScheduleSection control={control} setValue={form.setValue} />
      <Section title="Social links" intro="Full https:// addresses; linked from the footer and the structured data.">
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map(([key, label]) => (
            <Text
              key={key}
              control={control}
              path={`social.${key}`}
              label={label}
              type="url"
              placeholder={`https://www.${key}.com/…`}
            />
          ))}
        </div>
      </Section>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={save.isPending} label="Save Settings" pendingLabel="Saving..." />
        <button type="button" className="btn-secondary" onClick={() => form.reset(toInput(settings))}>
          Discard Changes
        </button>
      </div>
    </form>
  );
}

function HoursSection({ control }: { control: SettingsControl }) {
  const rows = useFieldArray({ control, name: "openingHours" });
  const { errors } = useFormState({ control, name: "openingHours" });
  const listError = errors.openingHours as { message?: string; root?: { message?: string } } | undefined;
  const problem = listError?.root?.message ?? listError?.message;
  return (
    <Section title="Opening hours" intro="Days not listed are shown as closed.">
      <div className="space-y-4">
        {rows.fields.map((row, i) => (
          <HoursRow key={row.id} control={control} index={i} onRemove={() => rows.remove(i)} />
        ))}
        {problem && <p className="text-sm text-red-700">{problem}</p>}
        <div className="flex flex-wrap items-end gap-4">
          <button
            type="button"
            className="btn-secondary"
            disabled={rows.fields.length >= 7}
            onClick={() => rows.append({ days: [], opens: "09:00", closes: "17:00" })}
          >
            Add hours
          </button>
          <SelectField control={control} name="timeZone" id={fieldId("timeZone")} label="Time zone">
            {Object.entries(TIME_ZONES).map(([id, label]) => (
              <option key={id} value={id}>
                {label} ({id})
              </option>
            ))}
          </SelectField>
        </div>
      </div>
    </Section>
  );
}

function HoursRow({ control, index: i, onRemove }: { control: SettingsControl; index: number; onRemove: () => void }) {
  const days = useChecklist<Settings, Weekday>(control, `openingHours.${i}.days`, WEEKDAYS);
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <fieldset>
        <legend className="field-label">Days of row {i + 1}</legend>
        <div className="flex flex-wrap gap-3">
          {WEEKDAYS.map((day, d) => (
            <label key={day} className="flex items-center gap-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                ref={d === 0 ? days.ref : undefined}
                checked={days.has(day)}
                onChange={(e) => days.toggle(day, e.target.checked)}
              />
              {day.slice(0, 3)}
            </label>
          ))}
        </div>
        {days.error && <p className="mt-1 text-sm text-red-700">{days.error}</p>}
      </fieldset>
      <div className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 sm:items-end">
        <Text control={control} path={`openingHours.${i}.opens`} label="Opens" type="time" />
        <Text control={control} path={`openingHours.${i}.closes`} label="Closes" type="time" />
        <button type="button" className="btn-secondary" onClick={onRemove}>
          Remove row {i + 1}
        </button>
      </div>
    </div>
  );
}

// the fee is typed in dollars and kept in cents
const dollarsOfCents = {
  parse: (raw: string) => (raw === "" ? Number.NaN : Math.round(Number(raw) * 100)),
  format: (cents: unknown) => (typeof cents === "number" && Number.isFinite(cents) ? String(cents / 100) : ""),
};

function CancellationSection({ control }: { control: SettingsControl }) {
  const c = useWatch({ control, name: "cancellation" });
  // the sentences the pages and e-mails will show, while the values make sense
  const terms = [c.fullRefundHours, c.feeCents, c.restockingFeePercent].every((n) => Number.isFinite(n) && n >= 0)
    ? cancellationTerms(c)
    : null;
  return (
    <Section
      title="Cancellation terms"
      intro="What the terms, the return policy, checkout and the order e-mail say about cancelling an order."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Num control={control} path="cancellation.fullRefundHours" label="Full-refund window (hours)" />
        <Text
          control={control}
          path="cancellation.feeCents"
          label="Fee before production ($)"
          hint="After the window, until production starts; 0 for a full refund."
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          {...dollarsOfCents}
        />
        <Num
          control={control}
          path="cancellation.restockingFeePercent"
          label="Restocking fee once production starts (%)"
        />
      </div>
      {terms ? (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-600" data-testid="cancellation-preview">
          {[terms.window, terms.beforeProduction, terms.inProduction].filter(Boolean).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

function PaymentScheduleSection({
  control,
  setValue,
}: {
  control: SettingsControl;
  setValue: UseFormSetValue<Settings>;
}) {
  const percent = useWatch({ control, name: "depositPercent" });
  return (
    <Section
      title="Payment schedule"
      intro="How orders and proposals are invoiced, unless a proposal sets its own: each part is an invoice that falls due when the build reaches its stage. Orders keep the schedule they were placed with."
    >
      <ScheduleChoice
        control={control}
        name="paymentSchedule"
        setValue={setValue}
        legend="Invoice orders by"
        inherited="Deposit and balance"
        own="Milestones"
        startWith={() => defaultMilestones(percent)}
      >
        <div className="grid gap-4 sm:grid-cols-3 sm:items-end">
          <Num control={control} path="depositPercent" label="Deposit (% of the total)" />
          <p className="text-sm text-slate-600 sm:col-span-2">The deposit on acceptance; the rest on delivery.</p>
        </div>
        {Number.isFinite(percent) ? <ExampleSplit milestones={defaultMilestones(percent)} /> : null}
      </ScheduleChoice>
    </Section>
  );
}

export function SettingsScreen() {
  const settings = useQuery(trpc.settings.get.queryOptions());
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900">Business Settings</h1>
      <p className="mt-1 text-sm text-slate-600">
        The facts every page, chat answer, policy, e-mail and search listing states.
        {settings.data?.updatedAt ? ` Last changed ${formatDateTime(settings.data.updatedAt)}.` : ""}
      </p>
      {settings.error && <LoadError message={errorMessage(settings.error, "The settings could not be loaded.")} />}
      {settings.isPending && <p className="mt-4 text-sm text-slate-600">Loading…</p>}
      {settings.data && <SettingsForm key={settings.data.updatedAt ?? "new"} settings={settings.data} />}
    </div>
  );
}
