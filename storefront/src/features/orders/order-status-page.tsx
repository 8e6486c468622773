import { EMAIL_SHAPE } from "@ch/contracts/constants";
import type { OrderReceiptDto } from "@ch/contracts/orders";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass, FormMessage, PageHeader, Spinner, TextField } from "../../components/ui";
import { ApiError } from "../../lib/api";
import { type FormErrors, formErrors, hasErrors, useFormFields } from "../../lib/form-errors";
import { trpc } from "../../lib/trpc";
import { useOrderReceipt } from "./order-link";
import { OrderStatusResult } from "./order-status-result";

function lookupProblem(error: unknown): FormErrors {
  if (error instanceof ApiError && error.status === 404) {
    return {
      fields: {},
      message: "No order matches that order number and e-mail address. Please check both and try again.",
    };
  }
  if (error instanceof ApiError && error.status === 429) {
    return {
      fields: {},
      message: "Too many look-ups from your connection. Please wait a few minutes and try again.",
    };
  }
  return formErrors(error, ["orderNumber", "email"], "We couldn't look up your order right now. Please try again.");
}

/** The look-up form's state and the order it finds; the link's order until a look-up is made. */
function useOrderLookup(initialOrder: string, token: string | undefined) {
  const { values, field, errors, setErrors, clear } = useFormFields({ orderNumber: initialOrder, email: "" });
  const { orderNumber, email } = values;
  const linked = useOrderReceipt(initialOrder || undefined, token);
  // the order on screen stays while it is looked up again (after a submitted hash, or Look Up Order once
  // more): the payment panel keeps what the server just said about the hash
  const [shown, setShown] = useState<OrderReceiptDto | null>(null);
  const lookup = useMutation({
    ...trpc.orders.lookup.mutationOptions(),
    onSuccess: (data) => setShown(data),
    onError: (error) => setErrors(lookupProblem(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: FormErrors["fields"] = {};
    if (!orderNumber.trim()) fields.orderNumber = "Please enter your order number.";
    if (!EMAIL_SHAPE.test(email.trim())) fields.email = "Please enter a valid email address.";
    if (Object.keys(fields).length) return setErrors({ fields, message: null });
    clear();
    lookup.mutate({ orderNumber: orderNumber.trim(), email: email.trim() });
  };

  // a look-up typed on the page wins over the link's order
  const looked = !lookup.isIdle;
  const again = lookup.isPending && shown?.orderNumber.toUpperCase() === lookup.variables?.orderNumber.toUpperCase();
  const receipt = looked ? (lookup.data ?? (again ? shown : undefined)) : linked.data;
  const receiptEmail = looked ? email.trim() : linked.data?.email;
  const refresh = () =>
    looked ? lookup.mutate({ orderNumber: receipt!.orderNumber, email: email.trim() }) : void linked.refetch();
  return {
    field,
    errors,
    submit,
    pending: lookup.isPending,
    linked,
    looked,
    receipt,
    receiptEmail,
    refresh,
  };
}

type Lookup = ReturnType<typeof useOrderLookup>;

function LookupForm({ lookup }: { lookup: Lookup }) {
  const { field, errors } = lookup;
  return (
    <form
      onSubmit={lookup.submit}
      noValidate
      className="grid gap-4 rounded-2xl border border-slate-200 p-6 shadow-sm sm:grid-cols-2"
    >
      <TextField label="Order Number" required placeholder="CH-2026-000123" {...field("orderNumber")} />
      <TextField label="Email" type="email" required autoComplete="email" {...field("email")} />
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={lookup.pending}>
          {lookup.pending ? "Looking up..." : "Look Up Order"}
        </button>
      </div>
      <FormMessage message={errors.message} className="sm:col-span-2" />
    </form>
  );
}

/**
 * The order-status page: the look-up by order number and e-mail (rate-limited), or, with the order's own
 * link (?order=…&t=…, from the confirmation page or the e-mail), the order at once without the e-mail.
 */
export function OrderStatusPage({ initialOrder, token }: { initialOrder: string; token?: string | undefined }) {
  const lookup = useOrderLookup(initialOrder, token);
  const { linked, looked, receipt } = lookup;
  const error = hasErrors(lookup.errors);
  return (
    <>
      <PageHeader title="Order Status" intro="Enter your order number and the e-mail address you ordered with." />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {!looked && linked.isError ? (
          <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {linked.error instanceof ApiError && linked.error.status === 404
              ? "This link does not open an order. Please look your order up with its number and your e-mail address."
              : "We couldn't open your order from this link right now. Please try again, or look it up below."}
          </p>
        ) : null}
        <LookupForm lookup={lookup} />
        {!looked && linked.isPending && linked.fetchStatus !== "idle" ? <Spinner label="Loading your order" /> : null}
        {receipt && !error ? (
          <OrderStatusResult receipt={receipt} email={lookup.receiptEmail} refresh={lookup.refresh} />
        ) : null}
      </div>
    </>
  );
}
