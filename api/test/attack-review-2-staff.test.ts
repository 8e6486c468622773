// Security review, issue 22, the staff holes: each attack as the review found it, then the fix.
// Hole 4: an API key does no more than its creator's current role; disabling the creator revokes its keys.
// Hole 5: "require two-factor for everyone" reaches sessions already open: 403 with a code until they enrol.
// Hole 6: enrolling two-factor while signed in asks the password again.
// PGlite, and PostgreSQL with DATABASE_URL.

import type { ApiKeyScope } from "@ch/contracts/api-keys";
import type { StaffRole } from "@ch/contracts/staff-roles";
import { type DatabaseHandle, openDatabase, schema } from "@ch/db";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { readCache } from "../src/lib/read-cache";
import { TWO_FACTOR_ENROLMENT_REQUIRED } from "../src/modules/access/session-access";
import { totpCode } from "../src/modules/admin/totp.service";
import { effectiveScopes, scopesOfRole } from "../src/modules/api-keys/scope-policy";
import {
  expectRealUserSignsIn,
  firstProductOnSale,
  invitedStaff,
  signedInCookie,
  startTestApps,
  type TestApps,
} from "./harness";
import { until } from "./notifications-fakes";
import { placeOrderOf } from "./order-fixtures";
import { lastAudit } from "./staff-requests";

const OWNER = { username: "owner", password: "Tr4ilhead-Container!" };
let apps: TestApps;
let owner: string;
let orderId: number;

beforeAll(async () => {
  apps = await startTestApps();
  owner = await signedInCookie(apps, OWNER.username, OWNER.password);
  const product = await firstProductOnSale(apps);
  orderId = (await placeOrderOf(apps, product, { paymentMethod: "bank-transfer" })).order.id;
}, 120_000);

afterAll(async () => {
  await apps?.close();
});

type Method = "GET" | "POST" | "PUT";

/** An account the owner invites as `role` (e-mailed at <username>@example.com), signed in. */
const staffMember = (username: string, role: StaffRole, password: string) =>
  invitedStaff(apps, owner, { email: `${username}@example.com`, role, username, password });

/** A back-office request with a session cookie (writes from the back office's own origin). */
const send = (method: Method, url: string, cookie: string, payload?: unknown, app?: FastifyInstance) =>
  (app ?? apps.backoffice).inject({
    method,
    url,
    headers: { cookie, ...(method === "GET" ? {} : { origin: apps.env.backofficeOrigin }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const trpc = (path: string, cookie: string, input?: unknown, app?: FastifyInstance) =>
  input === undefined
    ? send("GET", `/api/trpc/${path}`, cookie, undefined, app)
    : send("POST", `/api/trpc/${path}`, cookie, input, app);

const withKey = (method: Method, url: string, secret: string, payload?: unknown) =>
  apps.backoffice.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function createKey(cookie: string, name: string, scopes: ApiKeyScope[]) {
  const res = await trpc("apiKeys.create", cookie, { name, scopes });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { data: { key: { id: number; prefix: string }; secret: string } } }).result.data;
}

async function keyRow(id: number) {
  const [row] = await apps.db.handle.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, id));
  return row!;
}

/** Turns two-factor on for the session's account (its password asked again); answers the TOTP secret. */
async function enrolTwoFactor(cookie: string, password: string): Promise<string> {
  const begin = await send("POST", "/api/admin/two-factor/enrol", cookie, { password });
  expect(begin.statusCode, begin.body).toBe(200);
  const { secret } = begin.json() as { secret: string };
  const confirm = await send("POST", "/api/admin/two-factor/confirm", cookie, {
    code: totpCode(secret, apps.clock.now()),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  expect((confirm.json() as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
  return secret;
}

const trpcError = (res: { json(): unknown }) =>
  (
    res.json() as {
      error: { data: { httpStatus: number; issues: { path: string[] }[]; extra: Record<string, unknown> } };
    }
  ).error.data;

describe("hole 4: an API key never does more than its creator's current role", () => {
  it("reads each role's scopes off the role table: content covers catalog and content, sales the rest", () => {
    expect([...scopesOfRole("content")].sort()).toEqual([
      "catalog:read",
      "catalog:write",
      "content:read",
      "content:write",
    ]);
    expect([...scopesOfRole("sales")].sort()).toEqual([
      "leads:read",
      "leads:write",
      "orders:read",
      "orders:write",
      "proposals:read",
      "proposals:write",
    ]);
    expect(scopesOfRole("owner").size).toBe(12); // every domain, webhooks included
    // write includes read; what the role does not cover is dropped
    expect(effectiveScopes(["orders:write", "catalog:write"], "content")).toEqual(["catalog:read", "catalog:write"]);
    expect(effectiveScopes(["orders:read"], "sales")).toEqual(["orders:read"]);
  });

  it("the demoted owner's key writes an order note: 201 while an owner, 403 once content, 201 again as owner", async () => {
    const olga = await staffMember("olga", "owner", "Olga-Owns-Containers-1");
    const { secret } = await createKey(olga.cookie, "Olga's sync", ["orders:write", "catalog:write"]);
    const note = (body: string) => withKey("POST", `/api/admin/orders/${orderId}/notes`, secret, { body });
    expect((await note("Written while an owner")).statusCode).toBe(201);

    const demoted = await send("PUT", `/api/admin/staff/${olga.id}/role`, owner, { role: "content" });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // the attack: the key made earlier still writes order notes (it was 201)
    const refused = await note("Written after the demotion");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: "This API key's scope orders:write is beyond what its creator's role (content) allows",
      issues: [],
      missingScopes: ["orders:write"],
    });
    // reading orders goes too (write included read); what content may do stays open
    expect((await withKey("GET", "/api/admin/orders", secret)).json()).toMatchObject({
      missingScopes: ["orders:read"],
    });
    expect((await withKey("GET", "/api/admin/products", secret)).statusCode).toBe(200);
    const notes = await send("GET", `/api/admin/orders/${orderId}/notes`, owner);
    expect((notes.json() as { body: string }[]).map((n) => n.body)).toEqual(["Written while an owner"]);

    // the role is read at each request: promoted again, the key writes again
    expect((await send("PUT", `/api/admin/staff/${olga.id}/role`, owner, { role: "owner" })).statusCode).toBe(200);
    expect((await note("Written once an owner again")).statusCode).toBe(201);
  });

  it("a disabled creator's keys stop at once (401) and are revoked, audited; enabling again does not bring them back", async () => {
    const dora = await staffMember("dora", "owner", "Dora-Owns-Containers-2");
    const reader = await createKey(dora.cookie, "Dora's reader", ["orders:read"]);
    const writer = await createKey(dora.cookie, "Dora's writer", ["catalog:write"]);
    const ownKey = await createKey(owner, "Owner's own", ["orders:read"]);
    expect((await withKey("GET", "/api/admin/orders", reader.secret)).statusCode).toBe(200);

    const disabled = await send("POST", `/api/admin/staff/${dora.id}/disable`, owner, {});
    expect(disabled.statusCode, disabled.body).toBe(200);
    for (const { secret } of [reader, writer]) {
      const res = await withKey("GET", "/api/admin/products", secret);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: "API key revoked", issues: [] });
    }
    for (const { key } of [reader, writer]) {
      const row = await keyRow(key.id);
      expect(row.revokedAt).not.toBeNull();
      const [audit] = await apps.db.handle.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, "apiKey.revoke"), eq(schema.auditLog.entityId, String(key.id))));
      expect(audit).toMatchObject({ adminName: "owner", detail: { prefix: key.prefix, reason: "creator disabled" } });
    }
    const disableAudit = await lastAudit(apps.db.handle.db, "staff.disable");
    expect(disableAudit).toMatchObject({ detail: { username: "dora", endedSessions: 1, revokedKeys: 2 } });
    // another account's keys are untouched
    expect((await keyRow(ownKey.key.id)).revokedAt).toBeNull();
    expect((await withKey("GET", "/api/admin/orders", ownKey.secret)).statusCode).toBe(200);

    expect((await send("POST", `/api/admin/staff/${dora.id}/enable`, owner, {})).statusCode).toBe(200);
    expect((await withKey("GET", "/api/admin/orders", reader.secret)).statusCode).toBe(401);
  });

  it("a deleted creator's keys are refused (401): the row's creator is set null and a key needs one", async () => {
    const dan = await staffMember("dan", "owner", "Dan-Owns-Containers-33");
    const { key, secret } = await createKey(dan.cookie, "Dan's reader", ["orders:read"]);
    expect((await withKey("GET", "/api/admin/orders", secret)).statusCode).toBe(200);
    // no screen deletes an account (they are disabled); the database's own rule is what is checked here
    await apps.db.handle.db.delete(schema.admins).where(eq(schema.admins.id, dan.id));
    expect((await keyRow(key.id)).createdBy).toBeNull();
    const res = await withKey("GET", "/api/admin/orders", secret);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: "API key's account no longer exists", issues: [] });
  });
});

describe("hole 5: requiring two-factor reaches the sessions already open", () => {
  const CORA = {
    email: "cora@example.com",
    role: "content" as const,
    username: "cora",
    password: "Content-Editor-2026!",
  };
  const SAM = { email: "sam@example.com", role: "sales" as const, username: "sam", password: "Sales-Person-Long-1" };
  let cora: { id: number; cookie: string };
  let samSignOut: string;
  let samStays: string;
  let otherDb: DatabaseHandle | null;
  let other: FastifyInstance;
  /** What the other process answers a session (it may hear the sessions trigger's notice a moment later). */
  const otherAnswers = async (url: string, cookie: string, status: number) =>
    until(async () => (await send("GET", url, cookie, undefined, other)).statusCode === status, `${url}: ${status}`);

  beforeAll(async () => {
    // sessions opened before the policy
    cora = await invitedStaff(apps, owner, CORA);
    samSignOut = (await invitedStaff(apps, owner, SAM)).cookie;
    const again = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: SAM.username, password: SAM.password },
    });
    const session = again.cookies.find((c) => c.name === "ch_admin")!;
    samStays = `ch_admin=${session.value}`;
    // on PostgreSQL a second API process (its own pool, cache and listener) that remembers the sessions
    // before the policy changes; PGlite has one
    otherDb = apps.db.url ? await openDatabase({ url: apps.db.url, maxConnections: 2 }) : null;
    other = otherDb
      ? await buildApp({ surface: "backoffice", db: otherDb.db, env: apps.env, clock: apps.clock, spa: false })
      : apps.backoffice;
    if (otherDb) {
      // its cache starts with its first session read, and is trusted once its listener hears itself
      expect((await send("GET", "/api/admin/gallery", cora.cookie, undefined, other)).statusCode).toBe(200);
      await until(() => readCache(otherDb!.db).trusted(), "the other process's trusted cache");
    }
  }, 60_000);
  afterAll(async () => {
    if (otherDb) {
      await other.close();
      await otherDb.close();
    }
  });

  it("a content session opened before the policy: 403 with the reason on every request, then it enrols and works again", async () => {
    for (const app of [apps.backoffice, other, other]) {
      expect((await send("GET", "/api/admin/gallery", cora.cookie, undefined, app)).statusCode).toBe(200);
    }
    expect((await send("GET", "/api/admin/orders", samStays, undefined, other)).statusCode).toBe(200);
    // the owner turns two-factor on for their own account, then requires it for every account
    await enrolTwoFactor(owner, OWNER.password);
    const policy = await send("PUT", "/api/admin/two-factor/policy", owner, { required: true });
    expect(policy.statusCode, policy.body).toBe(200);

    // the attack: the session opened before goes on as if nothing changed (it was 200)
    await otherAnswers("/api/admin/gallery", cora.cookie, 403);
    for (const app of [apps.backoffice, other]) {
      const res = await send("GET", "/api/admin/gallery", cora.cookie, undefined, app);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: expect.stringContaining("requires two-factor sign-in"),
        issues: [],
        code: TWO_FACTOR_ENROLMENT_REQUIRED,
      });
      const viaTrpc = await trpc("content.gallery", cora.cookie, undefined, app);
      expect(viaTrpc.statusCode).toBe(403);
      expect(trpcError(viaTrpc).extra).toEqual({ code: TWO_FACTOR_ENROLMENT_REQUIRED });
    }
    // writes too, before their body is looked at; and the upload (its own plugin)
    const write = await send("POST", "/api/admin/gallery", cora.cookie, {});
    expect(write.json()).toMatchObject({ code: TWO_FACTOR_ENROLMENT_REQUIRED });
    const password = await send("POST", "/api/admin/password/change", cora.cookie, {});
    expect(password.json()).toMatchObject({ code: TWO_FACTOR_ENROLMENT_REQUIRED });
    const upload = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/media",
      headers: { cookie: cora.cookie, origin: apps.env.backofficeOrigin, "content-type": "image/png" },
      payload: Buffer.from("not read"),
    });
    expect(upload.statusCode).toBe(403);
    expect(upload.json()).toMatchObject({ code: TWO_FACTOR_ENROLMENT_REQUIRED });

    // what enrolling needs stays open: who it is, the two-factor status, enrolment
    expect((await send("GET", "/api/admin/session", cora.cookie)).statusCode).toBe(200);
    expect((await send("GET", "/api/admin/account", cora.cookie)).json()).toMatchObject({ username: "cora" });
    for (const path of ["admin.me", "staff.me"]) expect((await trpc(path, cora.cookie)).statusCode, path).toBe(200);
    expect((await send("GET", "/api/admin/two-factor", cora.cookie)).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    expect((await trpc("twoFactor.status", cora.cookie)).statusCode).toBe(200);
    // the owner (two-factor on) is never held up
    expect((await send("GET", "/api/admin/gallery", owner)).statusCode).toBe(200);

    // it enrols, with its password, and works again at once (in the other process once it hears of it)
    await enrolTwoFactor(cora.cookie, CORA.password);
    await otherAnswers("/api/admin/gallery", cora.cookie, 200);
    for (const app of [apps.backoffice, other]) {
      expect((await send("GET", "/api/admin/gallery", cora.cookie, undefined, app)).statusCode).toBe(200);
      expect((await trpc("content.gallery", cora.cookie, undefined, app)).statusCode).toBe(200);
    }
  });

  it("a sales session too; sign-out stays open to it; lifting the policy lets it work again", async () => {
    const orders = await trpc("orders.list", samSignOut, undefined, other);
    expect(orders.statusCode).toBe(403);
    expect(trpcError(orders).extra).toEqual({ code: TWO_FACTOR_ENROLMENT_REQUIRED });
    const signOut = await send("POST", "/api/admin/logout", samSignOut, {});
    expect(signOut.statusCode).toBe(200);
    expect((await send("GET", "/api/admin/session", samSignOut)).statusCode).toBe(401);

    expect((await send("GET", "/api/admin/orders", samStays)).json()).toMatchObject({
      code: TWO_FACTOR_ENROLMENT_REQUIRED,
    });
    const lifted = await send("PUT", "/api/admin/two-factor/policy", owner, { required: false });
    expect(lifted.statusCode).toBe(200);
    expect((await send("GET", "/api/admin/orders", samStays)).statusCode).toBe(200);
    await otherAnswers("/api/admin/orders", samStays, 200);
    for (const app of [apps.backoffice, other]) {
      expect((await send("GET", "/api/admin/orders", samStays, undefined, app)).statusCode).toBe(200);
    }
  });
});

describe("hole 6: enrolling two-factor while signed in asks the password again", () => {
  const PAT = { email: "pat@example.com", role: "sales" as const, username: "pat", password: "Sales-Person-Pat-42" };

  it("the cookie alone gets no secret: 400 without the password, 400 naming it when wrong (REST and tRPC)", async () => {
    const pat = await invitedStaff(apps, owner, PAT);
    // the attack as reported: enrol with the session cookie only (it was 200 with a secret)
    const bare = await send("POST", "/api/admin/two-factor/enrol", pat.cookie);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ issues: [{ path: ["password"] }] });
    const wrong = await send("POST", "/api/admin/two-factor/enrol", pat.cookie, { password: "Not-Pats-Password-1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ issues: [{ path: ["password"], message: "is not correct" }] });
    expect(wrong.json()).not.toHaveProperty("secret");
    for (const input of [{}, { password: "Not-Pats-Password-1" }]) {
      const res = await trpc("twoFactor.begin", pat.cookie, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(trpcError(res).issues[0]?.path).toEqual(["password"]);
    }
    // nothing was started: there is no secret to confirm, so no recovery codes either
    const confirm = await send("POST", "/api/admin/two-factor/confirm", pat.cookie, { code: "123456" });
    expect(confirm.statusCode).toBe(409);
    const [row] = await apps.db.handle.db
      .select()
      .from(schema.adminTwoFactor)
      .where(eq(schema.adminTwoFactor.adminId, pat.id));
    expect(row).toBeUndefined();

    // with the password: the secret, then the recovery codes (tRPC)
    const begin = await trpc("twoFactor.begin", pat.cookie, { password: PAT.password });
    expect(begin.statusCode, begin.body).toBe(200);
    const { secret } = (begin.json() as { result: { data: { secret: string } } }).result.data;
    const confirmed = await trpc("twoFactor.confirm", pat.cookie, { code: totpCode(secret, apps.clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(
      (confirmed.json() as { result: { data: { recoveryCodes: string[] } } }).result.data.recoveryCodes,
    ).toHaveLength(10);
  });

  it("guessing the password through enrolment counts with the password forms: 429 past 10 in 15 minutes", async () => {
    const quinn = await staffMember("quinn", "content", "Content-Quinn-2026!");
    for (let i = 1; i <= 10; i++) {
      const res = await send("POST", "/api/admin/two-factor/enrol", quinn.cookie, { password: `guess-${i}` });
      expect(res.statusCode, `guess ${i}`).toBe(400);
    }
    const limited = await send("POST", "/api/admin/two-factor/enrol", quinn.cookie, {
      password: "Content-Quinn-2026!",
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});

describe("acceptance 2: after these attacks", () => {
  it("the real owner signs in from a new address at once", async () => {
    await expectRealUserSignsIn(apps, OWNER);
  });
});
