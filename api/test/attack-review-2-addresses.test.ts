// Holes of the second attack review about addresses (issue 22). Hole 8: webhook URLs written as IPv6
// forms that embed an IPv4 address (::7f00:1, ::ffff:0:7f00:1, ::a9fe:a9fe) passed the production check,
// and outside production private and link-local receivers were accepted and their first 1 KB shown to
// the owner; each form is now refused when the owner saves the hook (the REST path of the back office)
// and again at delivery (the request's DNS lookup and the literal check), while a receiver on loopback
// still works outside production. Hole 10: the production configuration took http:// and local hosts
// written otherwise (http://[::ffff:7f00:1]) for the site's and the back office's public addresses.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, type Env, loadEnv } from "../src/env";
import { addressScope } from "../src/lib/public-address";
import { deliveryRefusal, type LookupAll, webhookLookup } from "../src/modules/webhooks/url-policy";
import { createWebhookWorker } from "../src/modules/webhooks/worker";
import { expectRealUserSignsIn, signedInCookie, startTestApps, type TestApps } from "./harness";
import { sendContactEnquiry } from "./lead-fixtures";
import { workerDeps } from "./notifications-fakes";

/** A webhook URL host, the address a DNS answer would carry for it, and whether it is loopback. */
interface Form {
  host: string;
  address: string;
  loopback: boolean;
}

// the three of the issue, then the other spellings of loopback and the inside ranges
const ISSUE: Form[] = [
  { host: "[::7f00:1]", address: "::7f00:1", loopback: false }, // IPv4-compatible 127.0.0.1
  { host: "[::ffff:0:7f00:1]", address: "::ffff:0:7f00:1", loopback: false }, // IPv4-translated 127.0.0.1
  { host: "[::a9fe:a9fe]", address: "::a9fe:a9fe", loopback: false }, // IPv4-compatible 169.254.169.254
];
const FORMS: Form[] = [
  ...ISSUE,
  { host: "[::127.0.0.1]", address: "::127.0.0.1", loopback: false },
  { host: "[::ffff:127.0.0.1]", address: "::ffff:127.0.0.1", loopback: true },
  { host: "[0:0:0:0:0:ffff:7f00:1]", address: "0:0:0:0:0:ffff:7f00:1", loopback: true },
  { host: "2130706433", address: "127.0.0.1", loopback: true },
  { host: "0x7f.1", address: "127.0.0.1", loopback: true },
  { host: "[fe80::1]", address: "fe80::1", loopback: false },
  { host: "169.254.169.254", address: "169.254.169.254", loopback: false },
  { host: "10.0.0.5", address: "10.0.0.5", loopback: false },
  { host: "192.168.1.1", address: "192.168.1.1", loopback: false },
  { host: "[fd00::1]", address: "fd00::1", loopback: false },
  { host: "172.16.0.1", address: "172.16.0.1", loopback: false },
  { host: "100.64.0.1", address: "100.64.0.1", loopback: false },
  { host: "0.0.0.0", address: "0.0.0.0", loopback: false },
  { host: "[::ffff:a9fe:a9fe]", address: "::ffff:a9fe:a9fe", loopback: false },
  { host: "[::ffff:10.0.0.5]", address: "::ffff:10.0.0.5", loopback: false },
  { host: "[64:ff9b::a9fe:a9fe]", address: "64:ff9b::a9fe:a9fe", loopback: false }, // NAT64
  { host: "[2002:a9fe:a9fe::1]", address: "2002:a9fe:a9fe::1", loopback: false }, // 6to4
  { host: "[::]", address: "::", loopback: false },
];
const INSIDE = FORMS.filter((f) => !f.loopback);
const LOOPBACK = FORMS.filter((f) => f.loopback);

const SETUP_TOKEN = "setup-token-for-review-22-addresses";
let dev: TestApps;
let prod: TestApps;
let devCookie: string;
let prodCookie: string;
let receiver: Server;
let receiverPort: number;
const received: string[] = [];

/** The owner's session on a production back office (first setup needs the setup token there). */
async function productionCookie(apps: TestApps) {
  const owner = { username: "owner", password: "Tr4ilhead-Container!" };
  const setup = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/setup",
    payload: { ...owner, setupToken: SETUP_TOKEN },
  });
  expect(setup.statusCode).toBe(201);
  const login = await apps.backoffice.inject({ method: "POST", url: "/api/admin/login", payload: owner });
  expect(login.statusCode).toBe(200);
  const cookie = login.cookies.find((c) => c.name === "__Host-ch_admin");
  expect(cookie).toBeDefined();
  return `${cookie!.name}=${cookie!.value}`;
}

const save = (apps: TestApps, cookie: string, url: string) =>
  apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/webhooks",
    headers: { cookie, origin: apps.env.backofficeOrigin },
    payload: { url, events: ["lead.created"] },
  });

/** The answer of saving `url` must be a 400 naming the field `url`; answers the reason. */
async function refusedOnSave(apps: TestApps, cookie: string, url: string): Promise<string> {
  const res = await save(apps, cookie, url);
  expect(res.statusCode, `${url} saved`).toBe(400);
  const issues = (res.json() as { issues: { path: string[]; message: string }[] }).issues;
  expect(
    issues.map((i) => i.path.join(".")),
    url,
  ).toEqual(["url"]);
  return issues[0]!.message;
}

/** A fake dns.lookup answering `address` for every name. */
const answering =
  (address: string): LookupAll =>
  (_hostname, _options, callback) =>
    callback(null, [{ address, family: address.includes(":") ? 6 : 4 }]);

/** What the request's lookup decides for a name resolving to `address`: the error code, or the address. */
function lookedUp(env: Env, address: string, all: boolean): Promise<{ code?: string; address?: unknown }> {
  const lookup = webhookLookup(env, answering(address));
  return new Promise((resolve) =>
    lookup("hooks.example.com", { all, family: 0 }, (error, found) =>
      resolve(error ? { code: (error as NodeJS.ErrnoException).code } : { address: found }),
    ),
  );
}

async function removeAll(apps: TestApps, cookie: string) {
  for (const { id } of await apps.db.handle.db
    .select({ id: schema.webhookEndpoints.id })
    .from(schema.webhookEndpoints)) {
    const res = await apps.backoffice.inject({
      method: "DELETE",
      url: `/api/admin/webhooks/${id}`,
      headers: { cookie, origin: apps.env.backofficeOrigin },
    });
    expect(res.statusCode).toBe(200);
  }
}

async function attemptsOf(apps: TestApps, cookie: string, endpointId: number) {
  const res = await apps.backoffice.inject({
    method: "GET",
    url: `/api/admin/webhooks/${endpointId}/deliveries`,
    headers: { cookie, origin: apps.env.backofficeOrigin },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    status: string;
    attemptLog: { ok: boolean; statusCode: number | null; error: string | null }[];
  }[];
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    received.push(req.url ?? "/");
    req.resume();
    req.on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
  dev = await startTestApps();
  devCookie = await signedInCookie(dev);
  prod = await startTestApps({ env: { NODE_ENV: "production", SETUP_TOKEN } });
  prodCookie = await productionCookie(prod);
}, 120_000);

afterAll(async () => {
  await dev?.close();
  await prod?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe("hole 8: webhook addresses, however written", () => {
  it("the shared judgement normalises every form before deciding", () => {
    for (const form of FORMS) {
      expect(addressScope(form.host), form.host).not.toBe("public");
      expect(addressScope(form.address), form.address).toBe(
        form.loopback ? "loopback" : form.address.match(/^(0\.0\.0\.0|::)$/) ? "unspecified" : "internal",
      );
    }
    for (const address of ["93.184.216.34", "2606:4700::1111", "::ffff:93.184.216.34", "[2a00:1450:4001::200e]"]) {
      expect(addressScope(address), address).toBe("public");
    }
    // IPv4-compatible stays itself even when the IPv4 address is public (ipaddr.js alone reads it as mapped)
    expect(addressScope("::93.184.216.34")).toBe("internal");
    expect(addressScope("hooks.example.com")).toBeNull();
  });

  it("production: the issue's addresses and every other inside form are refused when saved (400, url)", async () => {
    for (const form of ISSUE) {
      expect(await refusedOnSave(prod, prodCookie, `https://${form.host}/hooks`)).toContain("public addresses only");
    }
    for (const form of FORMS) {
      expect(await refusedOnSave(prod, prodCookie, `https://${form.host}/hooks`)).toContain("public addresses only");
    }
    // a name is judged by what it resolves to
    expect(await refusedOnSave(prod, prodCookie, "https://localhost/hooks")).toMatch(/localhost → (127\.0\.0\.1|::1)/);
    expect(await refusedOnSave(prod, prodCookie, `http://127.0.0.1:${receiverPort}/hooks`)).toContain("https://");
    const rows = await prod.db.handle.db.select().from(schema.webhookEndpoints);
    expect(rows).toHaveLength(0);
  });

  it("development and test: link-local, private and every other inside form are refused when saved", async () => {
    for (const form of INSIDE) {
      for (const scheme of ["http", "https"]) {
        expect(await refusedOnSave(dev, devCookie, `${scheme}://${form.host}:${receiverPort}/hooks`)).toContain(
          "public or loopback addresses only",
        );
      }
    }
    // loopback in any spelling stays allowed there (a receiver on the same machine)
    for (const form of LOOPBACK) {
      expect((await save(dev, devCookie, `http://${form.host}:${receiverPort}/hooks`)).statusCode, form.host).toBe(201);
    }
    await removeAll(dev, devCookie);
    // changing a saved hook's address is checked the same way
    const created = await save(dev, devCookie, `http://127.0.0.1:${receiverPort}/hooks`);
    expect(created.statusCode).toBe(201);
    const { id } = (created.json() as { endpoint: { id: number } }).endpoint;
    const patched = await dev.backoffice.inject({
      method: "PATCH",
      url: `/api/admin/webhooks/${id}`,
      headers: { cookie: devCookie, origin: dev.env.backofficeOrigin },
      payload: { url: "http://169.254.169.254/latest/meta-data" },
    });
    expect(patched.statusCode).toBe(400);
    expect((patched.json() as { issues: { path: string[] }[] }).issues[0]!.path).toEqual(["url"]);
    await removeAll(dev, devCookie);
  });

  it("refuses every inside address at delivery: the request's lookup and the literal check", async () => {
    for (const form of FORMS) {
      for (const all of [true, false]) {
        // production: nothing but public addresses
        expect(await lookedUp(prod.env, form.address, all), form.address).toEqual({ code: "EWEBHOOKPRIVATE" });
        // outside production: loopback in any spelling, nothing else
        const outside = await lookedUp(dev.env, form.address, all);
        if (form.loopback) expect(outside.code, form.address).toBeUndefined();
        else expect(outside, form.address).toEqual({ code: "EWEBHOOKPRIVATE" });
      }
      expect(deliveryRefusal(prod.env, new URL(`https://${form.host}/hooks`)), form.host).toMatch(/^refused: /);
      const literal = deliveryRefusal(dev.env, new URL(`http://${form.host}/hooks`));
      if (form.loopback) expect(literal, form.host).toBeNull();
      else expect(literal, form.host).toMatch(/^refused: .* is not a public or loopback address$/);
    }
    expect(await lookedUp(prod.env, "93.184.216.34", false)).toEqual({ address: "93.184.216.34" });
    expect(await lookedUp(dev.env, "2606:4700::1111", true)).toEqual({
      address: [{ address: "2606:4700::1111", family: 6 }],
    });
  });

  it("outside production a receiver on loopback still gets its deliveries; a hook turned inside is never called", async () => {
    const plain = await save(dev, devCookie, `http://127.0.0.1:${receiverPort}/plain`);
    const named = await save(dev, devCookie, `http://localhost:${receiverPort}/named`);
    for (const res of [plain, named]) expect(res.statusCode).toBe(201);
    const ids = [plain, named].map((r) => (r.json() as { endpoint: { id: number } }).endpoint.id);
    // saved before this fix: an endpoint whose address is now refused stays in the table
    const metadata = await save(dev, devCookie, `http://127.0.0.1:${receiverPort}/metadata`);
    const metadataId = (metadata.json() as { endpoint: { id: number } }).endpoint.id;
    await dev.db.handle.db
      .update(schema.webhookEndpoints)
      .set({ url: "http://[::a9fe:a9fe]/latest/meta-data" })
      .where(eq(schema.webhookEndpoints.id, metadataId));

    expect((await sendContactEnquiry(dev, "review22@example.com")).statusCode).toBe(201);
    const worker = createWebhookWorker(workerDeps(dev.db.handle.db, dev.env, dev.clock), {
      random: () => 0.5,
      timeoutMs: 5000,
      retryBaseMs: 60_000,
    });
    await worker.drain();

    expect(received.sort()).toEqual(["/named", "/plain"]);
    for (const id of ids) {
      const [delivery] = await attemptsOf(dev, devCookie, id);
      expect(delivery).toMatchObject({ status: "succeeded" });
      expect(delivery!.attemptLog[0]).toMatchObject({ ok: true, statusCode: 204 });
    }
    const [refused] = await attemptsOf(dev, devCookie, metadataId);
    expect(refused!.attemptLog[0]).toMatchObject({
      ok: false,
      statusCode: null,
      error: "refused: ::a9fe:a9fe is not a public or loopback address",
    });
    await removeAll(dev, devCookie);
  });
});

describe("hole 10: the production configuration's public addresses", () => {
  const WALLET = "TG2bLBBBy5LTsB6DfpuxNRHNB7UF9auMYg";
  const PUBLIC = {
    NODE_ENV: "production",
    USDT_WALLET_ADDRESS: WALLET,
    PUBLIC_SITE_URL: "https://containers.example",
    BACKOFFICE_ORIGIN: "https://admin.containers.example",
    SESSION_SECRET: "a-test-session-secret-of-at-least-32-chars",
  };
  /** The settings that hold a public origin, each checked alike. */
  const ORIGIN_SETTINGS = ["PUBLIC_SITE_URL", "BACKOFFICE_ORIGIN", "STOREFRONT_ORIGIN"];
  const problem = (name: string, value: string) => {
    try {
      loadEnv({ ...PUBLIC, [name]: value });
    } catch (error) {
      expect(error, `${name}=${value}`).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    return null;
  };

  it("refuses http:// for the site, the back office and a configured storefront origin", () => {
    for (const name of ORIGIN_SETTINGS) {
      const message = problem(name, "http://shop.containers.example");
      expect(message).toContain(`${name} "http://shop.containers.example" is not an https:// address`);
      expect(message).toContain("in production set it to");
    }
  });

  it("refuses loopback, private and link-local hosts in every written form", () => {
    const atThisMachine = [
      "https://[::ffff:7f00:1]",
      "https://[::ffff:127.0.0.1]",
      "https://[0:0:0:0:0:ffff:7f00:1]",
      "https://2130706433",
      "https://0x7f.1",
      "https://127.1",
      "https://0177.0.0.1",
      "https://[::1]",
      "https://[::]",
      "https://0.0.0.0",
      "https://localhost",
      "https://localhost.",
      "https://admin.localhost",
    ];
    const inside = [
      "https://[::7f00:1]",
      "https://[::ffff:0:7f00:1]",
      "https://[::a9fe:a9fe]",
      "https://[::127.0.0.1]",
      "https://[fe80::1]",
      "https://169.254.169.254",
      "https://10.0.0.5",
      "https://192.168.1.1",
      "https://172.16.0.1",
      "https://100.64.0.1",
      "https://[fd00::1]",
      "https://[::ffff:10.0.0.5]",
      "https://[64:ff9b::a9fe:a9fe]",
    ];
    for (const name of ORIGIN_SETTINGS) {
      // the issue's own example
      expect(problem(name, "http://[::ffff:7f00:1]")).toMatch(new RegExp(`${name} .* points at this machine`));
      for (const value of atThisMachine) {
        expect(problem(name, value), value).toMatch(new RegExp(`${name} .* points at this machine`));
      }
      for (const value of inside) {
        expect(problem(name, value), value).toMatch(new RegExp(`${name} .* is not a public address`));
      }
      expect(problem(name, "https://shop")).toMatch(new RegExp(`${name} .* is not a public host name`));
    }
  });

  it("names each bad setting at once, and accepts https:// public hosts", () => {
    expect(() =>
      loadEnv({
        ...PUBLIC,
        PUBLIC_SITE_URL: "http://containers.example",
        BACKOFFICE_ORIGIN: "https://[::ffff:7f00:1]",
      }),
    ).toThrow(
      /2 settings cannot run:\n- PUBLIC_SITE_URL .* https:\/\/.*\n- BACKOFFICE_ORIGIN .* points at this machine/,
    );
    for (const value of [
      "https://containers.example",
      "https://shop.example.com:8443",
      "https://93.184.216.34",
      "https://[2606:4700::1111]",
    ]) {
      for (const name of ORIGIN_SETTINGS) expect(problem(name, value), `${name}=${value}`).toBeNull();
    }
    const env = loadEnv(PUBLIC);
    expect([env.storefrontOrigin, env.backofficeOrigin]).toEqual([
      "https://containers.example",
      "https://admin.containers.example",
    ]);
    // outside production nothing of this applies: the local defaults stay
    expect(loadEnv({ NODE_ENV: "development" }).backofficeOrigin).toBe("http://localhost:3001");
    expect(loadEnv({ NODE_ENV: "test", PUBLIC_SITE_URL: "http://localhost:3000" }).PUBLIC_SITE_URL).toBe(
      "http://localhost:3000",
    );
  });
});

describe("acceptance 2: after these attacks", () => {
  it("the real owner signs in from a new address at once", async () => {
    await expectRealUserSignsIn(dev);
  });
});
