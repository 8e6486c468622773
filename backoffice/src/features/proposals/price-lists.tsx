// The price lists proposals draw on: options/add-ons, delivery bands and sales-tax rates by state and tax
// class (general goods, new manufactured housing, the delivery charge); the cart is priced with the same
// bands and rates.
// Each is a table (DataTable) with Edit and Delete on every row and one form that adds a row or edits the
// chosen one; a delete asks first. Proposals keep the prices they were made with, so a change here only
// prices new proposals and new versions.
import { TAX_CLASS_LABELS, TAX_CLASSES, type TaxClass } from "@ch/contracts/pricing";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type BaseSyntheticEvent, type ReactNode, useState } from "react";
import type { DefaultValues } from "react-hook-form";
import { Card } from "../../components/card";
import { type Column, DataTable, type DataTableProps, type RowData } from "../../components/data-table";
import { ConfirmDialog } from "../../components/dialog";
import { CheckboxField, FormMessage, InputField, SelectField, useApiForm } from "../../components/form";
import { Options } from "../../components/form-field";
import { EditDeleteButtons } from "../../components/named-button";
import { formatCents as money } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";

const dollars = (cents: number) => String(cents / 100);

type Lists = NonNullable<ReturnType<typeof usePriceLists>["data"]>;
type OptionRow = Lists["options"][number];
type BandRow = Lists["bands"][number];
type RateRow = Lists["taxRates"][number];

const usePriceLists = () => useQuery(trpc.proposals.priceLists.queryOptions());
const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.proposals.priceLists.queryKey() });

function useSaved(what: string, done: () => void) {
  const toast = useToast();
  return {
    onSuccess: () => {
      void refresh();
      done();
      toast({ title: `${what} saved` });
    },
    onError: (error: unknown) =>
      toast({ title: errorMessage(error, `${what} could not be saved`), variant: "destructive" }),
  };
}

/** A price-list form: what is typed (dollars as text), the server's names for its fields mapped onto them. */
function usePriceForm<T extends Record<string, string | boolean>>(defaultValues: T, fields: Record<string, keyof T>) {
  return useApiForm<T>({
    defaultValues: defaultValues as DefaultValues<T>,
    toField: (path) => (fields[path] as string | undefined) ?? path,
    toasted: true,
  });
}

const cents = (dollars: string) => Math.round(Number(dollars || "0") * 100);
const inDollars = { inputMode: "decimal" } as const;
const CHECK = "flex items-center gap-2 text-sm";

/** One price list: its table, each row with Edit and Delete, then what follows it (its form). */
function PriceListCard<T extends RowData>({
  title,
  table,
  name,
  onEdit,
  onDelete,
  children,
}: {
  title: string;
  table: Omit<DataTableProps<T>, "columns"> & { columns: Column<T>[] };
  /** The row's name for a screen reader ("Edit TX rate"). */
  name: (row: T) => string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  children: ReactNode;
}) {
  const actions: Column<T> = {
    header: "Actions",
    cell: (row) => (
      <span className="flex gap-1">
        <EditDeleteButtons
          dialogs={{ edit: onEdit, askDelete: onDelete }}
          item={row}
          name={name(row)}
          className="btn-ghost !px-2 !py-1 text-xs"
        />
      </span>
    ),
  };
  return (
    <Card title={title}>
      <DataTable {...table} columns={[...table.columns, actions]} />
      {children}
    </Card>
  );
}

const OPTION_COLUMNS: Column<OptionRow>[] = [
  { header: "Option", cell: (o) => (o.active ? o.name : `${o.name} (inactive)`) },
  { header: "Price", cell: (o) => money(o.priceCents), numeric: true },
];
const BAND_COLUMNS: Column<BandRow>[] = [
  { header: "Band", cell: (b) => b.label },
  { header: "Fee", cell: (b) => `${money(b.feeCents)}${b.perUnit ? " / unit" : ""}`, numeric: true },
];
const RATE_COLUMNS: Column<RateRow>[] = [
  { header: "State", cell: (r) => r.state },
  { header: "Class", cell: (r) => classLabel(r.taxClass) },
  { header: "Rate", cell: (r) => `${r.rateBasisPoints / 100}%`, numeric: true },
];

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
      <PriceListCard
        title="Options and add-ons"
        table={{
          label: "Options",
          rows: lists.data?.options ?? [],
          rowKey: (o) => o.id,
          empty: "No options yet.",
          columns: OPTION_COLUMNS,
        }}
        name={(o) => o.name}
        onEdit={setOption}
        onDelete={(o) => setDeleting({ kind: "option", id: o.id, name: o.name })}
      >
        <OptionForm key={option?.id ?? "new"} editing={option} onDone={() => setOption(null)} />
      </PriceListCard>
      <PriceListCard
        title="Delivery bands"
        table={{
          label: "Delivery bands",
          rows: lists.data?.bands ?? [],
          rowKey: (b) => b.id,
          empty: "No delivery bands yet.",
          columns: BAND_COLUMNS,
        }}
        name={(b) => b.label}
        onEdit={setBand}
        onDelete={(b) => setDeleting({ kind: "band", id: b.id, name: b.label })}
      >
        <BandForm key={band?.id ?? "new"} editing={band} onDone={() => setBand(null)} />
      </PriceListCard>
      <PriceListCard
        title="Sales tax by state and class"
        table={{
          label: "Tax rates",
          rows: lists.data?.taxRates ?? [],
          rowKey: (r) => `${r.state}:${r.taxClass}`,
          empty: "No rates: every state is taxed at 0 %.",
          columns: RATE_COLUMNS,
        }}
        name={rateName}
        onEdit={setRate}
        onDelete={(r) =>
          setDeleting({ kind: "rate", state: r.state, taxClass: asTaxClass(r.taxClass), name: `the ${rateName(r)}` })
        }
      >
        <p className="mt-2 text-xs text-slate-600">
          A state and class without a rate is taxed at 0 %. Your accountant decides these rates.
        </p>
        <TaxForm key={rate ? `${rate.state}:${rate.taxClass}` : "new"} editing={rate} onDone={() => setRate(null)} />
      </PriceListCard>
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

/** A price-list form: its fields, what the server refused that no field shows, then Add, or Save and Cancel. */
function PriceForm({
  label,
  className = "mt-4 grid grid-cols-[1fr_7rem] items-end gap-2",
  editing,
  pending,
  message,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  className?: string;
  editing: boolean;
  pending: boolean;
  message: string | null;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className={className}>
      {children}
      <FormMessage message={message} className="col-span-full" />
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
    </form>
  );
}

function OptionForm({ editing, onDone }: { editing: OptionRow | null; onDone: () => void }) {
  const form = usePriceForm(
    { name: editing?.name ?? "", price: editing ? dollars(editing.priceCents) : "", active: editing?.active ?? true },
    { "option.name": "name", "option.priceCents": "price" },
  );
  const save = useMutation(
    trpc.proposals.saveOption.mutationOptions(
      useSaved("Option", () => {
        form.reset({ ...form.getValues(), name: "", price: "" });
        onDone();
      }),
    ),
  );
  const submit = form.submit(({ name, price, active }) =>
    save.mutateAsync({
      id: editing?.id ?? null,
      option: {
        name,
        priceCents: cents(price),
        active,
        ...(editing ? { description: editing.description, sortOrder: editing.sortOrder } : {}),
      },
    }),
  );
  return (
    <PriceForm
      label={editing ? `Edit option ${editing.name}` : "Add an option"}
      editing={editing !== null}
      pending={save.isPending}
      message={form.message}
      onSubmit={submit}
      onCancel={onDone}
    >
      <InputField control={form.control} name="name" label={editing ? "Option name" : "New option"} />
      <InputField control={form.control} name="price" label="Price ($)" {...inDollars} />
      {editing ? <CheckboxField control={form.control} name="active" label="offered" className={CHECK} /> : null}
    </PriceForm>
  );
}

function BandForm({ editing, onDone }: { editing: BandRow | null; onDone: () => void }) {
  const empty = { label: "", fee: "", perUnit: false };
  const form = usePriceForm(
    editing ? { label: editing.label, fee: dollars(editing.feeCents), perUnit: editing.perUnit } : empty,
    { "band.label": "label", "band.feeCents": "fee" },
  );
  const save = useMutation(
    trpc.proposals.saveDeliveryBand.mutationOptions(
      useSaved("Delivery band", () => {
        form.reset(empty);
        onDone();
      }),
    ),
  );
  const submit = form.submit(({ label, fee, perUnit }) =>
    save.mutateAsync({
      id: editing?.id ?? null,
      band: {
        label,
        feeCents: cents(fee),
        perUnit,
        ...(editing ? { maxMiles: editing.maxMiles, sortOrder: editing.sortOrder } : {}),
      },
    }),
  );
  return (
    <PriceForm
      label={editing ? `Edit delivery band ${editing.label}` : "Add a delivery band"}
      editing={editing !== null}
      pending={save.isPending}
      message={form.message}
      onSubmit={submit}
      onCancel={onDone}
    >
      <InputField control={form.control} name="label" label={editing ? "Band label" : "New band"} />
      <InputField control={form.control} name="fee" label="Fee ($)" {...inDollars} />
      <CheckboxField control={form.control} name="perUnit" label="per unit" className={CHECK} />
    </PriceForm>
  );
}

const asTaxClass = (value: string): TaxClass =>
  (TAX_CLASSES as readonly string[]).includes(value) ? (value as TaxClass) : "general";
const classLabel = (value: string) => TAX_CLASS_LABELS[asTaxClass(value)];
/** "TX rate" (general goods), "TX delivery charge rate"… */
const rateName = (r: { state: string; taxClass: string }) =>
  r.taxClass === "general" ? `${r.state} rate` : `${r.state} ${classLabel(r.taxClass).toLowerCase()} rate`;

function TaxForm({ editing, onDone }: { editing: RateRow | null; onDone: () => void }) {
  const empty = { state: "", taxClass: "general", rate: "" };
  const form = usePriceForm(
    editing
      ? { state: editing.state, taxClass: asTaxClass(editing.taxClass), rate: String(editing.rateBasisPoints / 100) }
      : empty,
    { rateBasisPoints: "rate" },
  );
  const save = useMutation(
    trpc.proposals.saveTaxRate.mutationOptions(
      useSaved("Tax rate", () => {
        form.reset(empty);
        onDone();
      }),
    ),
  );
  const submit = form.submit(({ state, taxClass, rate }) =>
    save.mutateAsync({
      state: state.trim().toUpperCase(),
      taxClass: asTaxClass(taxClass),
      rateBasisPoints: cents(rate),
    }),
  );
  return (
    <PriceForm
      label={editing ? `Edit the ${rateName(editing)}` : "Add or replace a state's rate"}
      className="mt-4 grid grid-cols-2 items-end gap-2 sm:grid-cols-[6rem_1fr_7rem_auto]"
      editing={editing !== null}
      pending={save.isPending}
      message={form.message}
      onSubmit={submit}
      onCancel={onDone}
    >
      <InputField control={form.control} name="state" label="State" readOnly={editing !== null} />
      <SelectField control={form.control} name="taxClass" label="Class" disabled={editing !== null}>
        <Options values={TAX_CLASSES} label={(c) => TAX_CLASS_LABELS[c]} />
      </SelectField>
      <InputField control={form.control} name="rate" label="Rate (%)" {...inDollars} />
    </PriceForm>
  );
}
