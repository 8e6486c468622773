import { describe, expect, it } from "vitest";
import { formatAmount, formatNumber, formatPrice } from "./format";

const intlUsd = (digits: number, n: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(n);

const samples = [
  0,
  -0,
  1,
  9,
  10,
  99,
  100,
  999,
  1000,
  1001,
  43_116,
  86_232,
  129_348,
  1_000_000,
  123_456_789,
  999_999_999_999,
  0.5,
  0.005,
  0.015,
  1.005,
  2.675,
  3449.28,
  3449.285,
  2500,
  12.3,
  -1,
  -1234.5,
  -0.001,
  -0.004,
  1e14 + 0.25,
  1e15,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

// deterministic pseudo-random amounts with 0 to 4 decimals, both signs
let seed = 42;
const next = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
for (let i = 0; i < 3000; i++) {
  const scale = 10 ** Math.floor(next() * 5);
  samples.push(((next() < 0.2 ? -1 : 1) * Math.round(next() * 10 ** (3 + Math.floor(next() * 8)))) / scale);
}

describe("money and number formats are Intl's en-US ones", () => {
  it("formatPrice: whole dollars without cents, otherwise two decimals", () => {
    for (const n of samples) expect(formatPrice(n), String(n)).toBe(intlUsd(Number.isInteger(n) ? 0 : 2, n));
  });
  it("formatAmount: always two decimals", () => {
    for (const n of samples) expect(formatAmount(n), String(n)).toBe(intlUsd(2, n));
  });
  it("formatNumber", () => {
    for (const n of [...samples, 160, 1280, -25_000]) {
      expect(formatNumber(n), String(n)).toBe(new Intl.NumberFormat("en-US").format(n));
    }
  });
});
