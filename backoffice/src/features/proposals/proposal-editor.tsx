// The proposal editor: customer, lines (catalog products, options from the price list, custom lines),
// delivery (the band of the ZIP's distance from the yard, or one staff choose), discount, tax state, validity,
// deposit and terms. It sends inputs only: the server
// prices every figure (and refuses a total sent by a client); the saved version's figures show after.
import type { ProposalInput, ProposalLineInput } from "@ch/api/contracts/proposals";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type FieldErrors, FormField, issuesOf } from "../../components/form-field";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc, trpcClient } from "../../lib/trpc";

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
  const products = useQuery(trpc.catalog.list.queryOptions());
  const lists = useQuery(trpc.proposals.priceLists.queryOptions());
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
      setErrors(issuesOf(error));
      toast({ title: errorMessage(error, "The proposal could not be saved"), variant: "destructive" });
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
    setErrors({});
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
          {text("state", "State")}
          {text("zipCode", "ZIP code")}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-base font-semibold text-slate-900">Lines</legend>
        {errors.lines ? <p className="mb-2 text-sm text-red-700">{errors.lines}</p> : null}
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
                        ? products.data
                            ?.filter((p) => p.published)
                            .map((p) => (
                              <option key={p.id} value={p.id}>
                                {p.name} (${p.price.toLocaleString("en-US")})
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
          <button type="button" className="btn-secondary" onClick={() => addLine("product")}>
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
                    {r.state} ({r.rateBasisPoints / 100}%)
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
