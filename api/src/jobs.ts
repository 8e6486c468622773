// Background work of an API process, as jobs of one runner (lib/job-runner.ts): the notification outbox and
// webhook deliveries, the USDT wallet watcher, payment reminders and hourly housekeeping. Any number of API processes may run
// these at once: the outbox and webhook jobs claim rows with SKIP LOCKED, the watcher runs on the one
// process holding its lease (watcher_state), housekeeping is idempotent SQL. Which jobs a process runs is
// decided here alone (PROCESS_ROLE: a web process runs none; OUTBOX_WORKER, TRON_WATCHER).
import type { Deps } from "./lib/deps";
import { purgeOldIdempotencyKeys } from "./lib/idempotency";
import { createJobRunner, type Job } from "./lib/job-runner";
import { purgeExpiredRateLimits } from "./lib/rate-limit";
import { purgeExpiredSessions } from "./modules/admin";
import { moveInlineBytes, objectStoreOf } from "./modules/media";
import { createOutboxJob } from "./modules/notifications";
import { createPaymentReminderJob, createTronWatcherJob } from "./modules/payments";
import { purgePortalTokens } from "./modules/portal";
import { purgeSigningCodes } from "./modules/signatures";
import { deleteOldVisits } from "./modules/visits";
import { createWebhookJob, purgeOldWebhookLog } from "./modules/webhooks";

export interface BackgroundJobs {
  /** Stops the jobs, letting each finish its current item (a few seconds at most). */
  stop(): Promise<void>;
}

const HOUSEKEEPING_INTERVAL_MS = 3600_000;

/** Deletes what has outlived its use; each step is idempotent, so any number of processes may run it. */
export async function housekeeping(deps: Deps): Promise<void> {
  await purgeExpiredSessions(deps);
  const counters = await purgeExpiredRateLimits(deps);
  if (counters > 0) deps.log.info({ removed: counters }, "expired rate-limit counters deleted");
  const keys = await purgeOldIdempotencyKeys(deps);
  if (keys > 0) deps.log.info({ removed: keys }, "idempotency keys older than 24 hours deleted");
  const removed = await deleteOldVisits(deps);
  if (removed > 0) deps.log.info({ removed }, "old visitor records deleted");
  const webhookEvents = await purgeOldWebhookLog(deps);
  if (webhookEvents > 0) deps.log.info({ removed: webhookEvents }, "old webhook deliveries deleted");
  const portalTokens = await purgePortalTokens(deps);
  if (portalTokens > 0) deps.log.info({ removed: portalTokens }, "expired or spent portal links and sessions deleted");
  const signingCodes = await purgeSigningCodes(deps);
  if (signingCodes > 0) deps.log.info({ removed: signingCodes }, "old signing codes deleted");
  // seed images, and files stored before object storage, go to the media storage (npm run media:migrate)
  const files = await moveInlineBytes(deps.db, objectStoreOf(deps.env));
  if (files > 0) deps.log.info({ moved: files, storage: deps.env.MEDIA_STORAGE }, "files moved to the media storage");
}

/** Housekeeping once, a failure logged (for tests and one-off runs). */
export async function runHousekeeping(deps: Deps): Promise<void> {
  try {
    await housekeeping(deps);
  } catch (error) {
    deps.log.warn({ err: error }, "housekeeping failed; will retry");
  }
}

const housekeepingJob = (deps: Deps): Job<void> => ({
  name: "housekeeping",
  intervalMs: HOUSEKEEPING_INTERVAL_MS, // a failed run is tried again after a minute, then 2, 4 … (the runner's backoff)
  run: () => housekeeping(deps),
});

/** The jobs this process runs, per its configuration. */
export function backgroundJobs(deps: Deps): Job[] {
  const { env } = deps;
  if (env.PROCESS_ROLE === "web") return [];
  // reminders claim their invoices (SKIP LOCKED): any number of processes may run them
  const jobs: Job[] = [housekeepingJob(deps), createPaymentReminderJob(deps)];
  if (env.OUTBOX_WORKER === "on") jobs.push(createOutboxJob(deps), createWebhookJob(deps));
  if (env.TRON_WATCHER === "on" && env.USDT_WALLET_ADDRESS) jobs.push(createTronWatcherJob(deps));
  return jobs;
}

export function startBackgroundJobs(deps: Deps): BackgroundJobs {
  const runner = createJobRunner({ log: deps.log });
  for (const job of backgroundJobs(deps)) runner.add(job);
  runner.start();
  return { stop: () => runner.stop() };
}
