// Starts the product: opens the database (PostgreSQL or embedded PGlite), migrates and seeds it,
// serves the storefront and back-office origins, runs the background jobs, and shuts down gracefully.
// PROCESS_ROLE picks the part: all (both), web (HTTP only) or worker (the jobs, with a health port).
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { embeddedClusterExists, migrate, openDatabase } from "@ch/db";
import { seedIfEmpty } from "@ch/db/seed";
import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadEnv } from "./env";
import { startBackgroundJobs } from "./jobs";
import { systemClock } from "./lib/clock";
import { prepareSetupToken } from "./modules/admin";
import { objectStoreOf, StorageSetupError } from "./modules/media";

function loadEnvOrExit() {
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // a configuration that cannot run refuses to start, naming what is missing or wrong
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
}
const env = loadEnvOrExit();
// Log lines are written asynchronously, in blocks of up to 4 KB, instead of one synchronous write
// per line: pino flushes what is left when the process exits (normally, by process.exit, or after an
// uncaught error); see shutdown() below.
const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
const log = pino({ level: env.LOG_LEVEL, base: { pid: process.pid } }, logDestination);
// a quiet process's lines (the setup token, a rare error) are not held back for long
setInterval(() => {
  try {
    logDestination.flush();
  } catch {
    // closed while exiting: its last lines were written synchronously then
  }
}, 1000).unref();

const started = Date.now();
const PREPARE_EMBEDDED = "--prepare-embedded-database";
if (process.argv.includes(PREPARE_EMBEDDED)) {
  // the child process of prepareEmbeddedDatabase(): create, migrate and seed the data folder, then exit
  const handle = await openDatabase({ dataDir: env.DATA_DIR });
  await migrate(handle.db);
  await seedIfEmpty(handle.db);
  await handle.close();
  process.exit(0);
}
if (!env.DATABASE_URL && !embeddedClusterExists(env.DATA_DIR)) await prepareEmbeddedDatabase();
await verifyMediaStorage();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
const applied = await migrate(handle.db);
const seeded = await seedIfEmpty(handle.db);
log.info({ database: handle.kind, migrations: applied, seeded }, "database ready");

/**
 * A new embedded database is created (initdb), migrated and seeded by a child process of this same
 * program, so that this long-running process never carries initdb's memory (several hundred MB).
 */
async function prepareEmbeddedDatabase() {
  log.info({ dataDir: env.DATA_DIR }, "creating the embedded database");
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1] ?? "", PREPARE_EMBEDDED], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`preparing the embedded database failed (exit code ${code})`);
}

/** A bucket that does not exist or keys it refuses stop the start, naming the setting to fix. */
async function verifyMediaStorage() {
  try {
    await objectStoreOf(env).verify();
  } catch (error) {
    if (!(error instanceof StorageSetupError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
}

const lifecycle = { draining: false };
const common = { db: handle.db, env, clock: systemClock, lifecycle, logger: log } as const;
const role = env.PROCESS_ROLE;
const apps = role === "worker" ? [] : await startWeb();
const health = role === "worker" ? await startHealthPort() : null;
const jobs = startBackgroundJobs({ db: handle.db, env, clock: systemClock, log });
log.info({ role }, "process role");

async function startWeb() {
  const storefront = await buildApp({ ...common, surface: "storefront" });
  const backoffice = await buildApp({ ...common, surface: "backoffice" });
  const token = await prepareSetupToken({ db: handle.db, env, clock: systemClock, log: storefront.log });
  if (token) log.warn(`No admin exists yet. One-time setup token: ${token}`);
  await storefront.listen({ host: env.HOST, port: env.PORT });
  await backoffice.listen({ host: env.HOST, port: env.ADMIN_PORT });
  log.info(
    { storefront: env.storefrontOrigin, backoffice: env.backofficeOrigin, startupMs: Date.now() - started },
    "listening",
  );
  return [storefront, backoffice];
}

/** A worker serves no origin: /healthz and /readyz on PORT only, for the orchestrator's health checks. */
async function startHealthPort() {
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    const ready = path === "/healthz" || (path === "/readyz" && !lifecycle.draining);
    res.writeHead(path === "/healthz" || path === "/readyz" ? (ready ? 200 : 503) : 404, {
      "content-type": "application/json",
      connection: "close",
    });
    res.end(JSON.stringify({ ok: ready, role: "worker" }));
  });
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  log.info({ health: `http://${env.HOST}:${env.PORT}/healthz`, startupMs: Date.now() - started }, "worker ready");
  return server;
}

/** How long a stopping process keeps serving with /readyz at 503 before it stops listening. */
const DRAIN_MS = 1500;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down");
  // 1. /readyz answers 503 and every answer says "Connection: close", while requests are still served
  //    for a moment, so a load balancer stops sending and keep-alive clients move away without losing
  //    a request they had already sent. 2. Stop listening, finish in-flight requests and the outbox
  //    worker's current item. 3. Close the pool. All within 10 s.
  lifecycle.draining = true;
  const timer = setTimeout(() => {
    log.error("shutdown took too long; exiting");
    process.exit(1);
  }, 9_500);
  timer.unref();
  try {
    const workerStopped = jobs.stop();
    if (signal === "SIGTERM") await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    const healthClosed = new Promise((resolve) => (health ? health.close(resolve) : resolve(undefined)));
    await Promise.all([...apps.map((app) => app.close()), healthClosed, workerStopped]);
    await handle.close();
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
