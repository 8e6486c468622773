import { describe, expect, it } from "vitest";
import { SAN_ANTONIO_BUYER } from "../../../../api/test/buyers";
import { type CheckoutForm, emptyCheckoutForm, validateCheckout } from "./validation";

const filled: CheckoutForm = {
  ...emptyCheckoutForm,
  ...SAN_ANTONIO_BUYER,
  state: "TX",
};

describe("validateCheckout", () => {
  it("accepts a complete form with a cart", () => {
    expect(validateCheckout(filled, 1)).toBeNull();
  });

  it("names every missing field at once, in the spec's words", () => {
    expect(validateCheckout(emptyCheckoutForm, 1)).toEqual({
      fields: {
        firstName: "Please fill in your first name.",
        lastName: "Please fill in your last name.",
        email: "Please fill in your email.",
        phone: "Please fill in your phone.",
        address: "Please fill in your address.",
        city: "Please fill in your city.",
        state: "Please fill in your state.",
        zipCode: "Please fill in your zip code.",
      },
      message: "Please check the 8 fields marked in red.",
    });
  });

  it("treats blank text as missing", () => {
    expect(validateCheckout({ ...filled, city: "   " }, 1)).toEqual({
      fields: { city: "Please fill in your city." },
      message: "Please check the field marked in red.",
    });
  });

  it("checks the e-mail shape", () => {
    expect(validateCheckout({ ...filled, email: "ana@example" }, 1)?.fields).toEqual({
      email: "Please enter a valid email address.",
    });
  });

  it("refuses an empty cart", () => {
    expect(validateCheckout(filled, 0)).toEqual({
      fields: {},
      message: "Your cart is empty. Please add items before checkout.",
    });
  });

  it("checks phone, state and ZIP shapes the server enforces, together", () => {
    expect(validateCheckout({ ...filled, phone: "12", state: "Narnia", zipCode: "7820" }, 1)?.fields).toEqual({
      phone: "Please enter a valid phone number.",
      state: "Please choose a US state.",
      zipCode: "Please enter a 5-digit ZIP code.",
    });
    expect(validateCheckout({ ...filled, state: "texas" }, 1)).toBeNull();
  });
});
