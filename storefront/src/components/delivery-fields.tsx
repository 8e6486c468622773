// Delivery ZIP and state on the enquiry forms (contact and quote): price depends on both. The state list
// is the checkout's (US_STATES); the shared contract (contracts/src/leads.ts) checks both.
import { US_STATES } from "@ch/contracts/constants";
import type { BoundField } from "../lib/form-errors";
import { SelectField, TextField } from "./ui";

export function DeliveryFields({ field }: { field: (key: "deliveryZip" | "deliveryState") => BoundField }) {
  return (
    <>
      <TextField
        label="Delivery ZIP Code"
        name="deliveryZip"
        inputMode="numeric"
        autoComplete="postal-code"
        {...field("deliveryZip")}
      />
      <StateSelect label="Delivery State" name="deliveryState" {...field("deliveryState")} />
    </>
  );
}

const STATE_OPTIONS = Object.entries(US_STATES);

/** A US state picked from the checkout's list (US_STATES), stored as its two-letter code. */
export function StateSelect(props: {
  label: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string | undefined;
  required?: boolean;
}) {
  return <SelectField {...props} autoComplete="address-level1" placeholder="Select a state" options={STATE_OPTIONS} />;
}
