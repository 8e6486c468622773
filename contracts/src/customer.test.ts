import { describe, expect, it } from "vitest";
import { contactFields, splitFullName } from "./customer";

describe("splitFullName", () => {
  it("keeps the first word as the first name and joins the rest", () => {
    expect(splitFullName("Ana María  de la Cruz")).toEqual({ firstName: "Ana", lastName: "María de la Cruz" });
  });
  it("gives one word as the first name and no last name", () => {
    expect(splitFullName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
  });
});

describe("contactFields", () => {
  it("copies the contact and sends no phone as an empty one", () => {
    const contact = {
      email: "a@b.co",
      phone: null,
      address: "1 Main St",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
    };
    const proposal = { ...contact, customerName: "Ana" };
    expect(contactFields(proposal)).toEqual({ ...contact, phone: "" });
  });
});
