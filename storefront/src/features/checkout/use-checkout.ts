// Checkout's state and Place Order: the form, the server's quote for its state and ZIP, and the submit
// (price the cart first when no total is showing, then send the order the customer saw).
import type { OrderInput } from "@ch/contracts/orders";
import { type QueryClient, type UseQueryResult, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, type MutableRefObject, type RefObject, useRef, useState } from "react";
import { ApiError } from "../../lib/api";
import { useCart, writeCart } from "../../lib/cart";
import type { CartLine } from "../../lib/cart-ops";
import { type FormErrors, focusFirstInvalid, formErrors, useFormErrors } from "../../lib/form-errors";
import { formatAmount } from "../../lib/format";
import { saveLastOrder } from "../../lib/last-order";
import { type SiteConfig, useSiteConfig } from "../../lib/site-config";
import { dismissToast, toast } from "../../lib/toast";
import { trpcClient } from "../../lib/trpc";
import {
  explainConflict,
  isOrderConflict,
  newIdempotencyKey,
  productConflict,
  quoteProblemText,
  refreshCartPrices,
  retryable,
} from "./checkout-errors";
import { cartQuoteQuery, type OrderQuoteDto, QUOTE_KEY, quoteReady } from "./quote";
import { type CheckoutForm, emptyCheckoutForm, validateCheckout } from "./validation";

const FIELDS = Object.keys(emptyCheckoutForm);

/** What Place Order reads and sets: one render's state of the checkout. */
interface SubmitContext {
  lines: CartLine[];
  config: SiteConfig | undefined;
  form: CheckoutForm;
  quote: UseQueryResult<OrderQuoteDto>;
  figures: OrderQuoteDto | undefined;
  queryClient: QueryClient;
  navigate: ReturnType<typeof useNavigate>;
  setErrors: (errors: FormErrors) => void;
  clear: () => void;
  setSubmitting: (on: boolean) => void;
  setPlaced: (on: boolean) => void;
  setPricing: (on: boolean) => void;
  idempotencyKey: MutableRefObject<string>;
  formRef: RefObject<HTMLFormElement>;
  reviewTotal: MutableRefObject<boolean>;
}

export function useCheckout() {
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
  const context: SubmitContext = {
    lines,
    config,
    form,
    quote,
    figures,
    queryClient,
    navigate,
    setErrors,
    clear,
    setSubmitting,
    setPlaced,
    setPricing,
    idempotencyKey,
    formRef,
    reviewTotal,
  };
  const submit = (event: FormEvent) => submitCheckout(context, event);
  return {
    lines,
    config,
    form,
    setForm,
    set,
    errors,
    submitting,
    placed,
    pricing,
    formRef,
    reviewTotal,
    quote,
    figures,
    quoteProblem,
    cartSubtotalCents,
    submit,
  };
}

async function submitCheckout(ctx: SubmitContext, event: FormEvent): Promise<void> {
  event.preventDefault();
  const { form, config, lines, formRef } = ctx;
  if (form.paymentMethod === "usdt" && config && !config.usdtWalletAddress) {
    ctx.setErrors({ fields: {}, message: "USDT payments are unavailable at the moment. Please choose bank transfer." });
    return;
  }
  const problems = validateCheckout(form, lines.length);
  if (problems) {
    ctx.setErrors(problems);
    focusFirstInvalid(formRef.current);
    return;
  }
  ctx.clear();
  if (!ctx.figures) {
    await priceFirst(ctx);
    return;
  }
  // the form is valid now: an earlier complaint ("Invalid Email") must not follow to the thank-you page
  dismissToast();
  await placeOrder(ctx, ctx.figures);
}

/**
 * Never an order the customer has not seen priced: ask for the quote (or wait for the one on its way),
 * show it, and let them place the order once they have read delivery, tax and the total.
 */
async function priceFirst(ctx: SubmitContext): Promise<void> {
  const { quote, form } = ctx;
  const options = cartQuoteQuery(ctx.lines, form.state, form.zipCode);
  ctx.setPricing(true);
  try {
    if (quote.isError && !retryable(quote.error)) throw quote.error;
    const fresh = await ctx.queryClient.fetchQuery(options);
    toast({
      title: "Please Review Your Total",
      description: `With delivery and tax your total is ${formatAmount(fresh.totalAmount)}. Check it, then place your order.`,
    });
    ctx.reviewTotal.current = true;
  } catch (error) {
    const conflict = productConflict(error);
    if (conflict) {
      toast({ title: conflict.title, description: conflict.description, variant: "destructive" });
      if (conflict.unknown) await refreshCartPrices();
    } else {
      // the server's reason for a ZIP or state it cannot price, next to the ZIP
      ctx.setErrors({ fields: { zipCode: quoteProblemText(error) }, message: null });
      focusFirstInvalid(ctx.formRef.current);
    }
  } finally {
    ctx.setPricing(false);
  }
}

function orderInput(form: CheckoutForm, lines: CartLine[], totalAmount: number): OrderInput {
  return {
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
    totalAmount,
    orderDate: new Date().toISOString(),
  };
}

async function placeOrder(ctx: SubmitContext, figures: OrderQuoteDto): Promise<void> {
  const order = orderInput(ctx.form, ctx.lines, figures.totalAmount);
  ctx.setSubmitting(true);
  try {
    const receipt = await trpcClient.orders.place.mutate({ order, idempotencyKey: ctx.idempotencyKey.current });
    saveLastOrder({ ...order, receipt });
    ctx.idempotencyKey.current = newIdempotencyKey();
    ctx.setPlaced(true);
    writeCart([]);
    // the order's own link: the thank-you page reads it again after a reload or in a new tab
    await ctx.navigate({
      to: "/order-confirmation",
      search: receipt.accessToken ? { order: receipt.orderNumber, t: receipt.accessToken } : {},
    });
  } catch (error) {
    await orderFailed(ctx, error);
  } finally {
    ctx.setSubmitting(false);
  }
}

async function orderFailed(ctx: SubmitContext, error: unknown): Promise<void> {
  if (isOrderConflict(error)) {
    toast({ ...explainConflict(error), variant: "destructive" });
    await refreshCartPrices();
    // the summary shows the server's figures again
    await ctx.queryClient.invalidateQueries({ queryKey: [QUOTE_KEY] });
  } else if (error instanceof ApiError && error.status === 429) {
    toast({
      title: "Too Many Attempts",
      description: "Please wait a minute and try again.",
      variant: "destructive",
    });
  } else if (error instanceof ApiError && error.status === 400) {
    ctx.setErrors(formErrors(error, FIELDS, "We couldn't place your order just now. Please try again."));
    focusFirstInvalid(ctx.formRef.current);
  } else {
    toast({
      title: "Order Error",
      description: "Failed to submit order. Please try again.",
      variant: "destructive",
    });
  }
}

export type Checkout = ReturnType<typeof useCheckout>;

/** The deposit is due now, the rest on delivery: the server's split of its own total. */
export function depositOf(figures: OrderQuoteDto | undefined) {
  const deposit = figures
    ? { depositPercent: figures.depositPercent, balance: figures.balanceOnDelivery, dueNow: figures.amountDueNow }
    : null;
  const dueNow = deposit ? formatAmount(deposit.dueNow) : null;
  const balance = deposit && deposit.balance > 0 ? formatAmount(deposit.balance) : null;
  return { deposit, dueNow, balance };
}

export type Deposit = ReturnType<typeof depositOf>;
