import { describe, expect, it } from "vitest";
import {
  addProduct,
  type CartLine,
  describeCart,
  itemCount,
  parseCart,
  removeLine,
  setQuantity,
  subtotal,
} from "./cart-ops";

const dallas = {
  id: 3,
  name: "Dallas",
  price: 86232,
  images: ["/media/d.webp", "/media/e.webp"],
  category: "40ft-homes",
};
const cleveland = { id: 1, name: "Cleveland", price: 43116, images: [], category: "20ft-homes" };

describe("cart operations", () => {
  it("adds a new line with quantity 1 and the first image", () => {
    const result = addProduct([], dallas);
    expect(result.kind).toBe("added");
    expect(result.lines).toEqual([
      { id: 3, name: "Dallas", price: 86232, image: "/media/d.webp", category: "40ft-homes", quantity: 1 },
    ]);
  });

  it("raises the quantity of a product already present", () => {
    const once = addProduct([], dallas).lines;
    const twice = addProduct(once, dallas);
    expect(twice.kind).toBe("increased");
    expect(twice.lines).toHaveLength(1);
    expect(twice.lines[0]!.quantity).toBe(2);
  });

  it("stops at the per-line limit the server accepts", () => {
    let lines: CartLine[] = [];
    for (let i = 0; i < 10; i++) lines = addProduct(lines, dallas).lines;
    expect(addProduct(lines, dallas).kind).toBe("at-limit");
    expect(lines[0]!.quantity).toBe(10);
  });

  it("sets, caps and removes quantities", () => {
    const lines = addProduct(addProduct([], dallas).lines, cleveland).lines;
    expect(setQuantity(lines, 3, 4)[0]!.quantity).toBe(4);
    expect(setQuantity(lines, 3, 99)[0]!.quantity).toBe(10);
    expect(setQuantity(lines, 3, 0).map((l) => l.id)).toEqual([1]);
    expect(setQuantity(lines, 3, -1).map((l) => l.id)).toEqual([1]);
    expect(removeLine(lines, 1).map((l) => l.id)).toEqual([3]);
  });

  it("counts items and sums the subtotal", () => {
    const lines = setQuantity(addProduct(addProduct([], dallas).lines, cleveland).lines, 3, 2);
    expect(itemCount(lines)).toBe(3);
    expect(subtotal(lines)).toBe(86232 * 2 + 43116);
    expect(describeCart(lines)).toContain("2 x Dallas (product #3)");
  });

  it("parses stored carts defensively", () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart("not json")).toEqual([]);
    expect(parseCart('{"a":1}')).toEqual([]);
    expect(parseCart('[{"id":2,"quantity":1},{"id":"x","quantity":1},{"id":4,"quantity":0}]')).toEqual([
      { id: 2, name: "Product 2", price: 0, image: "", category: "", quantity: 1 },
    ]);
  });
});
