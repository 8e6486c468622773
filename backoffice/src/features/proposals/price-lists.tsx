// The price lists proposals draw on: options/add-ons, delivery bands and sales-tax rates by state and tax
// class (general goods, new manufactured housing, the delivery charge); the cart is priced with the same
// bands and rates.
// Each is a table (DataTable) with Edit and Delete on every row and one form that adds a row or edits the
// chosen one; a delete asks first. Proposals keep the prices they were made with, so a change here only
// prices new proposals and new versions.
import { TAX_CLASS_LABELS, TAX_CLASSES, type TaxClass } from "@ch/api/contracts/pricing";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Card } from "../../components/card";
import { DataTable } from "../../components/data-table";
import { ConfirmDialog } from "../../components/dialog";
import { type FieldErrors, FormField, issuesOf } from "../../components/form-field";
import { formatUsd } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";

const money = (cents: number) => formatUsd(cents / 100);
const dollars = (cents: number) => String(cents / 100);

type Lists = NonNullable<ReturnType<typeof usePriceLists>["data"]>;
type OptionRow = Lists["options"][number];
type BandRow = Lists["bands"][number];
type RateRow = Lists["taxRates"][number];

const usePriceLists = () => useQuery(trpc.proposals.priceLists.queryOptions());
const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.proposals.priceLists.queryKey() });

function useSaved(what: string, setErrors: (e: FieldErrors) => void, done: () => void) {
  const toast = useToast();
  return {
    onSuccess: () => {
      void refresh();
      setErrors({});
      done();
      toast({ title: `${what} saved` });
    },
    onError: (error: unknown) => {
      setErrors(issuesOf(error));
      toast({ title: errorMessage(error, `${what} could not be saved`), variant: "destructive" });
    },
  };
}

function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className="flex gap-1">
      <button type="button" className="btn-ghost !px-2 !py-1 text-xs" onClick={onEdit}>
        Edit<span className="sr-only"> {name}</span>
      </button>
      <button type="button" className="btn-ghost !px-2 !py-1 text-xs text-red-700" onClick={onDelete}>
        Delete<span className="sr-only"> {name}</span>
      </button>
    </span>
  );
}

type Deleting =
  | { kind: "option"; id: number; name: string }
  | { kind: "band"; id: number; name: string }
  | { kind: "rate"; state: string; taxClass: TaxClass; name: string };

export function PriceLists() {
  const lists = usePriceLists();
  const toast = useToast();
  const [option, setOption] = useState<OptionRow | null>(null);
  const [band, setBand] = useState<BandRow | null>(null);
  const [rate, setRate] = useState<RateRow | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const deleted = (what: string) => ({
    onSuccess: () => {
      void refresh();
      setDeleting(null);
      toast({ title: `${what} deleted` });
    },
    onError: (error: unknown) =>
      toast({ title: errorMessage(error, `${what} could not be deleted`), variant: "destructive" }),
  });
  const deleteOption = useMutation(trpc.proposals.deleteOption.mutationOptions(deleted("Option")));
  const deleteBand = useMutation(trpc.proposals.deleteDeliveryBand.mutationOptions(deleted("Delivery band")));
  const deleteRate = useMutation(trpc.proposals.deleteTaxRate.mutationOptions(deleted("Tax rate")));
  const confirmDelete = () => {
    if (!deleting) return;
    if (deleting.kind === "option") deleteOption.mutate({ id: deleting.id });
    else if (deleting.kind === "band") deleteBand.mutate({ id: deleting.id });
    else deleteRate.mutate({ state: deleting.state, taxClass: deleting.taxClass });
  };
  return (
    // min-w-0: a card's wide table scrolls inside it instead of widening the page (375 px)
    <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      <Card title="Options and add-ons">
        <DataTable
          label="Options"
          rows={lists.data?.options ?? []}
          rowKey={(o) => o.id}
          empty="No options yet."
          columns={[
            { header: "Option", cell: (o) => (o.active ? o.name : `${o.name} (inactive)`) },
            { header: "Price", cell: (o) => money(o.priceCents), numeric: true },
            {
              header: "Actions",
              cell: (o) => (
                <RowActions
                  name={o.name}
                  onEdit={() => setOption(o)}
                  onDelete={() => setDeleting({ kind: "option", id: o.id, name: o.name })}
                />
              ),
            },
          ]}
        />
        <OptionForm key={option?.id ?? "new"} editing={option} onDone={() => setOption(null)} />
      </Card>
      <Card title="Delivery bands">
        <DataTable
          label="Delivery bands"
          rows={lists.data?.bands ?? []}
          rowKey={(b) => b.id}
          empty="No delivery bands yet."
          columns={[
            { header: "Band", cell: (b) => b.label },
            { header: "Fee", cell: (b) => `${money(b.feeCents)}${b.perUnit ? " / unit" : ""}`, numeric: true },
            {
              header: "Actions",
              cell: (b) => (
                <RowActions
                  name={b.label}
                  onEdit={() => setBand(b)}
                  onDelete={() => setDeleting({ kind: "band", id: b.id, name: b.label })}
                />
              ),
            },
          ]}
        />
        <BandForm key={band?.id ?? "new"} editing={band} onDone={() => setBand(null)} />
      </Card>
      <Card title="Sales tax by state and class">
        <DataTable
          label="Tax rates"
          rows={lists.data?.taxRates ?? []}
          rowKey={(r) => `${r.state}:${r.taxClass}`}
          empty="No rates: every state is taxed at 0 %."
          columns={[
            { header: "State", cell: (r) => r.state },
            { header: "Class", cell: (r) => classLabel(r.taxClass) },
            { header: "Rate", cell: (r) => `${r.rateBasisPoints / 100}%`, numeric: true },
            {
              header: "Actions",
              cell: (r) => (
                <RowActions
                  name={rateName(r)}
                  onEdit={() => setRate(r)}
                  onDelete={() =>
                    setDeleting({
                      kind: "rate",
                      state: r.state,
                      taxClass: asTaxClass(r.taxClass),
                      name: `the ${rateName(r)}`,
                    })
                  }
                />
              ),
            },
          ]}
        />
        <p className="mt-2 text-xs text-slate-600">
          A state and class without a rate is taxed at 0 %. Your accountant decides these rates.
        </p>
        <TaxForm key={rate ? `${rate.state}:${rate.taxClass}` : "new"} editing={rate} onDone={() => setRate(null)} />
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete from the price list?"
        message={`${deleting?.name ?? ""} will no longer be offered on new proposals. Proposals already made keep their prices.`}
        confirmLabel="Delete"
        pending={deleteOption.isPending || deleteBand.isPending || deleteRate.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function FormButtons({ editing, pending, onCancel }: { editing: boolean; pending: boolean; onCancel: () => void }) {
  return (
    <span className="flex gap-2">
      <button type="submit" className="btn-secondary" disabled={pending}>
        {editing ? "Save" : "Add"}
      </button>
      {editing ? (
        <button type="button" className="btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </span>
  );
}

function OptionForm({ editing, onDone }: { editing: OptionRow | null; onDone: () => void }) {
  const [name, setName] = useState(editing?.name ?? "");
  const [price, setPrice] = useState(editing ? dollars(editing.priceCents) : "");
  const [active, setActive] = useState(editing?.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.proposals.saveOption.mutationOptions(
      useSaved("Option", setErrors, () => {
        setName("");
        setPrice("");
        onDone();
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      id: editing?.id ?? null,
      option: {
        name,
        priceCents: Math.round(Number(price || "0") * 100),
        active,
        ...(editing ? { description: editing.description, sortOrder: editing.sortOrder } : {}),
      },
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit option ${editing.name}` : "Add an option"}
      className="mt-4 grid grid-cols-[1fr_7rem] items-end gap-2"
    >
      <FormField label={editing ? "Option name" : "New option"} error={errors["option.name"]}>
        {(f) => <input {...f} className="field-input" value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <FormField label="Price ($)" error={errors["option.priceCents"]}>
        {(f) => (
          <input
            {...f}
            inputMode="decimal"
            className="field-input"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        )}
      </FormField>
      {editing ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> offered
        </label>
      ) : null}
      <FormButtons editing={editing !== null} pending={save.isPending} onCancel={onDone} />
    </form>
  );
}

function BandForm({ editing, onDone }: { editing: BandRow | null; onDone: () => void }) {
  const [label, setLabel] = useState(editing?.label ?? "");
  const [fee, setFee] = useState(editing ? dollars(editing.feeCents) : "");
  const [perUnit, setPerUnit] = useState(editing?.perUnit ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.proposals.saveDeliveryBand.mutationOptions(
      useSaved("Delivery band", setErrors, () => {
        setLabel("");
        setFee("");
        setPerUnit(false);
        onDone();
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      id: editing?.id ?? null,
      band: {
        label,
        feeCents: Math.round(Number(fee || "0") * 100),
        perUnit,
        ...(editing ? { maxMiles: editing.maxMiles, sortOrder: editing.sortOrder } : {}),
      },
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit delivery band ${editing.label}` : "Add a delivery band"}
      className="mt-4 grid grid-cols-[1fr_7rem] items-end gap-2"
    >
      <FormField label={editing ? "Band label" : "New band"} error={errors["band.label"]}>
        {(f) => <input {...f} className="field-input" value={label} onChange={(e) => setLabel(e.target.value)} />}
      </FormField>
      <FormField label="Fee ($)" error={errors["band.feeCents"]}>
        {(f) => (
          <input
            {...f}
            inputMode="decimal"
            className="field-input"
            value={fee}
            onChange={(e) => setFee(e.target.value)}
          />
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={perUnit} onChange={(e) => setPerUnit(e.target.checked)} /> per unit
      </label>
      <FormButtons editing={editing !== null} pending={save.isPending} onCancel={onDone} />
    </form>
  );
}

const asTaxClass = (value: string): TaxClass =>
  (TAX_CLASSES as readonly string[]).includes(value) ? (value as TaxClass) : "general";
const classLabel = (value: string) => TAX_CLASS_LABELS[asTaxClass(value)];
/** "TX rate" (general goods), "TX delivery charge rate"… */
const rateName = (r: { state: string; taxClass: string }) =>
  r.taxClass === "general" ? `${r.state} rate` : `${r.state} ${classLabel(r.taxClass).toLowerCase()} rate`;

function TaxForm({ editing, onDone }: { editing: RateRow | null; onDone: () => void }) {
  const [state, setState] = useState(editing?.state ?? "");
  const [taxClass, setTaxClass] = useState<TaxClass>(editing ? asTaxClass(editing.taxClass) : "general");
  const [rate, setRate] = useState(editing ? String(editing.rateBasisPoints / 100) : "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.proposals.saveTaxRate.mutationOptions(
      useSaved("Tax rate", setErrors, () => {
        setState("");
        setTaxClass("general");
        setRate("");
        onDone();
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      state: state.trim().toUpperCase(),
      taxClass,
      rateBasisPoints: Math.round(Number(rate || "0") * 100),
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit the ${rateName(editing)}` : "Add or replace a state's rate"}
      className="mt-4 grid grid-cols-2 items-end gap-2 sm:grid-cols-[6rem_1fr_7rem_auto]"
    >
      <FormField label="State" error={errors.state}>
        {(f) => (
          <input
            {...f}
            className="field-input"
            value={state}
            readOnly={editing !== null}
            onChange={(e) => setState(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Class" error={errors.taxClass}>
        {(f) => (
          <select
            {...f}
            className="field-input"
            value={taxClass}
            disabled={editing !== null}
            onChange={(e) => setTaxClass(asTaxClass(e.target.value))}
          >
            {TAX_CLASSES.map((c) => (
              <option key={c} value={c}>
                {TAX_CLASS_LABELS[c]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Rate (%)" error={errors.rateBasisPoints}>
        {(f) => (
          <input
            {...f}
            inputMode="decimal"
            className="field-input"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
          />
        )}
      </FormField>
      <FormButtons editing={editing !== null} pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
