// Signing in to the portal as a customer does: ask for a link, read it from the outbox, spend it.
import { PORTAL_COOKIE } from "@ch/contracts/portal";
import { schema } from "@ch/db";
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { STOREFRONT, type TestApps } from "./harness";

export const portalPost = (apps: TestApps, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  apps.storefront.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: { origin: STOREFRONT, ...headers },
  });

export const portalGet = (apps: TestApps, url: string, session?: string) =>
  apps.storefront.inject({ method: "GET", url, headers: session ? { cookie: `${PORTAL_COOKIE}=${session}` } : {} });

/** The links e-mailed to an address, newest first (the token read from the message as the customer reads it). */
export async function portalLinksTo(apps: TestApps, email: string): Promise<string[]> {
  const rows = await apps.db.handle.db
    .select({ bodyText: schema.notifications.bodyText })
    .from(schema.notifications)
    .where(and(eq(schema.notifications.kind, "portal_sign_in_link"), eq(schema.notifications.recipient, email)))
    .orderBy(desc(schema.notifications.id));
  return rows.map((r) => /\/portal#token=([A-Za-z0-9_-]{43})/.exec(r.bodyText)![1]!);
}

/** Asks for a link and spends it: the session cookie's value. */
export async function portalSignIn(apps: TestApps, email: string): Promise<string> {
  expect((await portalPost(apps, "/api/portal/sign-in", { email })).statusCode).toBe(202);
  const [token] = await portalLinksTo(apps, email);
  const opened = await portalPost(apps, "/api/portal/session", { token });
  expect(opened.statusCode, opened.body).toBe(201);
  return /ch_portal=([^;]+)/.exec(String(opened.headers["set-cookie"]))![1]!;
}
