// The business settings: company details, opening hours, warranty, lead times, cancellation terms,
// deposit, bank transfer details and social links. Validated here with the API's own schema (the server
// validates again), saved in one write; every storefront page, chat answer, e-mail and JSON-LD block
// shows the change at once.
import {
  cancellationTerms,
  SOCIAL_NETWORKS,
  TIME_ZONES,
  type TimeZoneId,
  WEEKDAYS,
  type Weekday,
} from "@ch/api/contracts/business-facts";
import {
  type BusinessSettingsDto,
  type BusinessSettingsInput,
  businessSettingsInput,
} from "@ch/api/contracts/settings";
import { splitDeposit } from "@ch/api/contracts/totals";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { LoadError } from "../../components/card";
import { formatDateTime } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";

type Errors = Record<string, string>;

function toInput(settings: BusinessSettingsDto): BusinessSettingsInput {
  const { updatedAt: _updatedAt, ...input } = settings;
  return structuredClone(input);
}

/** The issues of a refused save, keyed by field path ("company.phone"), from zod or the server. */
function issuesOf(error: unknown): Errors {
  const found: Errors = {};
  const issues =
    (error as { issues?: unknown }).issues ??
    (error as { data?: { issues?: unknown } }).data?.issues ??
    (error as { shape?: { data?: { issues?: unknown } } }).shape?.data?.issues;
  if (Array.isArray(issues)) {
    for (const issue of issues as { path: (string | number)[]; message: string }[]) {
      const key = issue.path.join(".");
      found[key] ??= issue.message;
    }
  }
  return found;
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({
        id,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {intro && <p className="mb-4 text-sm text-slate-600">{intro}</p>}
      {children}
    </fieldset>
  );
}

const usd = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });

function SettingsForm({ settings }: { settings: BusinessSettingsDto }) {
  const toast = useToast();
  const [form, setForm] = useState<BusinessSettingsInput>(() => toInput(settings));
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.settings.get.queryKey(), saved);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.audit.queryKey() });
        setErrors({});
        toast({
          title: "Settings Saved",
          description: "The storefront, chat, e-mails and structured data show them now.",
        });
      },
      onError: (error) => {
        setErrors(issuesOf(error));
        toast({
          title: "Settings Not Saved",
          description: errorMessage(error, "Check the form"),
          variant: "destructive",
        });
      },
    }),
  );

  const update = (change: (draft: BusinessSettingsInput) => void) =>
    setForm((current) => {
      const next = structuredClone(current);
      change(next);
      return next;
    });
  /** Sets the value at a dotted path ("company.phone"). */
  const setAt = (path: string, value: unknown) =>
    update((draft) => {
      const keys = path.split(".");
      let target = draft as unknown as Record<string, unknown>;
      for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
      target[keys.at(-1)!] = value;
    });
  const valueAt = (path: string): unknown =>
    path.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], form);
  const err = (path: string) => errors[path];
  const fieldId = (path: string) => `settings-${path.replace(/\./g, "-")}`;
  const text = (path: string, label: string, props: Record<string, string> = {}) => (
    <Field key={path} id={fieldId(path)} label={label} error={err(path)}>
      {(ids) => (
        <input
          {...ids}
          className="field-input"
          value={String(valueAt(path) ?? "")}
          onChange={(e) => setAt(path, e.target.value)}
          {...props}
        />
      )}
    </Field>
  );
  const number = (path: string, label: string, props: Record<string, string> = {}) => {
    const value = valueAt(path) as number;
    return (
      <Field key={path} id={fieldId(path)} label={label} error={err(path)}>
        {(ids) => (
          <input
            {...ids}
            type="number"
            inputMode="decimal"
            className="field-input"
            value={Number.isFinite(value) ? value : ""}
            onChange={(e) => setAt(path, e.target.value === "" ? Number.NaN : Number(e.target.value))}
            {...props}
          />
        )}
      </Field>
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = businessSettingsInput.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error));
      toast({
        title: "Check the Form",
        description: `${parsed.error.issues.length} field(s) need attention.`,
        variant: "destructive",
      });
      return;
    }
    save.mutate(form);
  };

  const example = splitDeposit(10_000_000, Number.isFinite(form.depositPercent) ? form.depositPercent : 0);
  // the sentences the pages and e-mails will show, while the values make sense
  const c = form.cancellation;
  const terms = [c.fullRefundHours, c.feeCents, c.restockingFeePercent].every((n) => Number.isFinite(n) && n >= 0)
    ? cancellationTerms(c)
    : null;

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-6">
      <Section title="Company" intro="Shown on every page, in e-mails and in the LocalBusiness structured data.">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("company.name", "Company name")}
          {text("company.phone", "Phone", { type: "tel" })}
          {text("company.email", "E-mail", { type: "email" })}
          {text("company.street", "Street")}
          {text("company.city", "City")}
          {text("company.region", "State")}
          {text("company.postalCode", "ZIP code", { inputMode: "numeric" })}
          <div className="grid grid-cols-2 gap-4">
            {number("company.latitude", "Latitude", { step: "any" })}
            {number("company.longitude", "Longitude", { step: "any" })}
          </div>
        </div>
      </Section>

      <Section title="Opening hours" intro="Days not listed are shown as closed.">
        <div className="space-y-4">
          {form.openingHours.map((row, i) => (
            <div
              // rows have no identity of their own; the index is their position in the list
              key={i}
              className="rounded-lg border border-slate-200 p-4"
            >
              <fieldset>
                <legend className="field-label">Days of row {i + 1}</legend>
                <div className="flex flex-wrap gap-3">
                  {WEEKDAYS.map((day) => (
                    <label key={day} className="flex items-center gap-1.5 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        checked={row.days.includes(day)}
                        onChange={(e) =>
                          update((d) => {
                            const r = d.openingHours[i]!;
                            r.days = e.target.checked
                              ? WEEKDAYS.filter((w) => w === day || r.days.includes(w))
                              : r.days.filter((w: Weekday) => w !== day);
                          })
                        }
                      />
                      {day.slice(0, 3)}
                    </label>
                  ))}
                </div>
                {err(`openingHours.${i}.days`) && (
                  <p className="mt-1 text-sm text-red-700">{err(`openingHours.${i}.days`)}</p>
                )}
              </fieldset>
              <div className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 sm:items-end">
                {text(`openingHours.${i}.opens`, "Opens", { type: "time" })}
                {text(`openingHours.${i}.closes`, "Closes", { type: "time" })}
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() =>
                    update((d) => {
                      d.openingHours.splice(i, 1);
                    })
                  }
                >
                  Remove row {i + 1}
                </button>
              </div>
            </div>
          ))}
          {err("openingHours") && <p className="text-sm text-red-700">{err("openingHours")}</p>}
          <div className="flex flex-wrap items-end gap-4">
            <button
              type="button"
              className="btn-secondary"
              disabled={form.openingHours.length >= 7}
              onClick={() =>
                update((d) => {
                  d.openingHours.push({ days: [], opens: "09:00", closes: "17:00" });
                })
              }
            >
              Add hours
            </button>
            <Field id="settings-timeZone" label="Time zone" error={err("timeZone")}>
              {(ids) => (
                <select
                  {...ids}
                  className="field-input"
                  value={form.timeZone}
                  onChange={(e) => setAt("timeZone", e.target.value as TimeZoneId)}
                >
                  {Object.entries(TIME_ZONES).map(([id, label]) => (
                    <option key={id} value={id}>
                      {label} ({id})
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </div>
      </Section>

      <Section title="Warranty" intro="Years of cover, counted from delivery.">
        <div className="grid gap-4 sm:grid-cols-4">
          {number("warranty.structuralYears", "Structural (years)")}
          {number("warranty.systemsYears", "Systems (years)")}
          {number("warranty.finishYears", "Finish (years)")}
          {number("warranty.installationYears", "Installation (years)")}
        </div>
      </Section>

      <Section
        title="Lead times"
        intro="Production in the factory, and the delivery window, counted from the deposit or from the order."
      >
        <div className="grid gap-4 sm:grid-cols-4">
          {number("production.minWeeks", "Production from (weeks)")}
          {number("production.maxWeeks", "Production to (weeks)")}
          {number("delivery.minWeeks", "Delivery from (weeks)")}
          {number("delivery.maxWeeks", "Delivery to (weeks)")}
          <Field id="settings-delivery-countedFrom" label="Delivery counted from" error={err("delivery.countedFrom")}>
            {(ids) => (
              <select
                {...ids}
                className="field-input"
                value={form.delivery.countedFrom}
                onChange={(e) => setAt("delivery.countedFrom", e.target.value)}
              >
                <option value="deposit">The deposit</option>
                <option value="order">The order</option>
              </select>
            )}
          </Field>
        </div>
      </Section>

      <Section
        title="Cancellation terms"
        intro="What the terms, the return policy, checkout and the order e-mail say about cancelling an order."
      >
        <div className="grid gap-4 sm:grid-cols-3">
          {number("cancellation.fullRefundHours", "Full-refund window (hours)")}
          <Field
            id="settings-cancellation-feeCents"
            label="Fee before production ($)"
            error={err("cancellation.feeCents")}
            hint="After the window, until production starts; 0 for a full refund."
          >
            {(ids) => (
              <input
                {...ids}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                className="field-input"
                value={Number.isFinite(form.cancellation.feeCents) ? form.cancellation.feeCents / 100 : ""}
                onChange={(e) =>
                  setAt(
                    "cancellation.feeCents",
                    e.target.value === "" ? Number.NaN : Math.round(Number(e.target.value) * 100),
                  )
                }
              />
            )}
          </Field>
          {number("cancellation.restockingFeePercent", "Restocking fee once production starts (%)")}
        </div>
        {terms ? (
          <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-600" data-testid="cancellation-preview">
            {[terms.window, terms.beforeProduction, terms.inProduction].filter(Boolean).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </Section>

      <Section
        title="Bank transfer"
        intro="Shown with each order's payment reference and amount on the customer's confirmation page, order page and e-mails (never on public pages). Give all four, or leave all four empty: customers are then told the details follow by e-mail."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {text("bankTransfer.bankName", "Bank name")}
          {text("bankTransfer.accountName", "Account name")}
          {text("bankTransfer.routingNumber", "Routing number (ABA)", { inputMode: "numeric", autoComplete: "off" })}
          {text("bankTransfer.accountNumber", "Account number", { inputMode: "numeric", autoComplete: "off" })}
        </div>
      </Section>

      <Section
        title="Deposit"
        intro="Part of the order total paid when the order is placed; the rest is due on delivery. Orders keep the deposit they were placed with."
      >
        <div className="grid gap-4 sm:grid-cols-3 sm:items-end">
          {number("depositPercent", "Deposit (% of the total)")}
          <p className="text-sm text-slate-600 sm:col-span-2" data-testid="deposit-example">
            On a $100,000.00 order: {usd(example.depositCents)} now, {usd(example.balanceCents)} on delivery.
          </p>
        </div>
      </Section>

      <Section title="Social links" intro="Full https:// addresses; linked from the footer and the structured data.">
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map(([key, label]) =>
            text(`social.${key}`, label, {
              type: "url",
              placeholder: `https://www.${key}.com/…`,
            }),
          )}
        </div>
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Settings"}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setForm(toInput(settings));
            setErrors({});
          }}
        >
          Discard Changes
        </button>
      </div>
    </form>
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
