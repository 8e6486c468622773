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
      <StateSelect
        label="Delivery State"
        name="deliveryState"
        value={values.deliveryState}
        onChange={onChange("deliveryState")}
        error={errors.deliveryState}
      />
    </>
  );
}

/** A US state picked from the checkout's list (US_STATES), stored as its two-letter code. */
export function StateSelect({
  label,
  name,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <Field label={label} required={required} error={error}>
      {(ids) => (
        <select
          {...ids}
          name={name}
          className={inputClass}
          autoComplete="address-level1"
          value={value}
          onChange={onChange}
        >
          <option value="">Select a state</option>
          {Object.entries(US_STATES).map(([code, stateName]) => (
            <option key={code} value={code}>
              {stateName}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
