import { cancellationTerms, deliveryWindow } from "@ch/api/contracts/business-facts";
import type { OrderInput, OrderReceiptDto } from "@ch/api/contracts/orders";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useRef, useState } from "react";
import { StateSelect } from "../../components/delivery-fields";
import { CheckIcon, CopyIcon } from "../../components/icons";
import { buttonClass, Field, FormMessage, inputClass, PageHeader } from "../../components/ui";
import { ApiError, getJson, postJson, serverMessage } from "../../lib/api";
import { readCart, useCart, writeCart } from "../../lib/cart";
import type { CartLine } from "../../lib/cart-ops";
import { focusFirstInvalid, formErrors, useFormErrors } from "../../lib/form-errors";
import { formatAmount } from "../../lib/format";
import { saveLastOrder } from "../../lib/last-order";
import type { ProductDto } from "../../lib/queries";
import { depositTerms, useSiteConfig } from "../../lib/site-config";
import { dismissToast, toast } from "../../lib/toast";
import { cartQuoteQuery, QUOTE_KEY, quoteReady } from "./quote";
import { type CheckoutForm, emptyCheckoutForm, validateCheckout } from "./validation";

const FIELDS = Object.keys(emptyCheckoutForm);

import { WalletQr } from "./wallet-qr";

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return `checkout-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const cents = (n: number) => n / 100;
const ENTER_ADDRESS = "Enter your delivery state and ZIP to see delivery and tax";
const DUE_NOW_LATER = "The amount due now shows once you enter your delivery state and ZIP.";

function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ title: "Copied!", description: `${label} copied to clipboard` });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: "Copy Failed", description: "Please copy the information manually.", variant: "destructive" });
    }
  };
  return (
    <button type="button" onClick={copy} className={`${buttonClass.outline} px-3 py-2`} aria-label={`Copy ${label}`}>
      {copied ? <CheckIcon className="h-4 w-4 text-green-700" /> : <CopyIcon className="h-4 w-4" />}
      {copied ? "Copied" : "Copy"}
    </button>
  );
}

/** After a 409 the server's prices win: refresh the cart's lines from the catalog. */
async function refreshCartPrices(): Promise<void> {
  const lines = readCart();
  const refreshed = await Promise.all(
    lines.map(async (line): Promise<CartLine | null> => {
      try {
        const product = await getJson<ProductDto>(`/api/products/${line.id}`);
        return { ...line, name: product.name, price: product.price, image: product.images[0] ?? line.image };
      } catch (error) {
        return error instanceof ApiError && error.status === 404 ? null : line;
      }
    }),
  );
  writeCart(refreshed.filter((l): l is CartLine => l !== null));
}

function explainConflict(error: ApiError): { title: string; description: string } {
  const body = (error.body ?? {}) as {
    outOfStock?: { name: string }[];
    unknownProductIds?: number[];
    totalAmount?: number;
  };
  if (body.outOfStock?.length) {
    return {
      title: "Out of Stock",
      description: `${body.outOfStock.map((p) => p.name).join(", ")} ${body.outOfStock.length === 1 ? "is" : "are"} no longer available. Please remove ${body.outOfStock.length === 1 ? "it" : "them"} from your cart.`,
    };
  }
  if (body.unknownProductIds?.length) {
    return {
      title: "Cart Updated",
      description: "Some items in your cart are no longer sold and have been removed. Please review your order.",
    };
  }
  if (typeof body.totalAmount === "number") {
    return {
      title: "Prices Changed",
      description: `Prices have changed since you added these items. The new total is ${formatAmount(body.totalAmount)}. Please review your order and submit again.`,
    };
  }
  return { title: "Order Error", description: serverMessage(error) ?? "Failed to submit order. Please try again." };
}

/** A 409 naming products (unknown or out of stock), from the quote or the order: what the customer reads. */
function productConflict(error: unknown): { title: string; description: string; unknown: boolean } | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.body || typeof error.body !== "object")
    return null;
  if (!("outOfStock" in error.body) && !("unknownProductIds" in error.body)) return null;
  return { ...explainConflict(error), unknown: "unknownProductIds" in error.body };
}

/** Why the quote is missing, in the customer's words (the server's reason for a ZIP or state it cannot price). */
function quoteProblemText(error: unknown): string {
  return (
    productConflict(error)?.description ??
    serverMessage(error) ??
    "We couldn't price delivery and tax just now. Please try again."
  );
}

/** A quote that failed for a reason another try may not share (network, server, rate limit). */
const retryable = (error: unknown) => !(error instanceof ApiError) || error.status >= 500 || error.status === 429;

export function CheckoutPage() {
  const lines = useCart();
  const config = useSiteConfig();
  const navigate = useNavigate();
  const [form, setForm] = useState<CheckoutForm>(emptyCheckoutForm);
  const { errors, setErrors, clear, edited } = useFormErrors();
  const [submitting, setSubmitting] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [pricing, setPricing] = useState(false);
  const idempotencyKey = useRef(newIdempotencyKey());
  const formRef = useRef<HTMLFormElement>(null);
  // after a Place Order that had to price the cart first: the total takes focus once it shows
  const reviewTotal = useRef(false);

  // the server prices the cart for the delivery state and ZIP (delivery band, sales tax per class, deposit)
  const queryClient = useQueryClient();
  const quote = useQuery(cartQuoteQuery(lines, form.state, form.zipCode));
  const figures = quoteReady(form.state, form.zipCode) ? quote.data : undefined;
  const quoteProblem = quoteReady(form.state, form.zipCode) && quote.isError ? quoteProblemText(quote.error) : null;
  const cartSubtotalCents = lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0);
  const set = (key: keyof CheckoutForm) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: event.target.value }));
    edited(key);
  };

  if (placed) return null;
  if (lines.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Your cart is empty</h1>
        <p className="mt-3 text-slate-600">Add a container home to your cart before checking out.</p>
        <Link to="/products/{-$category}" params={{ category: undefined }} className={`${buttonClass.primary} mt-8`}>
          Browse Products
        </Link>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.paymentMethod === "usdt" && config && !config.usdtWalletAddress) {
      setErrors({ fields: {}, message: "USDT payments are unavailable at the moment. Please choose bank transfer." });
      return;
    }
    const problems = validateCheckout(form, lines.length);
    if (problems) {
      setErrors(problems);
      focusFirstInvalid(formRef.current);
      return;
    }
    clear();
    if (!figures) {
      // never an order the customer has not seen priced: ask for the quote (or wait for the one on its way),
      // show it, and let them place the order once they have read delivery, tax and the total
      const options = cartQuoteQuery(lines, form.state, form.zipCode);
      setPricing(true);
      try {
        if (quote.isError && !retryable(quote.error)) throw quote.error;
        const fresh = await queryClient.fetchQuery(options);
        toast({
          title: "Please Review Your Total",
          description: `With delivery and tax your total is ${formatAmount(fresh.totalAmount)}. Check it, then place your order.`,
        });
        reviewTotal.current = true;
      } catch (error) {
        const conflict = productConflict(error);
        if (conflict) {
          toast({ title: conflict.title, description: conflict.description, variant: "destructive" });
          if (conflict.unknown) await refreshCartPrices();
        } else {
          // the server's reason for a ZIP or state it cannot price, next to the ZIP
          setErrors({ fields: { zipCode: quoteProblemText(error) }, message: null });
          focusFirstInvalid(formRef.current);
        }
      } finally {
        setPricing(false);
      }
      return;
    }
    // the form is valid now: an earlier complaint ("Invalid Email") must not follow to the thank-you page
    dismissToast();
    const order: OrderInput = {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      address: form.address.trim(),
      city: form.city.trim(),
      state: form.state,
      zipCode: form.zipCode.trim(),
      deliveryNotes: form.deliveryNotes.trim() || null,
      paymentMethod: form.paymentMethod,
      cartItems: lines,
      // the total the customer saw: the server refuses the order (409, with its figures) when it differs
      totalAmount: figures.totalAmount,
      orderDate: new Date().toISOString(),
    };
    setSubmitting(true);
    try {
      const receipt = await postJson<OrderReceiptDto>("/api/orders", order, {
        "Idempotency-Key": idempotencyKey.current,
      });
      saveLastOrder({ ...order, receipt });
      idempotencyKey.current = newIdempotencyKey();
      setPlaced(true);
      writeCart([]);
      // the order's own link: the thank-you page reads it again after a reload or in a new tab
      await navigate({
        to: "/order-confirmation",
        search: receipt.accessToken ? { order: receipt.orderNumber, t: receipt.accessToken } : {},
      });
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        error.body &&
        typeof error.body === "object" &&
        ("totalAmount" in error.body || "outOfStock" in error.body || "unknownProductIds" in error.body)
      ) {
        toast({ ...explainConflict(error), variant: "destructive" });
        await refreshCartPrices();
        // the summary shows the server's figures again
        await queryClient.invalidateQueries({ queryKey: [QUOTE_KEY] });
      } else if (error instanceof ApiError && error.status === 429) {
        toast({
          title: "Too Many Attempts",
          description: "Please wait a minute and try again.",
          variant: "destructive",
        });
      } else if (error instanceof ApiError && error.status === 400) {
        setErrors(formErrors(error, FIELDS, "We couldn't place your order just now. Please try again."));
        focusFirstInvalid(formRef.current);
      } else {
        toast({
          title: "Order Error",
          description: "Failed to submit order. Please try again.",
          variant: "destructive",
        });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const text = (key: keyof CheckoutForm, label: string, props: Record<string, string> = {}, className = "") => (
    <Field label={label} required className={className} error={errors.fields[key]}>
      {(ids) => (
        <input
          type="text"
          {...ids}
          name={key}
          className={inputClass}
          value={form[key]}
          onChange={set(key)}
          {...props}
        />
      )}
    </Field>
  );
  // the deposit is due now, the rest on delivery: the server's split of its own total
  const deposit = figures
    ? { depositPercent: figures.depositPercent, balance: figures.balanceOnDelivery, dueNow: figures.amountDueNow }
    : null;
  const dueNow = deposit ? formatAmount(deposit.dueNow) : null;
  const balance = deposit && deposit.balance > 0 ? formatAmount(deposit.balance) : null;

  return (
    <>
      <PageHeader title="Checkout" intro={config ? `Delivery takes ${deliveryWindow(config)}.` : undefined} />
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-3 lg:px-8"
      >
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="contact-info" className="rounded-2xl border border-slate-200 p-6 shadow-sm">
            <h2 id="contact-info" className="text-xl font-bold text-slate-900">
              Contact & Delivery
            </h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {text("firstName", "First Name", { autoComplete: "given-name" })}
              {text("lastName", "Last Name", { autoComplete: "family-name" })}
              {text("email", "Email", { type: "email", autoComplete: "email" })}
              {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
              {text("address", "Delivery Address", { autoComplete: "address-line1" }, "sm:col-span-2")}
              {text("city", "City", { autoComplete: "address-level2" })}
              <StateSelect
                label="State"
                name="state"
                required
                value={form.state}
                onChange={set("state")}
                error={errors.fields.state}
              />
              {text("zipCode", "ZIP Code", { inputMode: "numeric", autoComplete: "postal-code" })}
              <Field label="Delivery Notes (optional)" className="sm:col-span-2" error={errors.fields.deliveryNotes}>
                {(ids) => (
                  <textarea
                    {...ids}
                    name="deliveryNotes"
                    rows={3}
                    className={inputClass}
                    value={form.deliveryNotes}
                    onChange={set("deliveryNotes")}
                    placeholder="Gate codes, site access, preferred delivery days..."
                  />
                )}
              </Field>
            </div>
          </section>

          <fieldset className="rounded-2xl border border-slate-200 p-6 shadow-sm">
            <legend className="px-1 text-xl font-bold text-slate-900">Payment Method</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {(
                [
                  ["usdt", "USDT (TRC20)", "Pay with Tether on the TRON network"],
                  ["bank-transfer", "Bank Transfer", "Wire or ACH from your bank"],
                ] as const
              ).map(([value, label, hint]) => (
                <label
                  key={value}
                  className={`flex cursor-pointer gap-3 rounded-xl border-2 p-4 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-amber-600 ${
                    form.paymentMethod === value ? "border-amber-500 bg-amber-50" : "border-slate-200"
                  }`}
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={value}
                    checked={form.paymentMethod === value}
                    onChange={() => setForm((f) => ({ ...f, paymentMethod: value }))}
                    className="mt-1 accent-amber-600"
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">{label}</span>
                    <span className="block text-sm text-slate-600">{hint}</span>
                  </span>
                </label>
              ))}
            </div>

            {form.paymentMethod === "usdt" ? (
              <div className="mt-6 rounded-xl bg-slate-50 p-5" data-testid="usdt-details">
                <h3 className="font-semibold text-slate-900">Send USDT on the TRC20 network</h3>
                {config && !config.usdtWalletAddress ? (
                  <p className="mt-2 text-sm text-slate-700" data-testid="usdt-unavailable">
                    USDT payments are unavailable at the moment. Please choose bank transfer.
                  </p>
                ) : null}
                {config?.usdtWalletAddress ? (
                  <div className="mt-4 flex flex-col gap-5 sm:flex-row">
                    <WalletQr value={config.usdtWalletAddress} />
                    <div className="min-w-0 flex-1 space-y-3">
                      <div>
                        <p className="text-sm text-slate-600">Wallet address</p>
                        <div className="mt-1 flex flex-wrap items-center gap-2">
                          <code
                            className="min-w-0 rounded-md bg-white px-2 py-1.5 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200"
                            data-testid="wallet-address"
                          >
                            {config.usdtWalletAddress}
                          </code>
                          <CopyButton value={config.usdtWalletAddress} label="Wallet address" />
                        </div>
                      </div>
                      <div>
                        <p className="text-sm text-slate-600">
                          Amount due now
                          {deposit && balance ? ` (${deposit.depositPercent}% deposit)` : ""}
                        </p>
                        {dueNow ? (
                          <p className="text-2xl font-bold text-slate-900" data-testid="usdt-amount-due">
                            {dueNow} USDT
                          </p>
                        ) : (
                          <p className="text-sm text-slate-700">{DUE_NOW_LATER}</p>
                        )}
                        {balance ? (
                          <p className="text-sm text-slate-600">Balance of {balance} due on delivery</p>
                        ) : null}
                        <p className="mt-1 text-sm text-slate-600">
                          Once you place the order you get the exact amount to send, to the last digit: it tells us
                          which order your transfer pays, so we record it automatically.
                        </p>
                      </div>
                    </div>
                  </div>
                ) : null}
                <p
                  className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
                  role="note"
                >
                  <strong>Warning:</strong> send USDT on the TRC20 (TRON) network only. Sending on another network may
                  result in the loss of your funds.
                </p>
              </div>
            ) : (
              <div className="mt-6 rounded-xl bg-slate-50 p-5" data-testid="bank-details">
                <h3 className="font-semibold text-slate-900">Bank transfer</h3>
                <p className="mt-2 text-sm text-slate-700">
                  {config?.bankTransferReady === false
                    ? "Once you place your order, we e-mail you our bank details; the confirmation page and your order e-mail give your payment reference."
                    : "Once you place your order, the confirmation page and your order e-mail show our bank details and your payment reference."}{" "}
                  {dueNow ? (
                    <>
                      The amount due now is <strong>{dueNow}</strong>
                      {balance && deposit ? (
                        <>
                          {" "}
                          ({deposit.depositPercent}% deposit); the balance of <strong>{balance}</strong> is due on
                          delivery
                        </>
                      ) : null}
                      .
                    </>
                  ) : (
                    DUE_NOW_LATER
                  )}
                </p>
              </div>
            )}
            <p className="mt-4 text-sm text-slate-700" data-testid="payment-matching">
              {form.paymentMethod === "usdt"
                ? "A USDT transfer of the exact amount is recorded automatically once it confirms: there is nothing to send us."
                : "Include the payment reference with your transfer: we match it to your order and e-mail you when it is recorded."}
            </p>
          </fieldset>
        </div>

        <aside
          aria-labelledby="checkout-summary"
          className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm lg:sticky lg:top-24"
        >
          <h2 id="checkout-summary" className="text-xl font-bold text-slate-900">
            Order Summary
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {(figures
              ? figures.lines.map((l) => ({ key: l.productId, name: l.name, quantity: l.quantity, total: l.lineTotal }))
              : lines.map((l) => ({
                  key: l.id,
                  name: l.name,
                  quantity: l.quantity,
                  total: cents(Math.round(l.price * 100) * l.quantity),
                }))
            ).map((line) => (
              <li key={line.key} className="flex justify-between gap-3" data-testid="checkout-line">
                <span className="text-slate-700">
                  {line.name} × {line.quantity}
                </span>
                <span className="font-medium whitespace-nowrap">{formatAmount(line.total)}</span>
              </li>
            ))}
          </ul>
          <div aria-live="polite" className="mt-4 border-t border-slate-200 pt-4 text-sm">
            <dl className="space-y-2">
              <div className="flex justify-between">
                <dt className="text-slate-600">Subtotal</dt>
                <dd>{formatAmount(figures ? figures.subtotal : cents(cartSubtotalCents))}</dd>
              </div>
              {figures ? (
                <>
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-600">
                      Delivery ({figures.deliveryLabel}
                      {figures.miles === null ? "" : `, ${figures.miles.toLocaleString("en-US")} mi`})
                    </dt>
                    <dd data-testid="checkout-delivery">{formatAmount(figures.shipping)}</dd>
                  </div>
                  {figures.taxLines.map((t) => (
                    <div key={t.taxClass} className="flex justify-between gap-3" data-testid="checkout-tax-line">
                      <dt className="text-slate-600">{t.label}</dt>
                      <dd>{formatAmount(t.tax)}</dd>
                    </div>
                  ))}
                  <div className="flex justify-between border-t border-slate-200 pt-3 text-base font-bold">
                    <dt>Total</dt>
                    <dd
                      data-testid="checkout-total"
                      tabIndex={-1}
                      ref={(el) => {
                        if (el && reviewTotal.current) {
                          reviewTotal.current = false;
                          el.focus();
                        }
                      }}
                    >
                      {formatAmount(figures.totalAmount)}
                    </dd>
                  </div>
                  {deposit && balance ? (
                    <>
                      <div className="flex justify-between font-semibold">
                        <dt>Due now ({deposit.depositPercent}% deposit)</dt>
                        <dd data-testid="checkout-due-now">{dueNow}</dd>
                      </div>
                      <div className="flex justify-between">
                        <dt className="text-slate-600">Balance on delivery</dt>
                        <dd>{balance}</dd>
                      </div>
                    </>
                  ) : null}
                </>
              ) : null}
            </dl>
            {figures ? null : (
              // outside the <dl>: a definition list holds only its term and description groups
              <div data-testid="checkout-quote-note" className="pt-3 text-slate-700">
                {quoteProblem ? (
                  <p role="alert" className="text-red-800">
                    {quoteProblem}
                  </p>
                ) : quote.isFetching || pricing ? (
                  <p>Pricing delivery and tax…</p>
                ) : (
                  <p>{ENTER_ADDRESS}.</p>
                )}
              </div>
            )}
          </div>
          <FormMessage message={errors.message} className="mt-6" />
          <button
            type="submit"
            className={`${buttonClass.primary} mt-6 w-full py-3 text-base`}
            disabled={submitting || pricing}
          >
            {submitting ? "Processing..." : "Place Order"}
          </button>
          {config ? (
            <p className="mt-3 text-xs text-slate-600">
              Estimated delivery {deliveryWindow(config)}. {depositTerms(config)}.{" "}
              {cancellationTerms(config.cancellation).window ?? cancellationTerms(config.cancellation).beforeProduction}
            </p>
          ) : null}
        </aside>
      </form>
    </>
  );
}
