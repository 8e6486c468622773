// The ledger's arithmetic as a property (10,000 cases): an order priced by the pricing engine, its
// invoices as the order core plans them from any payment schedule (1 to 6 milestones), and any sequence
// of payments and refunds. The invoices always add up to the total, the first is the deposit the engine
// priced, and what they still ask for is always total − payments + refunds (never below 0).

import { MILESTONE_DUE, type PaymentMilestone } from "@ch/contracts/totals";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceOrder } from "../pricing/engine";
import { type InvoiceRow, planInvoices } from "./invoices";
import { allocate } from "./ledger";

const order = fc.record({
  lines: fc.array(
    fc.record({
      unitPriceCents: fc.integer({ min: 0, max: 50_000_000 }),
      quantity: fc.integer({ min: 1, max: 10 }),
      taxClass: fc.constantFrom("general" as const, "housing" as const),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  deliveryCents: fc.integer({ min: 0, max: 1_000_000 }),
  rates: fc.record({
    general: fc.integer({ min: 0, max: 2000 }),
    housing: fc.integer({ min: 0, max: 2000 }),
    delivery: fc.integer({ min: 0, max: 2000 }),
  }),
  depositPercent: fc.integer({ min: 0, max: 100 }),
  // a schedule: cut points in 1..99 make the milestones' percents (null: the default deposit + balance)
  cuts: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 5 }), { nil: null }),
  usdt: fc.boolean(),
  // each entry: a payment (positive) or a refund (negative), in cents
  entries: fc.array(
    fc.integer({ min: -5_000_000, max: 30_000_000 }).filter((c) => c !== 0),
    { maxLength: 8 },
  ),
});

/** Milestones whose percents are the gaps between sorted cut points of 0..100, each at a later stage. */
function scheduleOf(cuts: number[]): PaymentMilestone[] {
  const points = [0, ...[...cuts].sort((a, b) => a - b), 100];
  return points.slice(1).map((p, i) => ({ label: `Part ${i + 1}`, percent: p - points[i]!, dueOn: MILESTONE_DUE[i]! }));
}

describe("the ledger (property, 10,000 cases)", () => {
  it("invoices add up to the total; what they still ask is total − payments + refunds", () => {
    fc.assert(
      fc.property(order, (o) => {
        const milestones = o.cuts ? scheduleOf(o.cuts) : undefined;
        const figures = priceOrder({
          lines: o.lines.map((l, i) => ({ kind: "product", refId: i + 1, name: `Home ${i + 1}`, ...l })),
          discountCents: 0,
          delivery: { label: "band", feeCents: o.deliveryCents, perUnit: false },
          taxState: "TX",
          rates: o.rates,
          depositPercent: milestones ? milestones[0]!.percent : o.depositPercent,
        });
        const planned = planInvoices(
          {
            id: 1,
            orderNumber: "CH-2026-000001",
            totalCents: figures.totalCents,
            depositPercent: figures.depositPercent,
            paymentMethod: o.usdt ? "usdt" : "bank-transfer",
            createdAt: new Date(0),
          },
          { milestones },
        );
        expect(planned[0]?.kind === "deposit" ? planned[0].amountCents : 0).toBe(figures.depositCents);
        const invoices = planned.map(
          (p, i): InvoiceRow => ({
            id: i + 1,
            orderId: 1,
            kind: p.kind,
            reference: p.reference,
            label: p.label,
            position: p.position,
            dueOn: p.dueOn,
            remindedAt: null,
            amountCents: p.amountCents,
            usdtAmountMicro: p.usdtAmountMicro,
            status: "open",
            dueAt: null,
            validUntil: p.validUntil,
            createdAt: new Date(0),
            updatedAt: new Date(0),
          }),
        );
        expect(invoices.reduce((s, i) => s + i.amountCents, 0)).toBe(figures.totalCents);
        // the ledger refuses a refund of more than was paid: the running sum never goes below 0
        let recorded = 0;
        for (const entry of o.entries) {
          if (recorded + entry < 0) continue;
          recorded += entry;
          const allocations = allocate(invoices, recorded);
          const asked = allocations.reduce((s, a) => s + (a.invoice.amountCents - a.paidCents), 0);
          expect(asked).toBe(Math.max(0, figures.totalCents - recorded));
          for (const a of allocations) {
            expect(a.paidCents).toBeGreaterThanOrEqual(0);
            expect(a.paidCents).toBeLessThanOrEqual(a.invoice.amountCents);
            expect(a.status).toBe(
              a.paidCents === a.invoice.amountCents ? "paid" : a.paidCents > 0 ? "partially_paid" : "open",
            );
          }
        }
      }),
      { numRuns: 10_000 },
    );
    // about 13 s on an idle 2-core machine; CI runs it beside other suites
  }, 180_000);
});

describe("the order money settles invoices in", () => {
  const invoice = (id: number, kind: string, amountCents: number): InvoiceRow => ({
    id,
    orderId: 1,
    kind,
    reference: `CH-2026-000001-${kind === "deposit" ? "D" : "B"}`,
    label: kind,
    position: kind === "deposit" ? 0 : 1,
    dueOn: kind === "deposit" ? "acceptance" : "delivered",
    remindedAt: null,
    amountCents,
    usdtAmountMicro: null,
    status: "open",
    dueAt: null,
    validUntil: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  });

  it("is the deposit first, even when the deposit was stored after the balance (its USDT tag was taken)", () => {
    // the balance (id 1) is a cent less than the deposit (id 2): a payment of the balance's amount is short
    // of the deposit, and must leave the balance open rather than pay it
    const allocations = allocate([invoice(1, "balance", 2_370_224), invoice(2, "deposit", 2_370_225)], 2_370_224);
    expect(allocations.map((a) => [a.invoice.kind, a.status])).toEqual([
      ["deposit", "partially_paid"],
      ["balance", "open"],
    ]);
  });
});
