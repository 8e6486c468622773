// Checkout checks in the spec's order (section 5), each with its exact toast. Pure: unit-tested.
import { EMAIL_SHAPE, normalizeUsState, ZIP_CODE } from "@ch/api/contracts/constants";

export interface CheckoutForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  deliveryNotes: string;
  paymentMethod: "usdt" | "bank-transfer";
}

export const emptyCheckoutForm: CheckoutForm = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  deliveryNotes: "",
  paymentMethod: "usdt",
};

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

export interface CheckoutProblem {
  title: string;
  description: string;
  field?: keyof CheckoutForm;
}

const PHONE = /^[0-9+().\-\s]{7,40}$/;

export function validateCheckout(form: CheckoutForm, cartLineCount: number): CheckoutProblem | null {
  for (const { key, words } of REQUIRED_FIELDS) {
    if (!String(form[key]).trim()) {
      return { title: "Missing Information", description: `Please fill in your ${words}`, field: key };
    }
  }
  if (!EMAIL_SHAPE.test(form.email.trim())) {
    return { title: "Invalid Email", description: "Please enter a valid email address", field: "email" };
  }
  if (cartLineCount === 0) {
    return { title: "Empty Cart", description: "Your cart is empty. Please add items before checkout." };
  }
  // Checks the server makes too, caught here so the customer is told before sending.
  if (!PHONE.test(form.phone.trim())) {
    return { title: "Invalid Phone", description: "Please enter a valid phone number", field: "phone" };
  }
  if (!normalizeUsState(form.state)) {
    return { title: "Invalid State", description: "Please choose a US state", field: "state" };
  }
  if (!ZIP_CODE.test(form.zipCode.trim())) {
    return { title: "Invalid ZIP Code", description: "Please enter a 5-digit ZIP code", field: "zipCode" };
  }
  return null;
}
