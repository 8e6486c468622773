import { MAX_LINE_QUANTITY } from "@ch/contracts/constants";
import { Link } from "@tanstack/react-router";
import { CartIcon, MinusIcon, PlusIcon, TrashIcon } from "../../components/icons";
import { QuoteButton } from "../../components/quote-button";
import { ResponsiveImage } from "../../components/responsive-image";
import { buttonClass, PageHeader, TitledSection } from "../../components/ui";
import { clearCart, removeFromCart, updateQuantity, useCart } from "../../lib/cart";
import { type CartLine, describeCart, itemCount, subtotal } from "../../lib/cart-ops";
import { categoryLabel, formatPrice } from "../../lib/format";

function EmptyCart() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <CartIcon className="h-16 w-16 text-slate-300" />
      <h1 className="mt-6 text-3xl font-bold text-slate-900">Your Cart is Empty</h1>
      <p className="mt-3 text-slate-600">Browse our container homes and add a model to get started.</p>
      <Link to="/products/{-$category}" params={{ category: undefined }} className={`${buttonClass.primary} mt-8`}>
        Browse Products
      </Link>
    </div>
  );
}

function CartLineItem({ line }: { line: CartLine }) {
  return (
    <li
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4 shadow-sm sm:flex-row sm:items-center"
      data-testid="cart-line"
    >
      {line.image ? (
        <ResponsiveImage
          image={{ url: line.image }}
          alt=""
          sizes="(min-width: 640px) 144px, 92vw"
          loading="eager"
          className="aspect-[3/2] w-full rounded-lg object-cover sm:w-36"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <Link
          to="/product/$id"
          params={{ id: String(line.id) }}
          className="rounded font-bold text-slate-900 hover:text-amber-700"
        >
          {line.name}
        </Link>
        <p className="text-sm text-slate-600">{categoryLabel(line.category)}</p>
        <p className="mt-1 font-semibold text-slate-900">{formatPrice(line.price)}</p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <fieldset className="flex items-center rounded-lg border border-slate-300">
          <legend className="sr-only">Quantity of {line.name}</legend>
          <button
            type="button"
            className="p-2.5 hover:bg-slate-100"
            aria-label={`Decrease quantity of ${line.name}`}
            onClick={() => updateQuantity(line.id, line.quantity - 1)}
          >
            <MinusIcon className="h-4 w-4" />
          </button>
          <span className="min-w-8 text-center font-semibold" data-testid="line-quantity" aria-live="polite">
            {line.quantity}
          </span>
          <button
            type="button"
            className="p-2.5 hover:bg-slate-100 disabled:opacity-40"
            aria-label={`Increase quantity of ${line.name}`}
            disabled={line.quantity >= MAX_LINE_QUANTITY}
            onClick={() => updateQuantity(line.id, line.quantity + 1)}
          >
            <PlusIcon className="h-4 w-4" />
          </button>
        </fieldset>
        <button
          type="button"
          className="rounded-lg p-2.5 text-red-700 hover:bg-red-50"
          aria-label={`Remove ${line.name}`}
          onClick={() => removeFromCart(line.id)}
        >
          <TrashIcon />
        </button>
      </div>
    </li>
  );
}

function CartSummary({ lines }: { lines: CartLine[] }) {
  const count = itemCount(lines);
  const total = subtotal(lines);
  return (
    <TitledSection
      id="summary-title"
      title="Order Summary"
      as="aside"
      className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm"
      titleClassName="text-xl font-bold text-slate-900"
    >
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Items</dt>
          <dd className="font-medium" data-testid="summary-count">
            {count}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="font-medium">{formatPrice(total)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Shipping</dt>
          <dd className="font-medium">TBD</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-3 text-base">
          <dt className="font-bold">Total</dt>
          <dd className="font-bold">{formatPrice(total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-600">Tax and delivery are added at checkout.</p>
      <div className="mt-6 flex flex-col gap-3">
        <Link to="/checkout" className={`${buttonClass.primary} py-3 text-base`}>
          Proceed to Checkout
        </Link>
        <QuoteButton
          className={buttonClass.outline}
          request={{
            kind: "quote",
            title: "Request a Quote",
            message: `I'd like a quote for the items in my cart:\n${describeCart(lines)}`,
          }}
        >
          Request Quote
        </QuoteButton>
      </div>
    </TitledSection>
  );
}

export function CartPage() {
  const lines = useCart();
  if (lines.length === 0) return <EmptyCart />;
  return (
    <>
      <PageHeader title="Your Cart" />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-3 lg:px-8">
        <section aria-labelledby="lines-title" className="lg:col-span-2">
          <div className="flex items-center justify-between">
            <h2 id="lines-title" className="text-xl font-bold text-slate-900">
              Items
            </h2>
            <button
              type="button"
              className="rounded text-sm font-medium text-red-700 hover:text-red-800"
              onClick={() => clearCart()}
            >
              Clear Cart
            </button>
          </div>
          <ul className="mt-4 space-y-4">
            {lines.map((line) => (
              <CartLineItem key={line.id} line={line} />
            ))}
          </ul>
          <Link
            to="/products/{-$category}"
            params={{ category: undefined }}
            className="mt-6 inline-block rounded text-sm font-semibold text-amber-700 hover:text-amber-800"
          >
            ← Continue Shopping
          </Link>
        </section>
        <CartSummary lines={lines} />
      </div>
    </>
  );
}
