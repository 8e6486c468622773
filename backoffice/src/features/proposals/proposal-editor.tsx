// The proposal editor: customer, lines (catalog products, options from the price list, custom lines),
// delivery (the band of the ZIP's distance from the yard, or one staff choose), discount, tax state, validity,
// deposit and terms. It sends inputs only: the server prices every figure (and refuses a total sent by a
// client). The running total is the server's too: the pricing fields go to proposals.preview (the same
// engine as saving) a moment after each change; the saved version's figures show after saving.
import { US_STATES } from "@ch/api/contracts/constants";
import type { ProposalInput, ProposalLineInput, ProposalPreviewInput } from "@ch/api/contracts/proposals";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { type FieldErrors, FormField, issuesOf } from "../../components/form-field";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc, trpcClient } from "../../lib/trpc";
import { ProposalFigures } from "./proposal-figures";

interface LineDraft {
  kind: "product" | "option" | "custom";
  refId: string;
  name: string;
  unitPrice: string;
  quantity: string;
}

export interface EditorDraft {
  enquiryId: number | null;
  customerName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  lines: LineDraft[];
  deliveryBandId: string;
  discount: string;
  taxState: string;
  validUntil: string;
  depositPercent: string;
  terms: string;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function emptyDraft(overrides: Partial<EditorDraft> = {}): EditorDraft {
  return {
    enquiryId: null,
    customerName: "",
    email: "",
    phone: "",
    address: "",
    city: "",
    state: "TX",
    zipCode: "",
    lines: [],
    deliveryBandId: "",
    discount: "0",
    taxState: "",
    validUntil: inDays(30),
    depositPercent: "",
    terms: "Deposit due on acceptance; balance due on delivery. Delivery and setup as listed.",
    ...overrides,
  };
}

const toCents = (dollars: string) => Math.round(Number(dollars || "0") * 100);

/** A line with what pricing needs (a chosen product or option, a named custom price, a whole quantity). */
function lineIsComplete(l: LineDraft): boolean {
  const quantity = Number(l.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) return false;
  if (l.kind === "custom") return l.name.trim() !== "" && l.unitPrice.trim() !== "" && Number(l.unitPrice) >= 0;
  return l.refId !== "";
}

/** The pricing fields of the draft, with its complete lines only: what the running total prices. */
function toPreview(d: EditorDraft): ProposalPreviewInput {
  const { lines, state, zipCode, deliveryBandId, discountCents, taxState, depositPercent } = toInput({
    ...d,
    lines: d.lines.filter(lineIsComplete),
  });
  return {
    lines,
    state,
    zipCode,
    deliveryBandId,
    discountCents,
    ...(taxState ? { taxState } : {}),
    ...(depositPercent !== undefined ? { depositPercent } : {}),
  };
}

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What a save would be refused for that the form can say before asking: the lines (the server checks all). */
function draftProblems(d: EditorDraft): FieldErrors {
  const found: FieldErrors = {};
  if (d.lines.length === 0) found.lines = "Add at least one line: a catalog product, an option or a custom line.";
  d.lines.forEach((l, i) => {
    if (l.kind === "product" && !l.refId) found[`lines.${i}.productId`] = "Choose a product.";
    if (l.kind === "option" && !l.refId) found[`lines.${i}.optionId`] = "Choose an option.";
    if (l.kind === "custom" && !l.name.trim()) found[`lines.${i}.name`] = "Name this line.";
    if (l.kind === "custom" && (l.unitPrice.trim() === "" || !(Number(l.unitPrice) >= 0))) {
      found[`lines.${i}.unitPriceCents`] = "Enter a price in dollars, e.g. 1250.50.";
    }
  });
  return found;
}

const stateName = (code: string) => `${US_STATES[code] ?? code} (${code})`;

function toInput(d: EditorDraft): ProposalInput {
  const lines = d.lines.map((l): ProposalLineInput => {
    const quantity = Number(l.quantity);
    if (l.kind === "product") return { kind: "product", productId: Number(l.refId), quantity };
    if (l.kind === "option") return { kind: "option", optionId: Number(l.refId), quantity };
    return { kind: "custom", name: l.name, unitPriceCents: toCents(l.unitPrice), quantity };
  });
  return {
    enquiryId: d.enquiryId,
    customerName: d.customerName,
    email: d.email,
    phone: d.phone || null,
    address: d.address,
    city: d.city,
    state: d.state,
    zipCode: d.zipCode,
    lines,
    deliveryBandId: d.deliveryBandId ? Number(d.deliveryBandId) : null,
    discountCents: toCents(d.discount),
    ...(d.taxState ? { taxState: d.taxState } : {}),
    validUntil: d.validUntil,
    ...(d.depositPercent ? { depositPercent: Number(d.depositPercent) } : {}),
    terms: d.terms,
  };
}

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
  const [d, setD] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const lists = useQuery(trpc.proposals.priceLists.queryOptions());
  const addProduct = useRef<HTMLButtonElement>(null);
  // the running total: the server prices the settled draft's complete lines
  const previewInput = useSettled(JSON.stringify(toPreview(d)), 350);
  const preview = useQuery({
    ...trpc.proposals.preview.queryOptions(JSON.parse(previewInput) as ProposalPreviewInput),
    placeholderData: keepPreviousData,
  });
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
    onError: (error) => {
      const issues = issuesOf(error);
      setErrors(issues);
      // a refused field is named next to it; the toast only says where to look
      toast(
        Object.keys(issues).length > 0
          ? {
              title: "The proposal was not saved",
              description: "Check the fields marked below.",
              variant: "destructive",
            }
          : { title: errorMessage(error, "The proposal could not be saved"), variant: "destructive" },
      );
    },
  });

  const set = <K extends keyof EditorDraft>(key: K, value: EditorDraft[K]) =>
    setD((prev) => ({ ...prev, [key]: value }));
  const setLine = (index: number, patch: Partial<LineDraft>) =>
    setD((prev) => ({ ...prev, lines: prev.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));
  const addLine = (kind: LineDraft["kind"]) =>
    setD((prev) => ({ ...prev, lines: [...prev.lines, { kind, refId: "", name: "", unitPrice: "", quantity: "1" }] }));
  const removeLine = (index: number) => setD((prev) => ({ ...prev, lines: prev.lines.filter((_, i) => i !== index) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = draftProblems(d);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      if (problems.lines) addProduct.current?.focus();
      return;
    }
    save.mutate(toInput(d));
  };
  const text = (key: keyof EditorDraft, label: string, props: { type?: string; className?: string } = {}) => (
    <FormField label={label} error={errors[key]} className={props.className}>
      {(field) => (
        <input
          {...field}
          type={props.type ?? "text"}
          className="field-input"
          value={String(d[key] ?? "")}
          onChange={(e) => set(key, e.target.value as never)}
        />
      )}
    </FormField>
  );
  const options = lists.data?.options.filter((o) => o.active) ?? [];
  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Proposal editor">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Customer</legend>
        {text("customerName", "Customer name")}
        {text("email", "Email", { type: "email" })}
        {text("phone", "Phone")}
        {text("address", "Address")}
        {text("city", "City")}
        <div className="grid grid-cols-2 gap-4">
          <FormField label="State" hint="Where the home is delivered" error={errors.state}>
            {(field) => (
              <select {...field} className="field-input" value={d.state} onChange={(e) => set("state", e.target.value)}>
                {Object.keys(US_STATES).map((code) => (
                  <option key={code} value={code}>
                    {stateName(code)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {text("zipCode", "ZIP code")}
        </div>
      </fieldset>

      <fieldset aria-describedby={errors.lines ? "proposal-lines-error" : undefined}>
        <legend className="mb-2 text-base font-semibold text-slate-900">Lines</legend>
        {errors.lines ? (
          <p id="proposal-lines-error" role="alert" className="mb-2 text-sm font-medium text-red-700">
            {errors.lines}
          </p>
        ) : null}
        <ul className="space-y-3">
          {d.lines.map((line, i) => (
            <li
              key={i}
              className="grid items-end gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_8rem_6rem_auto]"
            >
              {line.kind === "custom" ? (
                <>
                  <FormField label={`Line ${i + 1}: custom item`} error={errors[`lines.${i}.name`]}>
                    {(field) => (
                      <input
                        {...field}
                        className="field-input"
                        value={line.name}
                        onChange={(e) => setLine(i, { name: e.target.value })}
                      />
                    )}
                  </FormField>
                  <FormField label="Unit price ($)" error={errors[`lines.${i}.unitPriceCents`]}>
                    {(field) => (
                      <input
                        {...field}
                        inputMode="decimal"
                        className="field-input"
                        value={line.unitPrice}
                        onChange={(e) => setLine(i, { unitPrice: e.target.value })}
                      />
                    )}
                  </FormField>
                </>
              ) : (
                <FormField
                  label={`Line ${i + 1}: ${line.kind === "product" ? "catalog product" : "option"}`}
                  error={errors[`lines.${i}.${line.kind === "product" ? "productId" : "optionId"}`]}
                  className="sm:col-span-2"
                >
                  {(field) => (
                    <select
                      {...field}
                      className="field-input"
                      value={line.refId}
                      onChange={(e) => setLine(i, { refId: e.target.value })}
                    >
                      <option value="">Choose…</option>
                      {line.kind === "product"
                        ? lists.data?.products.map((p) => (
                            <option key={p.id} value={p.id}>
                              {p.name} (${(p.priceCents / 100).toLocaleString("en-US")})
                            </option>
                          ))
                        : options.map((o) => (
                            <option key={o.id} value={o.id}>
                              {o.name} (${(o.priceCents / 100).toLocaleString("en-US")})
                            </option>
                          ))}
                    </select>
                  )}
                </FormField>
              )}
              <FormField label="Qty" error={errors[`lines.${i}.quantity`]}>
                {(field) => (
                  <input
                    {...field}
                    inputMode="numeric"
                    className="field-input"
                    value={line.quantity}
                    onChange={(e) => setLine(i, { quantity: e.target.value })}
                  />
                )}
              </FormField>
              <button type="button" className="btn-ghost" onClick={() => removeLine(i)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" ref={addProduct} className="btn-secondary" onClick={() => addLine("product")}>
            Add product
          </button>
          <button type="button" className="btn-secondary" onClick={() => addLine("option")}>
            Add option
          </button>
          <button type="button" className="btn-secondary" onClick={() => addLine("custom")}>
            Add custom line
          </button>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">Delivery, discount, tax and terms</legend>
        <FormField label="Delivery" hint="By the ZIP's distance unless you choose a band" error={errors.deliveryBandId}>
          {(field) => (
            <select
              {...field}
              className="field-input"
              value={d.deliveryBandId}
              onChange={(e) => set("deliveryBandId", e.target.value)}
            >
              <option value="">By the ZIP code (none without one)</option>
              {lists.data?.bands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}: ${(b.feeCents / 100).toLocaleString("en-US")}
                  {b.perUnit ? " per unit" : ""}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {text("discount", "Discount ($)")}
        <FormField label="Tax state" hint="The delivery state when empty" error={errors.taxState}>
          {(field) => (
            <select
              {...field}
              className="field-input"
              value={d.taxState}
              onChange={(e) => set("taxState", e.target.value)}
            >
              <option value="">Delivery state</option>
              {lists.data?.taxRates
                .filter((r) => r.taxClass === "general")
                .map((r) => (
                  <option key={r.state} value={r.state}>
                    {stateName(r.state)}: {r.rateBasisPoints / 100}%
                  </option>
                ))}
            </select>
          )}
        </FormField>
        {text("validUntil", "Valid until", { type: "date" })}
        <FormField label="Deposit (%)" hint="The business settings' when empty" error={errors.depositPercent}>
          {(field) => (
            <input
              {...field}
              inputMode="numeric"
              className="field-input"
              value={d.depositPercent}
              onChange={(e) => set("depositPercent", e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Terms" error={errors.terms} className="sm:col-span-3">
          {(field) => (
            <textarea
              {...field}
              rows={3}
              className="field-input"
              value={d.terms}
              onChange={(e) => set("terms", e.target.value)}
            />
          )}
        </FormField>
      </fieldset>

      <section
        aria-labelledby="running-total-title"
        aria-live="polite"
        className="rounded-lg border border-slate-200 bg-slate-50 p-4"
      >
        <h3 id="running-total-title" className="mb-2 text-base font-semibold text-slate-900">
          Running total{" "}
          <span className="text-sm font-normal text-slate-600">(priced by the server, not saved yet)</span>
        </h3>
        {preview.isError ? (
          <p className="text-sm text-red-700" data-testid="running-total-problem">
            No total yet: {previewProblem(preview.error)}
          </p>
        ) : preview.data ? (
          <>
            <ProposalFigures v={preview.data} testId="running-total" />
            {d.lines.some((l) => !lineIsComplete(l)) ? (
              <p className="mt-2 text-xs text-slate-600">Lines still being filled in are not counted yet.</p>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-slate-600">Pricing…</p>
        )}
      </section>

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
    lines: "Lines",
  };
  if (issues.length === 0) return errorMessage(error, "the figures could not be priced");
  const [path, message] = issues[0]!;
  const field = labels[path.split(".")[0] ?? ""] ?? path;
  return `${field} ${message}`;
}
