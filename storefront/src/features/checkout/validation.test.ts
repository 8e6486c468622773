import { describe, expect, it } from "vitest";
import { type CheckoutForm, emptyCheckoutForm, validateCheckout } from "./validation";

const filled: CheckoutForm = {
  ...emptyCheckoutForm,
  firstName: "Ana",
  lastName: "Lopez",
  email: "ana@example.com",
  phone: "210-555-0100",
  address: "1 Main St",
  city: "San Antonio",
  state: "TX",
  zipCode: "78205",
};

describe("validateCheckout", () => {
  it("accepts a complete form with a cart", () => {
    expect(validateCheckout(filled, 1)).toBeNull();
  });

  it("names the first missing field, in the spec's order", () => {
    const expected = [
      ["firstName", "first name"],
      ["lastName", "last name"],
      ["email", "email"],
      ["phone", "phone"],
      ["address", "address"],
      ["city", "city"],
      ["state", "state"],
      ["zipCode", "zip code"],
    ] as const;
    let form: CheckoutForm = { ...emptyCheckoutForm };
    for (const [key, words] of expected) {
      expect(validateCheckout(form, 1)).toEqual({
        title: "Missing Information",
        description: `Please fill in your ${words}`,
        field: key,
      });
      form = { ...form, [key]: filled[key] };
    }
    expect(validateCheckout(form, 1)).toBeNull();
  });

  it("treats blank text as missing", () => {
    expect(validateCheckout({ ...filled, city: "   " }, 1)?.description).toBe("Please fill in your city");
  });

  it("checks the e-mail shape before the cart", () => {
    expect(validateCheckout({ ...filled, email: "ana@example" }, 0)).toEqual({
      title: "Invalid Email",
      description: "Please enter a valid email address",
      field: "email",
    });
  });

  it("refuses an empty cart", () => {
    expect(validateCheckout(filled, 0)).toEqual({
      title: "Empty Cart",
      description: "Your cart is empty. Please add items before checkout.",
    });
  });

  it("checks phone, state and ZIP shapes the server enforces", () => {
    expect(validateCheckout({ ...filled, phone: "12" }, 1)?.title).toBe("Invalid Phone");
    expect(validateCheckout({ ...filled, state: "Narnia" }, 1)?.title).toBe("Invalid State");
    expect(validateCheckout({ ...filled, state: "texas" }, 1)).toBeNull();
    expect(validateCheckout({ ...filled, zipCode: "7820" }, 1)?.title).toBe("Invalid ZIP Code");
  });
});
