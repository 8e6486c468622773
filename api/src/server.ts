// Starts the product: opens the database (PostgreSQL or embedded PGlite), migrates and seeds it,
// serves the storefront and back-office origins, runs the background jobs, and shuts down gracefully.
import { migrate, openDatabase } from "@ch/db";
import { seedIfEmpty } from "@ch/db/seed";
import pino from "pino";
import { buildApp } from "./app";
import { loadEnv } from "./env";
import { startBackgroundJobs } from "./jobs";
import { systemClock } from "./lib/clock";
import { prepareSetupToken } from "./modules/admin/auth.service";

const env = loadEnv();
const log = pino({ level: env.LOG_LEVEL, base: { pid: process.pid } });

const started = Date.now();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
const applied = await migrate(handle.db);
const seeded = await seedIfEmpty(handle.db);
log.info({ database: handle.kind, migrations: applied, seeded }, "database ready");

const lifecycle = { draining: false };
const common = { db: handle.db, env, clock: systemClock, lifecycle, logger: log } as const;
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

const jobs = startBackgroundJobs({ db: handle.db, env, clock: systemClock, log: storefront.log });

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
    await Promise.all([storefront.close(), backoffice.close(), workerStopped]);
    await handle.close();
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
