#!/usr/bin/env node
// Starts the whole product for browser tests on a fresh database, and cleans up when stopped.
// Usage: node scripts/e2e-server.mjs <storefrontPort> <backofficePort>
//        node scripts/e2e-server.mjs --prepare-pglite <dir>   (a migrated and seeded embedded database in
//        <dir>, made as `npm start` makes one; E2E_PGLITE_TEMPLATE=<dir> then starts each server on a copy)
// - The API runs as `npm start` runs it: the bundle api/dist/server.mjs with api/package.json's start
//   command (node flags, environment); the bundle is built first when missing or older than a source.
// - With DATABASE_URL: a new database on that server (dropped at exit); without: a fresh PGlite folder,
//   a copy of E2E_PGLITE_TEMPLATE when set (scripts/e2e-suites.mjs makes one for all its parts: creating
//   and seeding an embedded database takes about 10 s of processor time).
// - Notifications go to local fakes on 127.0.0.1 (api/test/notifications-fakes.ts): a Telegram Bot API
//   and an SMTP server. What they received is served as JSON on http://127.0.0.1:<storefrontPort + 2>
//   (GET /telegram, GET /email), for the browser tests to read (storefront/e2e/fixtures.ts).
// - USDT: a test wallet, and TronGrid at a loopback fake on <storefrontPort + 3> that a test starts.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { npmStartCommand } from "./npm-start-command.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const preparing = process.argv[2] === "--prepare-pglite";
const [port, adminPort] = preparing ? [] : process.argv.slice(2);
if (preparing ? !process.argv[3] : !port || !adminPort) {
  console.error("usage: node scripts/e2e-server.mjs <storefrontPort> <backofficePort> | --prepare-pglite <dir>");
  process.exit(2);
}
const inboxPort = Number(port) + 2;

// ---------- the bundle `npm start` runs ----------

const bundle = join(root, "api", "dist", "server.mjs");
/** Newest modification time of the files the bundle is built from. */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|json|sql)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ["api/src", "db/src", "db/seed/content", "db/migrations"]) walk(join(root, dir));
  return Math.max(newest, statSync(join(root, "api", "scripts", "build.mjs")).mtimeMs);
}
let builtAt = 0;
try {
  builtAt = statSync(bundle).mtimeMs;
} catch {}
if (builtAt < newestSource()) {
  execFileSync(process.execPath, [join(root, "api", "scripts", "build.mjs")], { stdio: "inherit" });
}

if (preparing) {
  // the API's own first-start path (server.ts prepareEmbeddedDatabase): create, migrate, seed, exit
  const command = npmStartCommand();
  const prepared = spawnSync(process.execPath, [...command.args, "--prepare-embedded-database"], {
    cwd: command.cwd,
    env: { ...process.env, ...command.env, NODE_ENV: "test", LOG_LEVEL: "warn", DATA_DIR: process.argv[3] },
    stdio: "inherit",
  });
  process.exit(prepared.status ?? 1);
}

// ---------- fake Telegram and SMTP, and their inbox ----------

const { tsImport } = await import("tsx/esm/api");
const fakes = await tsImport("../api/test/notifications-fakes.ts", import.meta.url);
const bot = await new fakes.FakeBotApi().start();
const smtp = await new fakes.FakeSmtp().start();
const inbox = createServer((req, res) => {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  const body =
    path === "/telegram"
      ? bot.messages
      : path === "/email"
        ? smtp.messages.map(({ raw: _raw, ...message }) => message)
        : null;
  if (body === null) return res.writeHead(404).end();
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
});
await new Promise((resolve, reject) => {
  inbox.once("error", reject);
  inbox.listen(inboxPort, "127.0.0.1", resolve);
});

// ---------- database and environment ----------

const command = npmStartCommand();
const env = {
  ...process.env,
  ...command.env,
  NODE_ENV: "test",
  PORT: port,
  ADMIN_PORT: adminPort,
  HOST: "127.0.0.1",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  PUBLIC_RATE_LIMIT_SCALE: process.env.PUBLIC_RATE_LIMIT_SCALE ?? "100",
  TELEGRAM_BOT_TOKEN: bot.token,
  TELEGRAM_CHAT_ID: fakes.CHAT_ID,
  TELEGRAM_API_URL: bot.url,
  SMTP_URL: smtp.url,
  SMTP_FROM: "Container Homes of Texas <orders@example.test>",
  // a failed delivery is retried soon, so a test never waits on the production back-off
  OUTBOX_RETRY_BASE_MS: "200",
  OUTBOX_RETRY_MAX_MS: "1000",
  // a stage move's undo window (its e-mail waits that long): a few seconds, so a test sees the e-mail soon
  STAGE_UNDO_MS: "6000",
  // USDT: a valid test wallet (it belongs to nobody we know) and TronGrid at a loopback fake that a browser
  // test starts on the storefront port + 3 (storefront/e2e/payments.spec.ts); polled every second, so a
  // transfer is seen within about one (each poll is a few queries: at 300 ms an idle server spent 8 % of a
  // core on them, at 1 s 5 %); nothing listening there just means the watcher backs off
  USDT_WALLET_ADDRESS: process.env.USDT_WALLET_ADDRESS ?? "TG2bLBBBy5LTsB6DfpuxNRHNB7UF9auMYg",
  TRON_API_URL: process.env.TRON_API_URL ?? `http://127.0.0.1:${Number(port) + 3}`,
  TRON_POLL_MS: process.env.TRON_POLL_MS ?? "1000",
  TRON_RETRY_MAX_MS: process.env.TRON_RETRY_MAX_MS ?? "1000",
};

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const { default: postgres } = await import(join(root, "node_modules", "postgres", "src", "index.js"));
  const name = `e2e_${randomBytes(5).toString("hex")}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const a = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
    await a.end();
  };
} else {
  const dir = mkdtempSync(join(tmpdir(), "e2e-pglite-"));
  if (process.env.E2E_PGLITE_TEMPLATE) cpSync(process.env.E2E_PGLITE_TEMPLATE, dir, { recursive: true });
  env.DATA_DIR = dir;
  dropDatabase = async () => rmSync(dir, { recursive: true, force: true });
}

// ---------- run, stop, clean up ----------

const child = spawn(process.execPath, command.args, { env, stdio: "inherit", cwd: join(root, "api") });
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGTERM"));
child.on("exit", async (code) => {
  inbox.close();
  await Promise.allSettled([bot.close(), smtp.close()]);
  await dropDatabase();
  process.exit(code ?? 0);
});
