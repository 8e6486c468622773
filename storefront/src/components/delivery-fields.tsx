// Delivery ZIP and state on the enquiry forms (contact and quote): price depends on both. The state list
// is the checkout's (US_STATES); the shared contract (api/src/contracts/leads.ts) checks both.
import { US_STATES } from "@ch/api/contracts/constants";
import { Field, inputClass, TextField } from "./ui";

export interface DeliveryValues {
  deliveryZip: string;
  deliveryState: string;
}

export function DeliveryFields({
  values,
  errors,
  onChange,
}: {
  values: DeliveryValues;
  errors: Partial<Record<string, string>>;
  onChange: (key: keyof DeliveryValues) => (event: { target: { value: string } }) => void;
}) {
  return (
    <>
      <TextField
        label="Delivery ZIP Code"
        name="deliveryZip"
        inputMode="numeric"
        autoComplete="postal-code"
        value={values.deliveryZip}
        onChange={onChange("deliveryZip")}
        error={errors.deliveryZip}
      />
      <Field label="Delivery State" error={errors.deliveryState}>
        {(ids) => (
          <select
            {...ids}
            name="deliveryState"
            className={inputClass}
            autoComplete="address-level1"
            value={values.deliveryState}
            onChange={onChange("deliveryState")}
          >
            <option value="">Select a state</option>
            {Object.entries(US_STATES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
