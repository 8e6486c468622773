// A project as the portal tests need one: an accepted proposal, its order awaiting the deposit.
import { money } from "@ch/contracts/money";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApps } from "./harness";
import { signed } from "./signing";
import { staffRequest } from "./staff-requests";

/** A proposal for `customer` (one $60,000 custom line, delivery up to 100 miles) sent and accepted with a signing code. */
export async function acceptedProposal(
  apps: TestApps,
  cookie: string,
  customer: { customerName: string; email: string; phone: string },
  /** More of the proposal's input (e.g. its own paymentSchedule). */
  more: Record<string, unknown> = {},
): Promise<string> {
  const db = () => apps.db.handle.db;
  const [band] = await db()
    .select()
    .from(schema.deliveryBands)
    .where(eq(schema.deliveryBands.label, "Up to 100 miles"));
  const created = await staffRequest(apps, cookie, "POST", "/api/admin/proposals", {
    ...customer,
    address: "4 Creek Ln",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    lines: [{ kind: "custom", name: "40ft family home, two bedrooms", unitPrice: money(6_000_000), quantity: 1 }],
    deliveryBandId: band!.id,
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    terms: "Built to the plans of version 1.",
    ...more,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id, token } = created.json();
  expect((await staffRequest(apps, cookie, "POST", `/api/admin/proposals/${id}/send`)).statusCode).toBe(200);
  const accepted = await apps.storefront.inject({
    method: "POST",
    url: `/api/proposals/${token}/accept`,
    headers: { "user-agent": "Mozilla/5.0 (contract test)" },
    payload: await signed(apps, token, { fullName: customer.customerName, agree: true, version: 1 }),
  });
  expect(accepted.statusCode, accepted.body).toBe(201);
  return accepted.json().orderNumber as string;
}
