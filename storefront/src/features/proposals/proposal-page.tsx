// The customer's proposal (/proposal/{token}, sent by e-mail): lines, totals, terms and validity, with
// Accept (typed full name + agreement) and Request Changes. Every figure comes from the server.
import type { ReceiptPaymentDto } from "@ch/api/contracts/payments";
import type { PublicProposalDto } from "@ch/api/contracts/proposals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, Fragment, useEffect, useRef, useState } from "react";
import { buttonClass, Field, FormMessage, Spinner, TextField } from "../../components/ui";
import { ApiError, getJson, postJson, serverMessage } from "../../lib/api";
import { focusFirstInvalid, formErrors, useFormErrors } from "../../lib/form-errors";
import { formatAmount } from "../../lib/format";
import { AmountDue } from "../orders/amount-due";
import { useOrderReceipt } from "../orders/order-link";

const money = (cents: number) => formatAmount(cents / 100);
const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(basisPoints % 100 === 0 ? 0 : 2)}%`;
const longDate = (isoDate: string) =>
  new Date(`${isoDate.slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/**
 * 201 of POST /api/proposals/{token}/accept: the order it created, and (order core) the receipt's
 * `payment` (invoices with the deposit's exact USDT amount, the wallet) and the order's access token.
 */
interface AcceptAnswer {
  orderNumber: string;
  email: string;
  depositCents: number;
  balanceCents: number;
  payment?: ReceiptPaymentDto;
  accessToken?: string;
}

type PaymentMethod = "bank-transfer" | "usdt";

export function ProposalPage({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const key = ["proposal", token];
  // the acceptance's answer, shown in place of the forms (the proposal itself then reads "accepted")
  const [accepted, setAccepted] = useState<{ answer: AcceptAnswer; paymentMethod: PaymentMethod } | null>(null);
  const proposal = useQuery({
    queryKey: key,
    queryFn: () => getJson<PublicProposalDto>(`/api/proposals/${encodeURIComponent(token)}`),
    retry: false,
  });
  if (proposal.isPending) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-16">
        <Spinner label="Loading your proposal" />
      </div>
    );
  }
  if (proposal.isError) {
    const missing =
      proposal.error instanceof ApiError && (proposal.error.status === 404 || proposal.error.status === 400);
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{missing ? "Proposal not found" : "Proposal unavailable"}</h1>
        <p className="mt-4 text-slate-600">
          {missing
            ? "This link does not match a proposal. Please check the link in your e-mail, or contact us."
            : (serverMessage(proposal.error) ?? "We couldn't load your proposal right now. Please try again.")}
        </p>
      </div>
    );
  }
  const p = proposal.data;
  return (
    <article className="proposal-print mx-auto max-w-4xl px-4 py-10 sm:px-6" data-testid="proposal">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-6">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">{p.company.name}</p>
          <h1 className="mt-1 text-3xl font-bold text-slate-900">Your Proposal</h1>
          <p className="mt-2 text-slate-600">
            Prepared for <strong className="text-slate-900">{p.customerName}</strong>
            {p.deliverTo ? <> · Delivery to {p.deliverTo}</> : null}
          </p>
        </div>
        <div className="text-sm text-slate-600 sm:text-right">
          <p>Version {p.version}</p>
          <p>
            Valid until <strong className="text-slate-900">{longDate(p.validUntil)}</strong>
          </p>
          <button type="button" className="no-print mt-2 text-orange-700 underline" onClick={() => window.print()}>
            Print or save as PDF
          </button>
        </div>
      </header>

      <StateBanner p={p} />

      <section aria-labelledby="lines-title" className="mt-8">
        <h2 id="lines-title" className="sr-only">
          Lines
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Item
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Qty
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Unit price
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {p.lines.map((l, i) => (
                <tr key={`${i}-${l.name}`} className="border-b border-slate-100">
                  <td className="py-3 pr-4 text-slate-900">{l.name}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{l.quantity}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{money(l.unitPriceCents)}</td>
                  <td className="py-3 text-right tabular-nums">{money(l.lineTotalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl
          className="ml-auto mt-6 grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm"
          data-testid="proposal-totals"
        >
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="text-right tabular-nums">{money(p.subtotalCents)}</dd>
          {p.discountCents > 0 ? (
            <>
              <dt className="text-slate-600">Discount</dt>
              <dd className="text-right tabular-nums">−{money(p.discountCents)}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Delivery{p.deliveryLabel ? ` (${p.deliveryLabel})` : ""}</dt>
          <dd className="text-right tabular-nums">{money(p.deliveryCents)}</dd>
          {p.taxLines.length > 0 ? (
            p.taxLines.map((t) => (
              <Fragment key={t.taxClass}>
                <dt className="text-slate-600">{t.label}</dt>
                <dd className="text-right tabular-nums">{money(t.taxCents)}</dd>
              </Fragment>
            ))
          ) : (
            <>
              <dt className="text-slate-600">
                Sales tax ({p.taxState} {percent(p.taxRateBasisPoints)})
              </dt>
              <dd className="text-right tabular-nums">{money(p.taxCents)}</dd>
            </>
          )}
          <dt className="border-t border-slate-200 pt-2 font-semibold text-slate-900">Total</dt>
          <dd
            className="border-t border-slate-200 pt-2 text-right font-semibold tabular-nums"
            data-testid="proposal-total"
          >
            {money(p.totalCents)}
          </dd>
          <dt className="font-semibold text-orange-800">Deposit due on acceptance ({p.depositPercent}%)</dt>
          <dd className="text-right font-semibold tabular-nums text-orange-800" data-testid="proposal-deposit">
            {money(p.depositCents)}
          </dd>
          <dt className="text-slate-600">Balance due on delivery</dt>
          <dd className="text-right tabular-nums">{money(p.balanceCents)}</dd>
        </dl>
      </section>

      {p.terms ? (
        <section aria-labelledby="terms-title" className="mt-8 rounded-xl bg-slate-50 p-5">
          <h2 id="terms-title" className="text-lg font-semibold text-slate-900">
            Terms
          </h2>
          <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{p.terms}</p>
        </section>
      ) : null}

      {accepted ? (
        <AcceptedOrder answer={accepted.answer} paymentMethod={accepted.paymentMethod} p={p} />
      ) : p.state === "open" ? (
        <div className="no-print mt-10 grid gap-6 lg:grid-cols-2">
          <AcceptForm
            token={token}
            p={p}
            onDone={(answer, paymentMethod) => {
              setAccepted({ answer, paymentMethod });
              void queryClient.invalidateQueries({ queryKey: key });
            }}
          />
          <ChangesForm token={token} />
        </div>
      ) : null}

      <footer className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-500">
        {p.company.name} · {p.company.phone} · {p.company.email}
      </footer>
    </article>
  );
}

function StateBanner({ p }: { p: PublicProposalDto }) {
  if (p.state === "expired") {
    return (
      <p role="status" className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900" data-testid="proposal-state">
        This proposal expired on {longDate(p.validUntil)}. Please contact us at {p.company.phone} or {p.company.email}{" "}
        for an updated proposal.
      </p>
    );
  }
  if (p.state === "accepted") {
    return (
      <p role="status" className="mt-6 rounded-lg bg-green-50 p-4 text-green-900" data-testid="proposal-state">
        Accepted by {p.acceptedBy}
        {p.acceptedAt ? ` on ${new Date(p.acceptedAt).toLocaleDateString("en-US", { dateStyle: "long" })}` : ""}.
        {p.orderNumber ? (
          <>
            {" "}
            Your order number is <strong>{p.orderNumber}</strong>:{" "}
            <Link to="/order-status" search={{ order: p.orderNumber }} className="underline">
              follow your order
            </Link>
            .
          </>
        ) : null}
      </p>
    );
  }
  return null;
}

function AcceptForm({
  token,
  p,
  onDone,
}: {
  token: string;
  p: PublicProposalDto;
  onDone: (answer: AcceptAnswer, paymentMethod: PaymentMethod) => void;
}) {
  const [fullName, setFullName] = useState("");
  const [agree, setAgree] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("bank-transfer");
  const { errors, setErrors, clear, edited } = useFormErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const accept = useMutation({
    mutationFn: () =>
      postJson<AcceptAnswer>(`/api/proposals/${encodeURIComponent(token)}/accept`, {
        fullName: fullName.trim(),
        agree: true,
        version: p.version,
        paymentMethod,
      }),
    onSuccess: (answer) => onDone(answer, paymentMethod),
    onError: (error) => {
      setErrors(formErrors(error, ACCEPT_FIELDS, "We couldn't record your acceptance. Please try again."));
      focusFirstInvalid(formRef.current);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Partial<Record<string, string>> = {};
    if (fullName.trim().length < 3) fields.fullName = "Please type your full name.";
    if (!agree) fields.agree = "Please confirm that you agree to the terms.";
    if (Object.keys(fields).length > 0) {
      setErrors({ fields, message: null });
      focusFirstInvalid(formRef.current);
      return;
    }
    clear();
    accept.mutate();
  };
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="rounded-2xl border border-slate-200 p-6 shadow-sm"
      aria-labelledby="accept-title"
    >
      <h2 id="accept-title" className="text-xl font-semibold text-slate-900">
        Accept this proposal
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Accepting creates your order; the deposit of {money(p.depositCents)} is then due.
      </p>
      <div className="mt-4 grid gap-4">
        <TextField
          label="Your full name"
          required
          autoComplete="name"
          value={fullName}
          onChange={(e) => {
            setFullName(e.target.value);
            edited("fullName");
          }}
          error={errors.fields.fullName}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">How will you pay?</legend>
          <div className="mt-2 flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="payment-method"
                checked={paymentMethod === "bank-transfer"}
                onChange={() => setPaymentMethod("bank-transfer")}
              />
              Bank transfer
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="payment-method"
                checked={paymentMethod === "usdt"}
                onChange={() => setPaymentMethod("usdt")}
              />
              USDT (TRC20)
            </label>
          </div>
        </fieldset>
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-1"
              checked={agree}
              onChange={(e) => {
                setAgree(e.target.checked);
                edited("agree");
              }}
              {...(errors.fields.agree ? { "aria-invalid": true, "aria-describedby": "accept-agree-error" } : {})}
            />
            <span>
              I agree to the terms of this proposal (version {p.version}), including the {p.depositPercent}% deposit and
              the balance due on delivery.
            </span>
          </label>
          {errors.fields.agree ? (
            <p id="accept-agree-error" className="mt-1 text-sm font-medium text-red-700" data-testid="field-error">
              {errors.fields.agree}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClass.primary} disabled={accept.isPending}>
          {accept.isPending ? "Accepting..." : "Accept Proposal"}
        </button>
        <FormMessage message={errors.message} />
      </div>
    </form>
  );
}

/**
 * The order the acceptance created: its number, what is due now (the deposit: for USDT its exact amount,
 * the wallet with copy buttons and the QR code; for a bank transfer its reference), and a link to the
 * order's confirmation page. The amounts come with the answer; an answer without them is completed from
 * the order's own link (GET /api/orders/{orderNumber}/receipt?t=…).
 */
function AcceptedOrder({
  answer,
  paymentMethod,
  p,
}: {
  answer: AcceptAnswer;
  paymentMethod: PaymentMethod;
  p: PublicProposalDto;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const fetched = useOrderReceipt(
    answer.payment ? undefined : answer.orderNumber,
    answer.payment ? undefined : answer.accessToken,
  );
  const payment = answer.payment ?? fetched.data?.payment;
  const method = fetched.data?.paymentMethod ?? paymentMethod;
  return (
    <section
      aria-labelledby="accepted-title"
      className="no-print mt-10 rounded-2xl border border-green-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="proposal-accepted"
    >
      <h2 id="accepted-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        Thank you: your order <span className="font-mono">{answer.orderNumber}</span> is placed
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We sent the details to <strong>{answer.email}</strong>. The balance of {money(answer.balanceCents)} is due on
        delivery.
      </p>
      <div className="mt-4">
        {payment ? (
          <AmountDue paymentMethod={method} payment={payment} depositPercent={p.depositPercent} />
        ) : (
          <div className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="amount-due">
            <p className="flex flex-wrap items-baseline justify-between gap-2 font-semibold text-slate-900">
              <span>Due now · Deposit ({p.depositPercent}%)</span>
              <span className="text-2xl font-bold tabular-nums">{money(answer.depositCents)}</span>
            </p>
            {answer.accessToken && fetched.isPending ? (
              <p role="status" className="mt-2 text-sm text-slate-700">
                Loading the payment details…
              </p>
            ) : (
              <p className="mt-2 text-sm text-slate-700">
                We e-mail you how to pay it{method === "usdt" ? ", with the exact USDT amount and our wallet" : ""}.
              </p>
            )}
          </div>
        )}
      </div>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {answer.accessToken ? (
          <Link
            to="/order-confirmation"
            search={{ order: answer.orderNumber, t: answer.accessToken }}
            className={buttonClass.primary}
          >
            View Your Order
          </Link>
        ) : (
          <Link to="/order-status" search={{ order: answer.orderNumber }} className={buttonClass.primary}>
            Follow Your Order
          </Link>
        )}
      </div>
    </section>
  );
}

/** The accept form's fields, by the names the API's reasons use. */
const ACCEPT_FIELDS = ["fullName", "agree", "paymentMethod"] as const;

function ChangesForm({ token }: { token: string }) {
  const [message, setMessage] = useState("");
  const changes = useMutation({
    mutationFn: () => postJson(`/api/proposals/${encodeURIComponent(token)}/changes`, { message: message.trim() }),
  });
  const { errors, setErrors, clear, edited } = useFormErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim().length < 5) {
      setErrors({ fields: { message: "Please say what you would like changed." }, message: null });
      focusFirstInvalid(formRef.current);
      return;
    }
    clear();
    changes.mutate(undefined, {
      onError: (error) => {
        setErrors(formErrors(error, ["message"], "We couldn't send your request. Please try again."));
        focusFirstInvalid(formRef.current);
      },
    });
  };
  if (changes.isSuccess) {
    return (
      <p role="status" className="rounded-2xl border border-slate-200 p-6 text-slate-700 shadow-sm">
        Thank you: we have your request and will send you an updated proposal.
      </p>
    );
  }
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="rounded-2xl border border-slate-200 p-6 shadow-sm"
      aria-labelledby="changes-title"
    >
      <h2 id="changes-title" className="text-xl font-semibold text-slate-900">
        Request changes
      </h2>
      <Field label="What would you like changed?" className="mt-4" error={errors.fields.message}>
        {(ids) => (
          <textarea
            {...ids}
            className="mt-1 block min-h-32 w-full rounded-lg border border-slate-300 p-3 text-base"
            value={message}
            maxLength={4000}
            onChange={(e) => {
              setMessage(e.target.value);
              edited("message");
            }}
          />
        )}
      </Field>
      <button type="submit" className={`${buttonClass.outline} mt-4`} disabled={changes.isPending}>
        {changes.isPending ? "Sending..." : "Send Request"}
      </button>
      <FormMessage message={errors.message} className="mt-4" />
    </form>
  );
}
