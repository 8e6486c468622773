// Staff roles, invites and passwords. The role matrix is generated from the admin tRPC router and the
// REST route list: every admin procedure and path is called as sales, content and owner, and must answer
// 403 exactly where modules/access/access-policy.ts says, so a new path cannot be forgotten.

import type { StaffRole } from "@ch/contracts/staff";
import { openDatabase, schema } from "@ch/db";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { errorStatuses } from "../src/http/openapi";
import type { RouteSpec } from "../src/http/route";
import { readCache } from "../src/lib/read-cache";
import {
  mayCallPath,
  mayCallProcedure,
  PROCEDURE_RULES,
  rolesForPath,
  rolesForProcedure,
} from "../src/modules/access/access-policy";
import { pendingResetMails } from "../src/modules/staff/staff.service";
import { backofficeRoutes } from "../src/routes";
import { adminAppRouter } from "../src/trpc/root";
import { signedInCookie, startTestApps, type TestApps } from "./harness";
import { until } from "./notifications-fakes";

let apps: TestApps;
const cookies: Record<StaffRole, string> = { owner: "", sales: "", content: "" };
/**
 * What an allowed role may get back with an empty or made-up input: the operation's success, or the
 * operation's own answer to that input (400 invalid, 404 no such record, 409 not in that state, 410 gone).
 * Never 401/403 (the role check let it through) and never a 5xx.
 */
const ALLOWED_ANSWERS = [200, 201, 202, 204, 400, 404, 409, 410];
/**
 * For a declared operation, tighter: its documented success (tRPC answers 200) or one of the errors its
 * declaration documents, but never 401/403 (the role check let it through), 429 or a 5xx.
 */
const NEVER_FOR_AN_ALLOWED_ROLE = new Set([401, 403, 429, 500, 503]);
function documentedAnswers(spec: RouteSpec, transport: "rest" | "trpc"): number[] {
  const success = transport === "trpc" ? [200] : [spec.successStatus ?? 200, ...(spec.alsoSuccess ?? [])];
  return [...success, ...errorStatuses(spec)].filter((status) => !NEVER_FOR_AN_ALLOWED_ROLE.has(status));
}
const declared = (method: string, url: string) => backofficeRoutes.find((r) => r.method === method && r.url === url);
const OWNER = { username: "owner", password: "Tr4ilhead-Container!" };

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const send = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  apps.backoffice.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(method === "GET" ? {} : { "content-type": "application/json" }),
    },
    ...(method === "GET" ? {} : { payload: JSON.stringify(payload ?? {}) }),
  });

const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name.includes("admin") || x.name.includes("session")) ?? res.cookies[0];
  if (!c) throw new Error("no session cookie");
  return `${c.name}=${c.value}`;
};

async function login(username: string, password: string) {
  return send("POST", "/api/admin/login", undefined, { username, password });
}

/** The link's token from the newest e-mail to `to` in the outbox. */
async function tokenMailedTo(to: string, kind: string): Promise<string> {
  await Promise.all(pendingResetMails); // reset links are stored just after their answer
  const [row] = await apps.db.handle.db
    .select({ body: schema.notifications.bodyText, kind: schema.notifications.kind })
    .from(schema.notifications)
    .where(eq(schema.notifications.recipient, to))
    .orderBy(desc(schema.notifications.id))
    .limit(1);
  expect(row?.kind).toBe(kind);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(row?.body ?? "")?.[1];
  if (!token) throw new Error(`no link in the e-mail to ${to}`);
  return token;
}

/** The owner invites someone (the role as typed, so that a wrong one can be tried). */
const invite = (email: string, role: string) =>
  send("POST", "/api/admin/staff/invites", cookies.owner, { email, role });

const setOwnerEmail = (email: string, currentPassword: string) =>
  send("PUT", "/api/admin/account/email", cookies.owner, { email, currentPassword });

async function inviteAndAccept(email: string, role: StaffRole, username: string, password: string) {
  const invited = await invite(email, role);
  expect(invited.statusCode, invited.body).toBe(201);
  const token = await tokenMailedTo(email, "staff_invite");
  const accepted = await send("POST", "/api/admin/invites/accept", undefined, { token, username, password });
  expect(accepted.statusCode, accepted.body).toBe(201);
  const signedIn = await login(username, password);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { token, cookie: cookieOf(signedIn), id: (accepted.json() as { id: number }).id };
}

beforeAll(async () => {
  apps = await startTestApps();
  cookies.owner = await signedInCookie(apps, OWNER.username, OWNER.password);
  cookies.sales = (await inviteAndAccept("sam@example.com", "sales", "sam", "Sales-Person-Long-1")).cookie;
  cookies.content = (await inviteAndAccept("cora@example.com", "content", "cora", "Content-Editor-2026!")).cookie;
}, 120_000);

afterAll(async () => {
  await apps?.close();
});

// ---------------------------------------------------------------------------------------------

type ProcedureDef = { type: "query" | "mutation"; meta?: { rest?: { method: string; url: string } } };
const procedures = Object.entries(
  (adminAppRouter._def as unknown as { procedures: Record<string, { _def: ProcedureDef }> }).procedures,
).map(([path, p]) => ({ path, type: p._def.type, rest: p._def.meta?.rest }));
/** A procedure made from a declared operation is its route's: the route's rule decides. */
const mayCall = (role: "sales" | "content" | "owner", path: string, rest?: { method: string; url: string }) =>
  rest ? mayCallPath(role, rest.method, rest.url) : mayCallProcedure(role, path);
/** Whether a role may call the admin router's procedure of this name, however it was made. */
const mayCallNamed = (role: "sales" | "content" | "owner", path: string) =>
  mayCall(role, path, procedures.find((p) => p.path === path)?.rest);
// the admin routes declared with route(), plus the upload (its own plugin, not JSON)
const restPaths = backofficeRoutes
  .filter((r) => r.access === "admin")
  .map((r) => ({
    method: r.method as Method,
    pattern: r.url,
    url: r.url.replace(/:[A-Za-z]+/g, "1"),
    documented: documentedAnswers(r, "rest"),
  }));

const callProcedure = (path: string, type: "query" | "mutation", cookie: string) =>
  type === "query" ? send("GET", `/api/trpc/${path}`, cookie) : send("POST", `/api/trpc/${path}`, cookie, {});

describe("the policy", () => {
  it("is default-deny: names nobody but the owner for a procedure or path no rule covers", () => {
    for (const path of ["webhooks.create", "apiKeys.list", "somethingNew.do"]) {
      expect(rolesForProcedure(path)).toEqual(["owner"]);
    }
    for (const url of ["/api/admin/webhooks", "/api/admin/api-keys/:id", "/api/admin/something-new"]) {
      expect(rolesForPath("POST", url)).toEqual(["owner"]);
    }
  });

  it("gives sales the orders side and content the catalog side (spot checks written by hand)", () => {
    expect(mayCallNamed("sales", "orders.list")).toBe(true);
    expect(mayCallNamed("sales", "proposals.create")).toBe(true);
    expect(mayCallNamed("sales", "catalog.create")).toBe(false);
    expect(mayCallNamed("sales", "proposals.priceLists")).toBe(true);
    for (const write of ["saveOption", "deleteOption", "saveTaxRate", "deleteDeliveryBand", "saveSomethingNew"]) {
      expect(mayCallNamed("sales", `proposals.${write}`), write).toBe(false);
    }
    expect(mayCallNamed("content", "orders.list")).toBe(false);
    expect(mayCallNamed("content", "content.createPost")).toBe(true);
    expect(mayCallNamed("content", "seo.siteReport")).toBe(true);
    for (const role of ["sales", "content"] as const) {
      for (const path of ["settings.update", "staff.list", "staff.invite", "admin.audit", "twoFactor.setPolicy"]) {
        expect(mayCallNamed(role, path), `${role} ${path}`).toBe(false);
      }
      expect(mayCallNamed(role, "staff.changePassword")).toBe(true);
      expect(mayCallPath(role, "PUT", "/api/admin/settings")).toBe(false);
      expect(mayCallPath(role, "GET", "/api/admin/staff")).toBe(false);
    }
    expect(mayCallPath("sales", "GET", "/api/admin/orders.csv")).toBe(true);
    expect(mayCallPath("content", "GET", "/api/admin/orders.csv")).toBe(false);
    expect(mayCallPath("content", "POST", "/api/admin/media")).toBe(true);
    expect(mayCallPath("sales", "POST", "/api/admin/media")).toBe(false);
  });
});

describe("every admin tRPC procedure, as each role", () => {
  it("knows the admin router's public procedures (everything else needs a session)", async () => {
    const open: string[] = [];
    for (const { path, type } of procedures) {
      const res =
        type === "query"
          ? await send("GET", `/api/trpc/${path}`)
          : await send("POST", `/api/trpc/${path}`, undefined, {});
      if (res.statusCode !== 401) open.push(path);
    }
    expect(open).toEqual(["admin.setupStatus"]);
    expect(procedures.length).toBeGreaterThan(50);
  });

  it("leaves a procedure made from an operation to its route's rule: no exact procedure rule names one", () => {
    const made = procedures.filter((p) => p.rest);
    expect(made.length).toBeGreaterThan(50);
    expect(made.filter((p) => p.path in PROCEDURE_RULES).map((p) => p.path)).toEqual([]);
    // the hand-written ones that remain are each covered by a rule, or are the owner's by default
    for (const { path } of procedures.filter((p) => !p.rest)) expect(rolesForProcedure(path)).toContain("owner");
  });

  const cases = procedures
    .filter((p) => p.path !== "admin.setupStatus")
    .flatMap((p) => (["sales", "content", "owner"] as const).map((role) => ({ ...p, role })));

  it.each(cases)("$path as $role", async ({ path, type, rest, role }) => {
    const res = await callProcedure(path, type, cookies[role]);
    if (mayCall(role, path, rest)) {
      // allowed: an answer of the operation itself (a success, or its own refusal of the empty input);
      // one made from a declared operation answers only what its declaration documents
      const spec = rest && declared(rest.method, rest.url);
      expect(spec ? documentedAnswers(spec, "trpc") : ALLOWED_ANSWERS, `${res.statusCode} ${res.body}`).toContain(
        res.statusCode,
      );
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe("Your role does not allow this");
    }
  });
});

describe("every admin REST path, as each role", () => {
  it("covers the lists, the exports and the owner's paths", () => {
    const urls = restPaths.map((r) => r.pattern);
    for (const u of ["/api/admin/orders", "/api/admin/orders.csv", "/api/admin/settings", "/api/admin/staff"]) {
      expect(urls).toContain(u);
    }
  });

  const cases = restPaths.flatMap((r) => (["sales", "content", "owner"] as const).map((role) => ({ ...r, role })));

  it.each(cases)("$method $pattern as $role", async ({ method, pattern, url, role, documented }) => {
    const res = await send(method, url, cookies[role], {});
    if (mayCallPath(role, method, pattern)) {
      // the operation's documented success, or an error its declaration documents (never 401/403/5xx)
      expect(documented, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ message: "Your role does not allow this", issues: [] });
    }
  });

  it.each(["sales", "content", "owner"] as const)("POST /api/admin/media (upload) as %s", async (role) => {
    const res = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/media",
      headers: { cookie: cookies[role], "content-type": "image/png" },
      payload: Buffer.from([1, 2, 3]),
    });
    if (mayCallPath(role, "POST", "/api/admin/media")) expect(res.statusCode).not.toBe(403);
    else expect(res.statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------

describe("staff accounts", () => {
  it("tells each account its role and areas", async () => {
    const me = async (role: StaffRole) => (await send("GET", "/api/admin/account", cookies[role])).json();
    expect(await me("owner")).toMatchObject({ username: "owner", role: "owner" });
    expect((await me("owner")).areas).toEqual(expect.arrayContaining(["staff", "settings", "orders", "blog"]));
    const sales = await me("sales");
    expect(sales).toMatchObject({ username: "sam", role: "sales", email: "sam@example.com" });
    expect(sales.areas).toContain("orders");
    expect(sales.areas).not.toContain("blog");
    expect(sales.areas).not.toContain("staff");
    const content = await me("content");
    expect(content.areas).toEqual(expect.arrayContaining(["catalog", "gallery", "blog", "seo"]));
    expect(content.areas).not.toContain("orders");
    expect(content.areas).not.toContain("settings");
  });

  it("lists accounts and waiting invites for the owner, and refuses a second invite to one address", async () => {
    const again = await invite("SAM@example.com", "content");
    expect(again.statusCode).toBe(409);
    const waiting = await invite("wait@example.com", "sales");
    expect(waiting.statusCode).toBe(201);
    const list = (await send("GET", "/api/admin/staff", cookies.owner)).json();
    expect(list.accounts.map((a: { username: string; role: string }) => `${a.username}:${a.role}`)).toEqual([
      "owner:owner",
      "sam:sales",
      "cora:content",
    ]);
    expect(list.invites).toEqual([
      expect.objectContaining({ email: "wait@example.com", role: "sales", expired: false }),
    ]);
    const bad = await invite("x@example.com", "admin");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(["role"]);
  });

  it("an invite works once; a re-sent invite replaces the old link; a taken username keeps it usable", async () => {
    const invited = await invite("once@example.com", "content");
    const first = await tokenMailedTo("once@example.com", "staff_invite");
    const resent = await send("POST", `/api/admin/staff/invites/${invited.json().id}/resend`, cookies.owner);
    expect(resent.statusCode).toBe(200);
    const second = await tokenMailedTo("once@example.com", "staff_invite");
    expect(second).not.toBe(first);
    const accept = (token: string, username: string, password: string) =>
      send("POST", "/api/admin/invites/accept", undefined, { token, username, password });
    const old = await accept(first, "once", "Once-Only-Passphrase");
    expect(old.statusCode).toBe(400);
    expect(old.json().issues[0].path).toEqual(["token"]);
    const preview = await send("GET", `/api/admin/invites/preview?token=${second}`);
    expect(preview.json()).toMatchObject({ email: "once@example.com", role: "content" });
    const taken = await accept(second, "SAM", "Once-Only-Passphrase");
    expect(taken.statusCode).toBe(409);
    const short = await accept(second, "once", "short-one");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("at least 12 characters");
    const common = await accept(second, "once", "password1234!");
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/common/);
    const ok = await accept(second, "once", "Once-Only-Passphrase");
    expect(ok.statusCode).toBe(201);
    const reused = await accept(second, "twice", "Once-Only-Passphrase");
    expect(reused.statusCode).toBe(400);
  });

  it("a role change applies to a signed-in account at once", async () => {
    const { cookie, id } = await inviteAndAccept("switch@example.com", "sales", "switcher", "Switching-Roles-2026");
    expect((await send("GET", "/api/trpc/orders.list", cookie)).statusCode).toBe(200);
    expect((await send("GET", "/api/trpc/orders.list", cookie)).statusCode).toBe(200); // now remembered
    const changed = await send("PUT", `/api/admin/staff/${id}/role`, cookies.owner, { role: "content" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await send("GET", "/api/trpc/orders.list", cookie)).statusCode).toBe(403);
    expect((await send("GET", "/api/trpc/catalog.list", cookie)).statusCode).toBe(200);
    const self = await send("PUT", "/api/admin/staff/1/role", cookies.owner, { role: "sales" });
    expect(self.statusCode).toBe(409);
  });

  it("a disabled account loses its session at once and cannot sign in; enabled, it can again", async () => {
    const { cookie, id } = await inviteAndAccept("gone@example.com", "sales", "leaver", "Leaving-Soon-Passphrase");
    expect((await send("GET", "/api/admin/account", cookie)).statusCode).toBe(200);
    expect((await send("GET", "/api/admin/account", cookie)).statusCode).toBe(200); // remembered in this process
    const disabled = await send("POST", `/api/admin/staff/${id}/disable`, cookies.owner);
    expect(disabled.json()).toEqual({ ok: true, endedSessions: 1 });
    expect((await send("GET", "/api/admin/account", cookie)).statusCode).toBe(401);
    expect((await send("GET", "/api/trpc/orders.list", cookie)).statusCode).toBe(401);
    expect((await login("leaver", "Leaving-Soon-Passphrase")).statusCode).toBe(401);
    const sessions = await apps.db.handle.db.select().from(schema.sessions).where(eq(schema.sessions.adminId, id));
    expect(sessions).toHaveLength(0);
    await send("POST", `/api/admin/staff/${id}/enable`, cookies.owner);
    expect((await login("leaver", "Leaving-Soon-Passphrase")).statusCode).toBe(200);
  });

  it("a role change and a disable reach another API process at once (the sessions trigger's NOTIFY)", async () => {
    // on PostgreSQL a second process: its own pool, cache and listener on the same database; PGlite has one
    const other = apps.db.url ? await openDatabase({ url: apps.db.url, maxConnections: 2 }) : null;
    const otherApp = other
      ? await buildApp({ surface: "backoffice", db: other.db, env: apps.env, clock: apps.clock, spa: false })
      : apps.backoffice;
    try {
      const { cookie, id } = await inviteAndAccept("far@example.com", "sales", "faraway", "Far-Away-Passphrase-1");
      const ask = (path: string) => otherApp.inject({ method: "GET", url: path, headers: { cookie } });
      expect((await ask("/api/trpc/orders.list")).statusCode).toBe(200);
      if (other) await until(() => readCache(other.db).trusted(), "the other process's trusted cache");
      expect((await ask("/api/trpc/orders.list")).statusCode).toBe(200);
      expect((await ask("/api/trpc/orders.list")).statusCode).toBe(200); // remembered by that process
      const changed = await send("PUT", `/api/admin/staff/${id}/role`, cookies.owner, { role: "content" });
      expect(changed.statusCode).toBe(200);
      // the other process forgets the remembered session when the notice reaches it (as after a sign-out)
      const status = async (path: string) => (await ask(path)).statusCode;
      await until(async () => (await status("/api/trpc/orders.list")) === 403, "the new role in the other process");
      expect(await status("/api/trpc/catalog.list")).toBe(200);
      expect(await status("/api/trpc/catalog.list")).toBe(200);
      const disabled = await send("POST", `/api/admin/staff/${id}/disable`, cookies.owner);
      expect(disabled.json()).toEqual({ ok: true, endedSessions: 1 });
      await until(
        async () => (await status("/api/trpc/catalog.list")) === 401,
        "the session ended in the other process",
      );
      // and it stays ended: the row is gone, so no process can remember it again
      expect(await status("/api/admin/account")).toBe(401);
    } finally {
      if (other) {
        await otherApp.close();
        await other.close();
      }
    }
  });

  it("names the staff member in the audit log", async () => {
    const audit = (await send("GET", "/api/trpc/admin.audit", cookies.owner)).json().result.data as {
      adminName: string;
      action: string;
      detail: Record<string, unknown>;
    }[];
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          adminName: "owner",
          action: "staff.invite",
          detail: { email: "sam@example.com", role: "sales" },
        }),
        expect.objectContaining({ adminName: "sam", action: "staff.invite_accepted" }),
        expect.objectContaining({
          adminName: "owner",
          action: "staff.disable",
          detail: { username: "leaver", endedSessions: 1 },
        }),
        expect.objectContaining({
          adminName: "owner",
          action: "staff.role",
          detail: { username: "switcher", from: "sales", to: "content" },
        }),
      ]),
    );
  });
});

describe("passwords", () => {
  it("change: needs the current password, refuses weak ones, ends the other sessions only", async () => {
    const { cookie } = await inviteAndAccept("pat@example.com", "content", "pat", "Pat-First-Passphrase");
    const other = cookieOf(await login("pat", "Pat-First-Passphrase"));
    const wrong = await send("POST", "/api/admin/password/change", cookie, {
      currentPassword: "not-my-password",
      newPassword: "Pat-Second-Passphrase",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toEqual(["currentPassword"]);
    const short = await send("POST", "/api/admin/password/change", cookie, {
      currentPassword: "Pat-First-Passphrase",
      newPassword: "Short-1",
    });
    expect(short.statusCode).toBe(400);
    const common = await send("POST", "/api/admin/password/change", cookie, {
      currentPassword: "Pat-First-Passphrase",
      newPassword: "Qwerty123456",
    });
    expect(common.statusCode).toBe(400);
    const ok = await send("POST", "/api/admin/password/change", cookie, {
      currentPassword: "Pat-First-Passphrase",
      newPassword: "Pat-Second-Passphrase",
    });
    expect(ok.json()).toEqual({ ok: true, endedSessions: 1 });
    expect((await send("GET", "/api/admin/account", cookie)).statusCode).toBe(200);
    expect((await send("GET", "/api/admin/account", other)).statusCode).toBe(401);
    expect((await login("pat", "Pat-First-Passphrase")).statusCode).toBe(401);
    expect((await login("pat", "Pat-Second-Passphrase")).statusCode).toBe(200);
  });

  it("reset: the same answer for an unknown address, a single-use link, every session ended", async () => {
    const { cookie } = await inviteAndAccept("rose@example.com", "sales", "rose", "Rose-First-Passphrase");
    const known = await send("POST", "/api/admin/password/forgot", undefined, { email: "ROSE@example.com" });
    const unknown = await send("POST", "/api/admin/password/forgot", undefined, { email: "nobody@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await Promise.all(pendingResetMails);
    const mailed = await apps.db.handle.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.recipient, "nobody@example.com"));
    expect(mailed).toHaveLength(0);
    const token = await tokenMailedTo("rose@example.com", "staff_password_reset");
    const weak = await send("POST", "/api/admin/password/reset", undefined, { token, password: "password123456" });
    expect(weak.statusCode).toBe(400);
    const ok = await send("POST", "/api/admin/password/reset", undefined, {
      token,
      password: "Rose-Second-Passphrase",
    });
    expect(ok.json()).toEqual({ ok: true, username: "rose" });
    expect((await send("GET", "/api/admin/account", cookie)).statusCode).toBe(401);
    const again = await send("POST", "/api/admin/password/reset", undefined, {
      token,
      password: "Rose-Third-Passphrase",
    });
    expect(again.statusCode).toBe(400);
    expect((await login("rose", "Rose-Second-Passphrase")).statusCode).toBe(200);
    expect((await login("rose", "Rose-Third-Passphrase")).statusCode).toBe(401);
  });

  it("the owner sets an e-mail (current password needed) and can then reset by e-mail; the outbox hides the link", async () => {
    const wrong = await setOwnerEmail("owner@example.com", "not-my-password");
    expect(wrong.statusCode).toBe(400);
    const taken = await setOwnerEmail("SAM@example.com", OWNER.password);
    expect(taken.statusCode).toBe(409);
    const set = await setOwnerEmail("owner@example.com", OWNER.password);
    expect(set.json()).toEqual({ ok: true, email: "owner@example.com" });
    await send("POST", "/api/admin/password/forgot", undefined, { email: "owner@example.com" });
    const token = await tokenMailedTo("owner@example.com", "staff_password_reset");
    const outbox = (await send("GET", "/api/admin/notifications", cookies.owner)).json() as {
      id: number;
      kind: string;
    }[];
    const resetMail = outbox.find((n) => n.kind === "staff_password_reset");
    expect(resetMail).toBeDefined();
    const shown = (await send("GET", `/api/admin/notifications/${resetMail!.id}`, cookies.owner)).body;
    expect(shown).toContain("#token=(hidden)");
    expect(shown).not.toContain(token);
  });

  it("reset: a link older than 30 minutes is refused", async () => {
    await send("POST", "/api/admin/password/forgot", undefined, { email: "rose@example.com" });
    const token = await tokenMailedTo("rose@example.com", "staff_password_reset");
    apps.clock.advance(30 * 60_000 + 1_000);
    const late = await send("POST", "/api/admin/password/reset", undefined, {
      token,
      password: "Rose-Late-Passphrase",
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().issues[0].path).toEqual(["token"]);
  });

  it("invite: a link older than 72 hours is refused", async () => {
    const owner = cookieOf(await login(OWNER.username, OWNER.password));
    await send("POST", "/api/admin/staff/invites", owner, { email: "late@example.com", role: "sales" });
    const token = await tokenMailedTo("late@example.com", "staff_invite");
    apps.clock.advance(72 * 3600_000 + 1_000);
    const late = await send("POST", "/api/admin/invites/accept", undefined, {
      token,
      username: "late",
      password: "Late-Comer-Passphrase",
    });
    expect(late.statusCode).toBe(400);
    const owner2 = cookieOf(await login(OWNER.username, OWNER.password));
    const list = (await send("GET", "/api/admin/staff", owner2)).json();
    expect(list.invites).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: "late@example.com", expired: true })]),
    );
  });
});
