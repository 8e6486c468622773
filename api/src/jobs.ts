// Background work of an API process: the notification outbox and webhook workers, the USDT wallet watcher and hourly
// housekeeping. Any number of API processes may run these at once: the worker claims rows with SKIP LOCKED,
// the watcher runs on the one process holding its lease (watcher_state), housekeeping is idempotent SQL.
import type { Deps } from "./lib/deps";
import { purgeOldIdempotencyKeys } from "./lib/idempotency";
import { purgeExpiredRateLimits } from "./lib/rate-limit";
import { purgeExpiredSessions } from "./modules/admin";
import { createOutboxWorker, type OutboxWorker } from "./modules/notifications";
import { createTronWatcher, type TronWatcher } from "./modules/payments";
import { deleteOldVisits } from "./modules/visits";
import { createWebhookWorker, purgeOldWebhookLog, type WebhookWorker } from "./modules/webhooks";

export interface BackgroundJobs {
  /** Stops the timers and lets the outbox worker finish its current delivery (a few seconds at most). */
  stop(): Promise<void>;
}

const HOUSEKEEPING_INTERVAL_MS = 3600_000;

export async function runHousekeeping(deps: Deps): Promise<void> {
  try {
    await purgeExpiredSessions(deps);
    const counters = await purgeExpiredRateLimits(deps);
    if (counters > 0) deps.log.info({ removed: counters }, "expired rate-limit counters deleted");
    const keys = await purgeOldIdempotencyKeys(deps);
    if (keys > 0) deps.log.info({ removed: keys }, "idempotency keys older than 24 hours deleted");
    const removed = await deleteOldVisits(deps);
    if (removed > 0) deps.log.info({ removed }, "old visitor records deleted");
    const webhookEvents = await purgeOldWebhookLog(deps);
    if (webhookEvents > 0) deps.log.info({ removed: webhookEvents }, "old webhook deliveries deleted");
  } catch (error) {
    deps.log.warn({ err: error }, "housekeeping failed; will retry");
  }
}

export function startBackgroundJobs(deps: Deps): BackgroundJobs {
  let housekeeping: Promise<void> = runHousekeeping(deps);
  const timer = setInterval(() => {
    housekeeping = runHousekeeping(deps);
  }, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();

  let worker: OutboxWorker | null = null;
  if (deps.env.OUTBOX_WORKER === "on") {
    worker = createOutboxWorker(deps);
    worker.start();
  }
  let webhooks: WebhookWorker | null = null;
  if (deps.env.OUTBOX_WORKER === "on") {
    webhooks = createWebhookWorker(deps);
    webhooks.start();
  }
  let watcher: TronWatcher | null = null;
  if (deps.env.TRON_WATCHER === "on" && deps.env.USDT_WALLET_ADDRESS) {
    watcher = createTronWatcher(deps);
    watcher.start();
  }
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([worker?.stop(), webhooks?.stop(), watcher?.stop(), housekeeping]);
    },
  };
}
