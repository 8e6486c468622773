// Checkout's checks (the spec's words, section 5), every problem next to its field. Pure: unit-tested.
import { EMAIL_SHAPE, normalizeUsState, type PaymentMethod, ZIP_CODE } from "@ch/contracts/constants";
import type { FormErrors } from "../../lib/form-errors";

/** The form as it starts: its fields (every one a text but the payment method), empty. */
export const emptyCheckoutForm = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  deliveryNotes: "",
  paymentMethod: "usdt" as PaymentMethod,
};
export type CheckoutForm = typeof emptyCheckoutForm;

export const REQUIRED_FIELDS: { key: keyof CheckoutForm; words: string }[] = [
  { key: "firstName", words: "first name" },
  { key: "lastName", words: "last name" },
  { key: "email", words: "email" },
  { key: "phone", words: "phone" },
  { key: "address", words: "address" },
  { key: "city", words: "city" },
  { key: "state", words: "state" },
  { key: "zipCode", words: "zip code" },
];

const PHONE = /^[0-9+().\-\s]{7,40}$/;

/**
 * Every problem at once, each next to its field (the spec's words, section 5); the checks the server
 * makes too are caught here so the customer is told before sending.
 */
export function validateCheckout(form: CheckoutForm, cartLineCount: number): FormErrors | null {
  const fields: FormErrors["fields"] = {};
  for (const { key, words } of REQUIRED_FIELDS) {
    if (!String(form[key]).trim()) fields[key] = `Please fill in your ${words}.`;
  }
  const given = (key: keyof CheckoutForm) => !fields[key];
  if (given("email") && !EMAIL_SHAPE.test(form.email.trim())) fields.email = "Please enter a valid email address.";
  if (given("phone") && !PHONE.test(form.phone.trim())) fields.phone = "Please enter a valid phone number.";
  if (given("state") && !normalizeUsState(form.state)) fields.state = "Please choose a US state.";
  if (given("zipCode") && !ZIP_CODE.test(form.zipCode.trim())) fields.zipCode = "Please enter a 5-digit ZIP code.";
  const count = Object.keys(fields).length;
  const message =
    cartLineCount === 0
      ? "Your cart is empty. Please add items before checkout."
      : count > 0
        ? `Please check the ${count === 1 ? "field" : `${count} fields`} marked in red.`
        : null;
  return message ? { fields, message } : null;
}
