// Signing as a customer does: ask for the 6-digit code, read it from the e-mail the outbox holds.
import { schema } from "@ch/db";
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApps } from "./harness";

/** The codes e-mailed so far, newest first (read from the message as the customer reads it). */
export async function signingCodesSent(apps: TestApps): Promise<string[]> {
  const rows = await apps.db.handle.db
    .select({ subject: schema.notifications.subject })
    .from(schema.notifications)
    .where(eq(schema.notifications.kind, "signing_code"))
    .orderBy(desc(schema.notifications.id));
  return rows.map((r) => /(\d{6})$/.exec(r.subject ?? "")![1]!);
}

/** Asks for the proposal's signing code (202) and answers the code e-mailed. */
export async function proposalSigningCode(apps: TestApps, token: string): Promise<string> {
  const res = await apps.storefront.inject({ method: "POST", url: `/api/proposals/${token}/signing-code` });
  expect(res.statusCode, res.body).toBe(202);
  const [code] = await signingCodesSent(apps);
  return code!;
}

/** An acceptance body that signs: the consent and a fresh code added to `body`. */
export async function signed<T extends object>(apps: TestApps, token: string, body: T) {
  return { ...body, consent: true as const, code: await proposalSigningCode(apps, token) };
}
