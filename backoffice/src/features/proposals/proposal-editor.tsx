// The proposal editor: customer, lines (catalog products, options from the price list, custom lines),
// delivery (the band of the ZIP's distance from the yard, or one staff choose), discount, tax state, validity,
// terms, and the payment schedule (the business settings', or the proposal's own milestones). It sends
// inputs only: the server prices every figure (and refuses a total sent by a client). The running total is
// the server's too: the pricing fields go to proposals.preview (the same engine as saving) a moment after
// each change; the saved version's figures show after saving.
import { US_STATES } from "@ch/contracts/constants";
import type { PaymentMilestone } from "@ch/contracts/payment-schedule";
import type { ProposalInput, ProposalPreviewInput } from "@ch/contracts/proposals";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Control, UseFormSetValue } from "react-hook-form";
import { FormMessage, InputField, SelectField, TextareaField, useApiForm } from "../../components/form";
import { issuesOf } from "../../components/form-field";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc, trpcClient } from "../../lib/trpc";
import { ScheduleChoice } from "../payments/schedule-editor";
import { dollarsOf, LineFields, type PriceLists } from "./line-choice";
import { draftField, draftSchema, type EditorDraft, lineIsComplete, toInput, toPreview } from "./proposal-draft";
import { ProposalFigures } from "./proposal-figures";

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const stateName = (code: string) => `${US_STATES[code] ?? code} (${code})`;

type DraftControl = Control<EditorDraft>;

export function ProposalEditor({
  id,
  initial,
  onSaved,
  onCancel,
}: {
  id: number | null;
  initial: EditorDraft;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const form = useApiForm<EditorDraft>({
    schema: draftSchema,
    defaultValues: initial,
    toField: draftField,
    toasted: true,
  });
  const lists = useQuery(trpc.proposals.priceLists.queryOptions());
  const addProduct = useRef<HTMLButtonElement>(null);
  const save = useMutation({
    mutationFn: (input: ProposalInput) =>
      id === null
        ? trpcClient.proposals.create.mutate(input)
        : trpcClient.proposals.update.mutate({ id, proposal: input }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: trpc.proposals.list.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.proposals.byId.queryKey({ id: saved.id }) });
      toast({ title: "Proposal saved" });
      onSaved(saved.id);
    },
    // a refused field is named next to it; the toast only says where to look
    onError: (error) =>
      toast(
        Object.keys(issuesOf(error)).length > 0
          ? {
              title: "The proposal was not saved",
              description: "Check the fields marked below.",
              variant: "destructive",
            }
          : { title: errorMessage(error, "The proposal could not be saved"), variant: "destructive" },
      ),
  });
  const submit = form.submit((draft) => save.mutateAsync(toInput(draft)), {
    invalid: (errors) => {
      if (errors.lines?.root ?? errors.lines?.message) addProduct.current?.focus();
    },
  });
  const { control } = form;
  const draft = form.watch();
  const preview = usePreview(draft);
  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Proposal editor">
      <CustomerFields control={control} />
      <LineFields
        control={control}
        lists={lists.data}
        kinds={["product", "option", "custom"]}
        idPrefix="proposal"
        firstAdd={addProduct}
      />
      <TermsFields control={control} lists={lists.data} />
      <ScheduleFields control={control} setValue={form.setValue} shown={preview.data?.paymentSchedule} />
      <FormMessage message={form.message} />
      <RunningTotal draft={draft} preview={preview} />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : id === null ? "Create proposal" : "Save changes"}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function CustomerFields({ control }: { control: DraftControl }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold text-slate-900">Customer</legend>
      <InputField control={control} name="customerName" label="Customer name" />
      <InputField control={control} name="email" label="Email" type="email" />
      <InputField control={control} name="phone" label="Phone" />
      <InputField control={control} name="address" label="Address" />
      <InputField control={control} name="city" label="City" />
      <div className="grid grid-cols-2 gap-4">
        <SelectField control={control} name="state" label="State" hint="Where the home is delivered">
          {Object.keys(US_STATES).map((code) => (
            <option key={code} value={code}>
              {stateName(code)}
            </option>
          ))}
        </SelectField>
        <InputField control={control} name="zipCode" label="ZIP code" />
      </div>
    </fieldset>
  );
}

function TermsFields({ control, lists }: { control: DraftControl; lists: PriceLists }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-base font-semibold text-slate-900">Delivery, discount, tax and terms</legend>
      <SelectField
        control={control}
        name="deliveryBandId"
        label="Delivery"
        hint="By the ZIP's distance unless you choose a band"
      >
        <option value="">By the ZIP code (none without one)</option>
        {lists?.bands.map((b) => (
          <option key={b.id} value={b.id}>
            {b.label}: ${dollarsOf(b.feeCents)}
            {b.perUnit ? " per unit" : ""}
          </option>
        ))}
      </SelectField>
      <InputField control={control} name="discount" label="Discount ($)" />
      <SelectField control={control} name="taxState" label="Tax state" hint="The delivery state when empty">
        <option value="">Delivery state</option>
        {lists?.taxRates
          .filter((r) => r.taxClass === "general")
          .map((r) => (
            <option key={r.state} value={r.state}>
              {stateName(r.state)}: {r.rateBasisPoints / 100}%
            </option>
          ))}
      </SelectField>
      <InputField control={control} name="validUntil" label="Valid until" type="date" />
      <TextareaField control={control} name="terms" label="Terms" rows={3} className="sm:col-span-3" />
    </fieldset>
  );
}

/**
 * The settings' schedule (or a deposit typed here, the rest on delivery), or the proposal's own milestones,
 * which start from the schedule the running total shows.
 */
function ScheduleFields({
  control,
  setValue,
  shown,
}: {
  control: DraftControl;
  setValue: UseFormSetValue<EditorDraft>;
  shown: PaymentMilestone[] | undefined;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-base font-semibold text-slate-900">Payment schedule</legend>
      <ScheduleChoice
        control={control}
        name="paymentSchedule"
        setValue={setValue}
        legend="Invoice this proposal by"
        inherited="Use the business settings' schedule"
        own="Own schedule"
        startWith={() =>
          shown?.map(({ label, percent, dueOn }) => ({ label, percent, dueOn })) ?? [
            { label: "Deposit", percent: 100, dueOn: "acceptance" },
          ]
        }
      >
        <InputField
          control={control}
          name="depositPercent"
          label="Deposit (%)"
          hint="Empty: the settings' schedule; a percent: that deposit, the rest on delivery"
          inputMode="numeric"
          className="sm:max-w-xs"
        />
      </ScheduleChoice>
    </fieldset>
  );
}

/** The server's figures for the draft's complete lines, asked a moment after the draft stops changing. */
function usePreview(draft: EditorDraft) {
  const previewInput = useSettled(JSON.stringify(toPreview(draft)), 350);
  return useQuery({
    ...trpc.proposals.preview.queryOptions(JSON.parse(previewInput) as ProposalPreviewInput),
    placeholderData: keepPreviousData,
  });
}

function RunningTotal({ draft, preview }: { draft: EditorDraft; preview: ReturnType<typeof usePreview> }) {
  return (
    <section
      aria-labelledby="running-total-title"
      aria-live="polite"
      className="rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="running-total-title" className="mb-2 text-base font-semibold text-slate-900">
        Running total <span className="text-sm font-normal text-slate-600">(priced by the server, not saved yet)</span>
      </h3>
      {preview.isError ? (
        <p className="text-sm text-red-700" data-testid="running-total-problem">
          No total yet: {previewProblem(preview.error)}
        </p>
      ) : preview.data ? (
        <>
          <ProposalFigures v={preview.data} testId="running-total" />
          {draft.lines.some((l) => !lineIsComplete(l)) ? (
            <p className="mt-2 text-xs text-slate-600">Lines still being filled in are not counted yet.</p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">Pricing…</p>
      )}
    </section>
  );
}

/** The running total's refusal in words: the field and the reason the server gave. */
function previewProblem(error: unknown): string {
  const issues = Object.entries(issuesOf(error));
  const labels: Record<string, string> = {
    zipCode: "ZIP code",
    state: "State",
    taxState: "Tax state",
    discountCents: "Discount",
    depositPercent: "Deposit",
    deliveryBandId: "Delivery",
    paymentSchedule: "Payment schedule",
    lines: "Lines",
  };
  if (issues.length === 0) return errorMessage(error, "the figures could not be priced");
  const [path, message] = issues[0]!;
  const field = labels[path.split(".")[0] ?? ""] ?? path;
  return `${field} ${message}`;
}
