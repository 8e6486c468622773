// A fresh, migrated and seeded database per test file: PGlite in memory, or, when DATABASE_URL is
// set, a new database on that PostgreSQL server (dropped afterwards). Plus both origins' apps.
// The database is a copy of one migrated and seeded once per run (test/global-setup.ts) when that
// setup ran; otherwise it is migrated and seeded here.

import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ApiVersion } from "@ch/contracts/api-versions";
import type { StaffRole } from "@ch/contracts/staff-roles";
import { type DatabaseHandle, migrate, openDatabase, schema } from "@ch/db";
import { seedIfEmpty } from "@ch/db/seed";
import { and, asc, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { type AppOptions, buildApp } from "../src/app";
import { type Env, loadEnv } from "../src/env";
import type { Clock } from "../src/lib/clock";
import { sessionRowId } from "../src/modules/access/session-store";
import { totpCode } from "../src/modules/admin/totp.service";
import { priceOrder } from "../src/modules/pricing/engine";
import { MARIA } from "./buyers";
import { checkAnswersAgainstDocument } from "./contract";
import type { TestDatabaseTemplates } from "./global-setup";

export const STOREFRONT = "http://localhost:3000";
export const BACKOFFICE = "http://localhost:3001";

export interface TestDatabase {
  handle: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  // undefined under a vitest config without test/global-setup.ts
  const templates: TestDatabaseTemplates = inject("testDatabaseTemplates") ?? {};
  const which = options.seed === false ? "migrated" : "seeded";
  let handle: DatabaseHandle;
  let drop = async () => {};
  let url: string | undefined;
  let copied = false;
  if (serverUrl) {
    const name = `test_${randomBytes(6).toString("hex")}`;
    const template = templates.postgres?.[which];
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    copied = Boolean(template);
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    handle = await openDatabase({ url });
    drop = async () => {
      const admin2 = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin2.unsafe(`drop database if exists ${name} with (force)`);
      await admin2.end();
    };
  } else {
    const snapshot = templates.pglite?.[which];
    handle = await openDatabase({
      dataDir: "memory://",
      ...(snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {}),
    });
    copied = Boolean(snapshot);
  }
  if (!copied) {
    await migrate(handle.db);
    if (options.seed !== false) await seedIfEmpty(handle.db);
  }
  return {
    handle,
    ...(url ? { url } : {}),
    async drop() {
      await handle.close();
      await drop();
    },
  };
}

export class TestClock implements Clock {
  private offsetMs = 0;
  private frozenAtMs: number | null = null;
  now() {
    return new Date((this.frozenAtMs ?? Date.now()) + this.offsetMs);
  }
  /** Time stands still from now on, moving only by advance(): counts of waits in seconds stay exact under load. */
  freeze() {
    this.frozenAtMs ??= Date.now();
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

/** Each test process's own media folder (the local storage); the run's bucket on the S3 pass. */
const TEST_MEDIA_DIR = join(tmpdir(), `api-test-media-${process.pid}`);

function testMediaStorage(overrides: Record<string, string>): Record<string, string> {
  if (overrides.MEDIA_STORAGE !== undefined) return { MEDIA_DIR: TEST_MEDIA_DIR };
  return { MEDIA_DIR: TEST_MEDIA_DIR, ...(inject("testMediaStorage") ?? {}) };
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    ...testMediaStorage(overrides),
    NODE_ENV: "test",
    PORT: "3000",
    ADMIN_PORT: "3001",
    LOG_LEVEL: "silent",
    PUBLIC_RATE_LIMIT_SCALE: "1000",
    // a valid TRON test address that belongs to nobody we know; TronGrid is a loopback fake in the tests
    // that need it (nothing listens on port 9, so any other look-up fails fast and stays offline)
    USDT_WALLET_ADDRESS: "TG2bLBBBy5LTsB6DfpuxNRHNB7UF9auMYg",
    TRON_API_URL: "http://127.0.0.1:9",
    // production refuses local public addresses (env.ts): a production test gets public-looking ones
    ...(overrides.NODE_ENV === "production"
      ? {
          PUBLIC_SITE_URL: "https://containers.example",
          BACKOFFICE_ORIGIN: "https://admin.containers.example",
          SESSION_SECRET: "a-test-session-secret-of-at-least-32-chars",
        }
      : {}),
    ...overrides,
  });
}

export interface TestApps {
  db: TestDatabase;
  storefront: FastifyInstance;
  backoffice: FastifyInstance;
  clock: TestClock;
  env: Env;
  close(): Promise<void>;
}

export async function startTestApps(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    /** The storefront's logger and lifecycle (a test that reads the log or drains the process). */
    storefront?: Pick<AppOptions, "logger" | "lifecycle">;
    /** The back office's, likewise. */
    backoffice?: Pick<AppOptions, "logger" | "lifecycle">;
    /**
     * Every back-office request that names no version pins this one (`Api-Version`): a file that checks
     * the business rules through the figures of an earlier version's shapes, which are served 12 months.
     */
    apiVersion?: ApiVersion;
  } = {},
): Promise<TestApps> {
  const db = await createTestDatabase({ seed: options.seed ?? true });
  const env = testEnv(options.env);
  const clock = new TestClock();
  const common = { db: db.handle.db, env, clock, spa: false as const };
  const storefront = await buildApp({ ...common, ...options.storefront, surface: "storefront" });
  const backoffice = await buildApp({ ...common, ...options.backoffice, surface: "backoffice" });
  // every answer of every test is checked against the OpenAPI document (test/contract.ts)
  const pinned = options.apiVersion;
  if (pinned) {
    backoffice.addHook("onRequest", async (req, reply) => {
      if (req.headers["api-version"] !== undefined) return;
      req.headers["api-version"] = pinned;
      reply.header("api-version", pinned);
    });
  }
  checkAnswersAgainstDocument(storefront);
  checkAnswersAgainstDocument(backoffice);
  return {
    db,
    storefront,
    backoffice,
    clock,
    env,
    async close() {
      await Promise.all([storefront.close(), backoffice.close()]);
      await db.drop();
    },
  };
}

type KeepSignedInApps = (signedIn: { apps: TestApps; cookie: string }) => void;
/** What startTestApps takes, and the start hook's timeout (vitest's hookTimeout when none). */
type SignedInAppsOptions = Parameters<typeof startTestApps>[0] & { timeoutMs?: number };

/**
 * Both apps for a test file, signed in as the first admin: started before its tests, closed after them.
 * `keep` hands them to the file's own variables once started.
 */
export function useSignedInApps(keep: KeepSignedInApps): void;
export function useSignedInApps(options: SignedInAppsOptions, keep: KeepSignedInApps): void;
export function useSignedInApps(first: KeepSignedInApps | SignedInAppsOptions, second?: KeepSignedInApps): void {
  const [{ timeoutMs, ...options }, keep] = typeof first === "function" ? [{}, first] : [first ?? {}, second!];
  let apps: TestApps | undefined;
  beforeAll(async () => {
    apps = await startTestApps(options);
    keep({ apps, cookie: await signedInCookie(apps) });
  }, timeoutMs);
  afterAll(async () => {
    await apps?.close();
  });
}

/**
 * The key of the `sessions` row behind a session cookie (`name=value` or the value): @fastify/session's
 * cookie is `<id>.<signature>`, and the row is keyed by the SHA-256 of the id.
 */
export function sessionRowIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.includes("=") ? cookie.slice(cookie.indexOf("=") + 1) : cookie);
  return sessionRowId(value.slice(0, value.lastIndexOf(".")));
}

/** Creates the first admin and signs in; returns the cookie header to send. */
export async function signedInCookie(
  apps: TestApps,
  username = "owner",
  password = "Tr4ilhead-Container!",
): Promise<string> {
  const setup = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/setup",
    payload: { username, password },
  });
  if (setup.statusCode !== 201 && setup.statusCode !== 409) throw new Error(`setup failed: ${setup.body}`);
  const login = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = login.cookies.find((c) => /^(__Host-)?ch_admin$/.test(c.name));
  if (!cookie) throw new Error("no session cookie");
  return `${cookie.name}=${cookie.value}`;
}

/**
 * A staff account made as the owner makes one: invited (REST, `ownerCookie`), the link's token read from
 * the outbox, accepted, then signed in. Its id and the cookie header of its session.
 */
export async function invitedStaff(
  apps: TestApps,
  ownerCookie: string,
  account: { email: string; role: StaffRole; username: string; password: string },
): Promise<{ id: number; cookie: string }> {
  const invited = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/staff/invites",
    headers: { cookie: ownerCookie, origin: apps.env.backofficeOrigin },
    payload: { email: account.email, role: account.role },
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`);
  const [mail] = await apps.db.handle.db
    .select({ body: schema.notifications.bodyText })
    .from(schema.notifications)
    .where(and(eq(schema.notifications.recipient, account.email), eq(schema.notifications.kind, "staff_invite")))
    .orderBy(desc(schema.notifications.id))
    .limit(1);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? "")?.[1];
  if (!token) throw new Error(`no invitation mailed to ${account.email}`);
  const accepted = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/invites/accept",
    payload: { token, username: account.username, password: account.password },
  });
  if (accepted.statusCode !== 201) throw new Error(`accepting the invitation failed: ${accepted.body}`);
  const login = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username: account.username, password: account.password },
  });
  const cookie = login.cookies.find((c) => /^(__Host-)?ch_admin$/.test(c.name));
  if (login.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${login.body}`);
  return { id: (accepted.json() as { id: number }).id, cookie: `${cookie.name}=${cookie.value}` };
}

/** The engine's figures, or a zero total for lines it refuses (a test of invalid input sends them anyway). */
function safePrice(input: Parameters<typeof priceOrder>[0]): { totalCents: number } {
  try {
    return priceOrder(input);
  } catch {
    return { totalCents: 0 };
  }
}

/** The first seeded product on sale (in stock and published): its id and price in dollars, for an order body. */
export async function firstProductOnSale(apps: TestApps): Promise<{ id: number; price: number }> {
  const { products } = schema;
  const [row] = await apps.db.handle.db
    .select()
    .from(products)
    .where(and(eq(products.inStock, true), eq(products.published, true)))
    .orderBy(asc(products.id))
    .limit(1);
  return { id: row!.id, price: row!.priceCents / 100 };
}

/** The seeded delivery band of a San Antonio address and the seeded Texas tax rates (db/seed/content/sales.ts). */
export const SAN_ANTONIO_DELIVERY = { label: "Up to 100 miles", feeCents: 150_000, perUnit: false };
export const SEEDED_TEXAS_RATES = { general: 625, housing: 325, delivery: 625 };

export function orderBody(
  items: { id: number; quantity: number; price: number }[],
  overrides: Record<string, unknown> = {},
) {
  // the server's price for a San Antonio delivery (within 100 miles of the yard) with the seeded Texas
  // rates, by the pricing engine itself; products are "general" unless a test marks one as housing
  const figures = safePrice({
    lines: items.map((i) => ({
      kind: "product",
      refId: i.id,
      name: "x",
      unitPriceCents: Math.round(i.price * 100),
      quantity: i.quantity,
      taxClass: "general",
    })),
    discountCents: 0,
    delivery: SAN_ANTONIO_DELIVERY,
    taxState: "TX",
    rates: SEEDED_TEXAS_RATES,
    depositPercent: 50,
  });
  return {
    ...MARIA,
    cartItems: items.map((i) => ({
      id: i.id,
      quantity: i.quantity,
      name: "x",
      price: i.price,
      image: "/media/x.webp",
      category: "20ft-homes",
    })),
    totalAmount: figures.totalCents / 100,
    orderDate: new Date().toISOString(),
    ...overrides,
  };
}

/**
 * Whether the build files a test reads exist. Missing, the tests are skipped with a warning on a
 * developer's machine, but fail the run in CI (CI=true), where a missing build is a broken pipeline.
 */
export function buildPresent(files: string[], what: string): boolean {
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length === 0) return true;
  const message = `${missing.join(", ")} missing: run \`npm run build -w storefront\` first.`;
  if (process.env.CI && process.env.CI !== "false") throw new Error(`${message} ${what} cannot run (CI=true).`);
  console.warn(`\n\n*** ${message} ${what} SKIPPED. ***\n\n`);
  return false;
}

/**
 * The attack reviews' second acceptance line: right after an attack, the real user signs in from a new
 * address at once (the clock does not move on): the password, then the authenticator's current code when
 * the account has two-factor (read from its row, as the user's app holds it). Throws unless signed in.
 */
export async function expectRealUserSignsIn(
  apps: TestApps,
  account: { username: string; password: string } = { username: "owner", password: "Tr4ilhead-Container!" },
  ip = "192.0.2.254",
): Promise<void> {
  const send = (url: string, payload: Record<string, unknown>) =>
    apps.backoffice.inject({ method: "POST", url, payload, remoteAddress: ip, headers: { origin: BACKOFFICE } });
  const login = await send("/api/admin/login", account);
  if (login.statusCode !== 200) throw new Error(`the real user was refused: ${login.statusCode} ${login.body}`);
  let answer = login.json() as { ok: boolean; step?: string; challenge?: string };
  if (!answer.ok && answer.step === "code") {
    const [row] = await apps.db.handle.db
      .select({ secret: schema.adminTwoFactor.secret, lastUsedStep: schema.adminTwoFactor.lastUsedStep })
      .from(schema.adminTwoFactor)
      .innerJoin(schema.admins, eq(schema.admins.id, schema.adminTwoFactor.adminId))
      .where(eq(schema.admins.username, account.username));
    // the next 30-second step's code (accepted as clock drift) when this step's was used already
    const now = apps.clock.now();
    const step = Math.floor(now.getTime() / 30_000);
    const at = row!.lastUsedStep !== null && row!.lastUsedStep >= step ? new Date(now.getTime() + 30_000) : now;
    const verify = await send("/api/admin/login/verify", {
      challenge: answer.challenge,
      code: totpCode(row!.secret, at),
    });
    if (verify.statusCode !== 200)
      throw new Error(`the real user's code was refused: ${verify.statusCode} ${verify.body}`);
    answer = verify.json() as typeof answer;
  }
  if (!answer.ok) throw new Error(`the real user did not get a session: ${JSON.stringify(answer)}`);
}
