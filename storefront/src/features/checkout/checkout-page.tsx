import { deliveryWindow } from "@ch/contracts/business-facts";
import { Link } from "@tanstack/react-router";
import { buttonClass, PageHeader } from "../../components/ui";
import { CheckoutSummary } from "./checkout-summary";
import { ContactDeliverySection } from "./contact-delivery-section";
import { PaymentMethodFieldset } from "./payment-method-fieldset";
import { depositOf, useCheckout } from "./use-checkout";

function EmptyCart() {
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

export function CheckoutPage() {
  const checkout = useCheckout();
  const { config, form, errors } = checkout;

  if (checkout.placed) return null;
  if (checkout.lines.length === 0) return <EmptyCart />;

  const deposit = depositOf(checkout.figures);
  return (
    <>
      <PageHeader title="Checkout" intro={config ? `Delivery takes ${deliveryWindow(config)}.` : undefined} />
      <form
        ref={checkout.formRef}
        noValidate
        onSubmit={checkout.submit}
        className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-3 lg:px-8"
      >
        <div className="space-y-8 lg:col-span-2">
          <ContactDeliverySection form={form} errors={errors} set={checkout.set} />
          <PaymentMethodFieldset form={form} setForm={checkout.setForm} config={config} deposit={deposit} />
        </div>
        <CheckoutSummary checkout={checkout} deposit={deposit} />
      </form>
    </>
  );
}
