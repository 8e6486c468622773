// The price lists proposals draw on: options/add-ons, delivery bands and sales-tax rates by state.
// Each is a table (DataTable) and a one-line add form; a tax rate saved for an existing state replaces it.
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Card } from "../../components/card";
import { DataTable } from "../../components/data-table";
import { type FieldErrors, FormField, issuesOf } from "../../components/form-field";
import { formatUsd } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";

const money = (cents: number) => formatUsd(cents / 100);

function useSaved(what: string, setErrors: (e: FieldErrors) => void, reset: () => void) {
  const toast = useToast();
  return {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.proposals.priceLists.queryKey() });
      setErrors({});
      reset();
      toast({ title: `${what} saved` });
    },
    onError: (error: unknown) => {
      setErrors(issuesOf(error));
      toast({ title: errorMessage(error, `${what} could not be saved`), variant: "destructive" });
    },
  };
}

export function PriceLists() {
  const lists = useQuery(trpc.proposals.priceLists.queryOptions());
  return (
    <div className="grid gap-6 xl:grid-cols-3">
      <Card title="Options and add-ons">
        <DataTable
          label="Options"
          rows={lists.data?.options ?? []}
          rowKey={(o) => o.id}
          empty="No options yet."
          columns={[
            { header: "Option", cell: (o) => (o.active ? o.name : `${o.name} (inactive)`) },
            { header: "Price", cell: (o) => money(o.priceCents), numeric: true },
          ]}
        />
        <OptionForm />
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
          ]}
        />
        <BandForm />
      </Card>
      <Card title="Sales tax by state">
        <DataTable
          label="Tax rates"
          rows={lists.data?.taxRates ?? []}
          rowKey={(r) => r.state}
          empty="No rates: every state is taxed at 0 %."
          columns={[
            { header: "State", cell: (r) => r.state },
            { header: "Rate", cell: (r) => `${r.rateBasisPoints / 100}%`, numeric: true },
          ]}
        />
        <TaxForm />
      </Card>
    </div>
  );
}

function OptionForm() {
  const [name, setName] = useState("");
  const [price, setPrice] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.proposals.saveOption.mutationOptions(
      useSaved("Option", setErrors, () => {
        setName("");
        setPrice("");
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: null, option: { name, priceCents: Math.round(Number(price || "0") * 100) } });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-[1fr_7rem_auto] items-end gap-2">
      <FormField label="New option" error={errors["option.name"]}>
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
      <button type="submit" className="btn-secondary" disabled={save.isPending}>
        Add
      </button>
    </form>
  );
}

function BandForm() {
  const [label, setLabel] = useState("");
  const [fee, setFee] = useState("");
  const [perUnit, setPerUnit] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.proposals.saveDeliveryBand.mutationOptions(
      useSaved("Delivery band", setErrors, () => {
        setLabel("");
        setFee("");
        setPerUnit(false);
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: null, band: { label, feeCents: Math.round(Number(fee || "0") * 100), perUnit } });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-[1fr_7rem] items-end gap-2">
      <FormField label="New band" error={errors["band.label"]}>
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
      <button type="submit" className="btn-secondary" disabled={save.isPending}>
        Add
      </button>
    </form>
  );
}

function TaxForm() {
  const [state, setState] = useState("");
  const [rate, setRate] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.proposals.saveTaxRate.mutationOptions(
      useSaved("Tax rate", setErrors, () => {
        setState("");
        setRate("");
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ state, rateBasisPoints: Math.round(Number(rate || "0") * 100) });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-[6rem_7rem_auto] items-end gap-2">
      <FormField label="State" error={errors.state}>
        {(f) => <input {...f} className="field-input" value={state} onChange={(e) => setState(e.target.value)} />}
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
      <button type="submit" className="btn-secondary" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}
