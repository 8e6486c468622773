import { StateSelect } from "../../components/delivery-fields";
import { Field, inputClass, TitledSection } from "../../components/ui";
import type { FormErrors } from "../../lib/form-errors";
import type { CheckoutForm } from "./validation";

type Setter = (key: keyof CheckoutForm) => (event: { target: { value: string } }) => void;

function TextField({
  name,
  label,
  props = {},
  className = "",
  form,
  errors,
  set,
}: {
  name: keyof CheckoutForm;
  label: string;
  props?: Record<string, string>;
  className?: string;
  form: CheckoutForm;
  errors: FormErrors;
  set: Setter;
}) {
  return (
    <Field label={label} required className={className} error={errors.fields[name]}>
      {(ids) => (
        <input
          type="text"
          {...ids}
          name={name}
          className={inputClass}
          value={form[name]}
          onChange={set(name)}
          {...props}
        />
      )}
    </Field>
  );
}

export function ContactDeliverySection({ form, errors, set }: { form: CheckoutForm; errors: FormErrors; set: Setter }) {
  const state = { form, errors, set };
  return (
    <TitledSection id="contact-info" title="Contact & Delivery" titleClassName="text-xl font-bold text-slate-900">
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField {...state} name="firstName" label="First Name" props={{ autoComplete: "given-name" }} />
        <TextField {...state} name="lastName" label="Last Name" props={{ autoComplete: "family-name" }} />
        <TextField {...state} name="email" label="Email" props={{ type: "email", autoComplete: "email" }} />
        <TextField {...state} name="phone" label="Phone" props={{ type: "tel", autoComplete: "tel" }} />
        <TextField
          {...state}
          name="address"
          label="Delivery Address"
          props={{ autoComplete: "address-line1" }}
          className="sm:col-span-2"
        />
        <TextField {...state} name="city" label="City" props={{ autoComplete: "address-level2" }} />
        <StateSelect
          label="State"
          name="state"
          required
          value={form.state}
          onChange={set("state")}
          error={errors.fields.state}
        />
        <TextField
          {...state}
          name="zipCode"
          label="ZIP Code"
          props={{ inputMode: "numeric", autoComplete: "postal-code" }}
        />
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
    </TitledSection>
  );
}
