/**
 * The USDT wallet watcher: reads the shop wallet's new incoming USDT (TRC20) transfers from TronGrid's v1 API
 * and credits the ones that carry an open invoice's exact amount, so nobody has to press anything.
 *
 * 1. One process at a time: a tick first takes (or renews) the lease in watcher_state ("usdt"); a process
 *    that does not hold it does nothing. A process that dies loses the lease after leaseMs.
 * 2. Only while there is something to watch: an open USDT invoice or a submitted hash pending verification,
 *    read before the lease is taken, so an idle tick writes nothing. Pending claims older than
 *    USDT_CLAIM_TTL_MS expire first (their hash then answers 422).
 * 3. Each pending claim due for a look is looked up by its hash (GET /v1/transactions/{id}/events), with a
 *    growing pause between looks, so a hash TronGrid never shows costs a handful of requests.
 * 4. The wallet is read only from its cursor: GET /v1/accounts/{wallet}/transactions/trc20 (only_confirmed,
 *    only_to, the USDT contract, order_by=block_timestamp,asc, paged with meta.fingerprint) from
 *    min_timestamp = the block time of the newest transfer processed (inclusive, so the transaction ids
 *    processed at that very time, watcher_state.cursor_seen, are skipped). The first read (no cursor) starts
 *    at the oldest open invoice (or the oldest claim's order, a day before) minus a slack. Every item is
 *    checked field by field (trongrid.ts checkItem); each checked transfer is settled (usdt-transfers.ts
 *    settleTransfer): credited to the invoice of its exact amount, or put in the staff's unmatched queue.
 *    The cursor does not move past an item marked unconfirmed, which is read again once confirmed.
 * 5. A failed read (down, timeout, an answer that is not the v1 shape) changes nothing; the next tick
 *    waits with exponential backoff (shared through watcher_state.next_run_at).
 * The loop (poll, stop) is the job runner's (lib/job-runner.ts); a tick is the job's run, and the lease
 * is released when the runner stops the job.
 */

import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { schema } from "@ch/db";
import { and, eq, inArray, isNotNull, min, sql } from "drizzle-orm";
import type { Env } from "../../env";
import type { Deps } from "../../lib/deps";
import { backoffDelayMs, type Job, type SingleJobWorker, singleJobWorker } from "../../lib/job-runner";
import { readTransfers, TronApiError } from "./trongrid";
import {
  expirePendingClaims,
  notePendingChecked,
  pendingSubmissions,
  recheckClaim,
  type Settlement,
  settleTransfer,
} from "./usdt-transfers";

const { invoices, watcherState } = schema;
export const WATCHER_NAME = "usdt";

export interface TronWatcherOptions {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  leaseMs: number;
  /** This watcher's name in the lease (unique per process). */
  owner: string;
  random: () => number;
}

export type TickResult =
  | { ran: false; reason: "no-wallet" | "lease-held" | "backoff" | "idle" }
  | {
      ran: true;
      recorded: number;
      duplicates: number;
      unmatched: number;
      rejected: number;
      /** Items at the cursor's block time already processed by an earlier read. */
      skipped: number;
      /** Pending claims that expired (USDT_CLAIM_TTL_MS) or that TronGrid showed not to be a payment. */
      expired: number;
      /** Pending claims looked up by hash. */
      claimsChecked: number;
    }
  | { ran: true; error: string; retryInMs: number };

/** The watcher as a job of the runner; emits "tick" with each TickResult. */
export interface TronWatcherJob extends Job<TickResult> {
  readonly events: EventEmitter;
}

/** The watcher job on a runner of its own (tests, one-off runs). */
export interface TronWatcher extends SingleJobWorker<TickResult> {
  readonly events: EventEmitter;
}

export function tronWatcherOptionsFromEnv(env: Env): TronWatcherOptions {
  return {
    pollMs: env.TRON_POLL_MS,
    retryBaseMs: env.TRON_POLL_MS,
    retryMaxMs: env.TRON_RETRY_MAX_MS,
    leaseMs: Math.max(60_000, env.TRON_POLL_MS * 3, env.TRON_TIMEOUT_MS * 3),
    owner: `${process.pid}-${randomUUID()}`,
    random: Math.random,
  };
}

/** Transfers older than the oldest thing we wait for cannot pay it; a little slack for the block clock. */
const SLACK_MS = 10 * 60_000;
/** A pending claim is looked up by hash again after pollMs, then twice as long each time, at most this. */
const CLAIM_CHECK_MAX_MS = 5 * 60_000;

/** What one watcher's functions share. */
interface Watcher {
  deps: Deps;
  options: TronWatcherOptions;
  events: EventEmitter;
}
type Lease = typeof watcherState.$inferSelect;
type Counts = { recorded: number; duplicates: number; unmatched: number; rejected: number; skipped: number };

export function createTronWatcherJob(deps: Deps, overrides: Partial<TronWatcherOptions> = {}): TronWatcherJob {
  const watcher: Watcher = {
    deps,
    options: { ...tronWatcherOptionsFromEnv(deps.env), ...overrides },
    events: new EventEmitter(),
  };
  return {
    name: "usdt-watcher",
    intervalMs: watcher.options.pollMs,
    backoffMaxMs: watcher.options.retryMaxMs,
    events: watcher.events,
    run: (signal) => tick(watcher, signal),
    // let another process take over at once
    onStop: () => releaseLease(watcher),
  };
}

export function createTronWatcher(deps: Deps, overrides: Partial<TronWatcherOptions> = {}): TronWatcher {
  const job = createTronWatcherJob(deps, overrides);
  return { ...singleJobWorker(deps.log, job), events: job.events };
}

async function takeLease({ deps, options }: Watcher, now: Date): Promise<Lease | null> {
  const until = new Date(now.getTime() + options.leaseMs);
  const [state] = await deps.db
    .insert(watcherState)
    .values({ name: WATCHER_NAME, leaseOwner: options.owner, leaseUntil: until, updatedAt: now })
    .onConflictDoUpdate({
      target: watcherState.name,
      set: { leaseOwner: options.owner, leaseUntil: until, updatedAt: now },
      setWhere: sql`${watcherState.leaseOwner} = ${options.owner} or ${watcherState.leaseUntil} is null or ${watcherState.leaseUntil} < ${now.toISOString()}::timestamptz`,
    })
    .returning();
  return state ?? null;
}

async function releaseLease({ deps, options }: Watcher): Promise<void> {
  await deps.db
    .update(watcherState)
    .set({ leaseUntil: null })
    .where(and(eq(watcherState.name, WATCHER_NAME), eq(watcherState.leaseOwner, options.owner)))
    .catch(() => {});
}

async function tick(watcher: Watcher, signal: AbortSignal): Promise<TickResult> {
  const { deps } = watcher;
  const { db, env, clock } = deps;
  if (!env.USDT_WALLET_ADDRESS) return { ran: false, reason: "no-wallet" };
  const now = clock.now();
  // what is awaited is read first: an idle tick (the usual one) writes nothing, not even the lease
  const [open] = await db
    .select({ oldest: min(invoices.createdAt) })
    .from(invoices)
    .where(and(inArray(invoices.status, ["open", "partially_paid"]), isNotNull(invoices.usdtAmountMicro)));
  let pending = await pendingSubmissions(db);
  if (!open?.oldest && pending.length === 0) return { ran: false, reason: "idle" };
  const state = await takeLease(watcher, now);
  if (!state) return { ran: false, reason: "lease-held" };
  if (state.nextRunAt && state.nextRunAt > now) return { ran: false, reason: "backoff" };
  let expired = await expirePendingClaims(deps);
  if (expired > 0) {
    pending = await pendingSubmissions(db);
    if (!open?.oldest && pending.length === 0) return { ran: false, reason: "idle" };
  }
  const counts: Counts = { recorded: 0, duplicates: 0, unmatched: 0, rejected: 0, skipped: 0 };
  let result: TickResult;
  try {
    const claims = await checkClaims(watcher, pending, now, counts, signal);
    expired += claims.expired;
    // the wallet's transfers since the cursor (inclusive); the first read from the oldest thing awaited
    const starts = [
      ...(open?.oldest ? [open.oldest.getTime()] : []),
      ...pending.map((p) => p.createdAt.getTime() - 86_400_000),
    ];
    const from = state.cursorTimestamp ?? Math.min(...starts) - SLACK_MS;
    await readWallet(watcher, state, from, counts, signal);
    result = { ran: true, ...counts, expired, claimsChecked: claims.checked };
  } catch (error) {
    if (!(error instanceof TronApiError)) throw error;
    result = await noteFailure(watcher, state, error);
  }
  watcher.events.emit("tick", result);
  return result;
}

function count(counts: Counts, settled: Settlement) {
  if (settled.outcome === "credited") counts.recorded++;
  else if (settled.outcome === "duplicate") counts.duplicates++;
  else if (settled.fresh) counts.unmatched++;
  else counts.duplicates++;
}

/** Looks up each pending claim due for a look by its hash; an unseen one is looked at again later. */
async function checkClaims(
  { deps, options }: Watcher,
  pending: Awaited<ReturnType<typeof pendingSubmissions>>,
  now: Date,
  counts: Counts,
  signal: AbortSignal,
): Promise<{ checked: number; expired: number }> {
  let checked = 0;
  let expired = 0;
  for (const claim of pending) {
    if (claim.nextCheckAt && claim.nextCheckAt > now) continue;
    checked++;
    const outcome = await recheckClaim(deps, claim, signal);
    if (outcome === "expired") expired++;
    else if (outcome !== "unseen") count(counts, outcome);
    else {
      const pause = Math.min(CLAIM_CHECK_MAX_MS, options.pollMs * 2 ** Math.min(claim.checkAttempts + 1, 20));
      await notePendingChecked(deps.db, [claim.id], new Date(deps.clock.now().getTime() + pause));
    }
  }
  return { checked, expired };
}

/**
 * Settles the wallet's transfers from `from` (inclusive), oldest first, skipping those at the cursor's
 * time already processed, then moves the cursor to the newest one (not past an unconfirmed item).
 */
async function readWallet(
  { deps, options }: Watcher,
  state: Lease,
  from: number,
  counts: Counts,
  signal: AbortSignal,
): Promise<void> {
  const cursor = state.cursorTimestamp;
  const seen = new Set(state.cursorSeen);
  const items = await readTransfers(deps.env, from, signal);
  const timeOf = (i: (typeof items)[number]) => (i.ok ? i.transfer.blockTimestamp : i.blockTimestamp);
  const idOf = (i: (typeof items)[number]) => (i.ok ? i.transfer.txId : i.txId);
  const ordered = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (timeOf(a.item) ?? 0) - (timeOf(b.item) ?? 0) || a.index - b.index)
    .map((x) => x.item);
  let newest = cursor;
  let newestSeen = new Set(seen);
  let advancing = true;
  for (const item of ordered) {
    const ts = timeOf(item);
    const id = idOf(item);
    if (cursor !== null && ts === cursor && id && seen.has(id)) {
      counts.skipped++;
      continue;
    }
    if (item.ok) count(counts, await settleTransfer(deps, item.transfer, { by: "watcher" }));
    else {
      counts.rejected++;
      if (item.unconfirmed) advancing = false;
      else deps.log.warn({ txId: item.txId, reason: item.reason }, "USDT watcher: transfer ignored");
    }
    if (!advancing || ts === undefined || !id) continue;
    if (newest === null || ts > newest) {
      newest = ts;
      newestSeen = new Set([id]);
    } else if (ts === newest) newestSeen.add(id);
  }
  await deps.db
    .update(watcherState)
    .set({
      failures: 0,
      nextRunAt: null,
      lastError: null,
      cursorTimestamp: newest,
      cursorSeen: newest === null ? [] : [...newestSeen],
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(watcherState.name, WATCHER_NAME), eq(watcherState.leaseOwner, options.owner)));
}

/** A failed TronGrid read: the next tick of any process waits (backoff shared through watcher_state). */
async function noteFailure({ deps, options }: Watcher, state: Lease, error: TronApiError): Promise<TickResult> {
  const failures = state.failures + 1;
  const retryInMs = backoffDelayMs(failures, options.retryBaseMs, options.retryMaxMs, options.random);
  await deps.db
    .update(watcherState)
    .set({
      failures,
      nextRunAt: new Date(deps.clock.now().getTime() + retryInMs),
      lastError: error.message.slice(0, 500),
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(watcherState.name, WATCHER_NAME), eq(watcherState.leaseOwner, options.owner)));
  // an outage is logged at its start and then at doubling intervals, not on every retry
  const level = (failures & (failures - 1)) === 0 ? "warn" : "debug";
  deps.log[level]({ err: error.message, failures, retryInMs }, "USDT watcher: TronGrid unavailable; will retry");
  return { ran: true, error: error.message, retryInMs };
}
