/**
 * The USDT wallet watcher: reads the shop wallet's incoming USDT (TRC20) transfers from TronGrid's v1 API
 * and records the ones that pay an open invoice, so nobody has to press anything.
 *
 * 1. One process at a time: a tick first takes (or renews) the lease in watcher_state ("usdt"); a process
 *    that does not hold it does nothing. A process that dies loses the lease after leaseMs.
 * 2. Only while there is something to watch: an open USDT invoice or a customer's hash pending verification.
 * 3. Read GET /v1/accounts/{wallet}/transactions/trc20 (only_confirmed, only_to, the USDT contract,
 *    min_timestamp, paged with meta.fingerprint) and check every field of every item ourselves: the
 *    token's contract and decimals, type Transfer, recipient = the shop's wallet, an integer value,
 *    not marked unconfirmed. A checked transfer is recorded (payments.service recordUsdtTransfer): the one
 *    whose hash a customer submitted for its order, or the one whose amount an open invoice asks for.
 *    Its hash is unique on the ledger, so two watchers (or a watcher and a customer) record it once.
 * 4. A failed read (down, timeout, an answer that is not the v1 shape) changes nothing; the next tick
 *    waits with exponential backoff (shared through watcher_state.next_run_at).
 */

import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { schema } from "@ch/db";
import { and, eq, inArray, isNotNull, min, sql } from "drizzle-orm";
import type { Env } from "../../env";
import type { Deps } from "../../lib/deps";
import { retryDelayMs } from "../notifications/worker";
import { readTransfers, TronApiError } from "./trongrid";
import { notePendingChecked, pendingSubmissions, recordUsdtTransfer } from "./usdt-transfers";

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
  | { ran: true; recorded: number; duplicates: number; unmatched: number; rejected: number }
  | { ran: true; error: string; retryInMs: number };

export interface TronWatcher {
  start(): void;
  stop(): Promise<void>;
  /** One look at the wallet now (what the loop runs). */
  tick(): Promise<TickResult>;
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

export function createTronWatcher(deps: Deps, overrides: Partial<TronWatcherOptions> = {}): TronWatcher {
  const options = { ...tronWatcherOptionsFromEnv(deps.env), ...overrides };
  const { db, env, clock, log } = deps;
  const events = new EventEmitter();
  let running: Promise<void> | null = null;
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  let abort = new AbortController();

  async function takeLease(now: Date) {
    const until = new Date(now.getTime() + options.leaseMs);
    const [state] = await db
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

  async function tick(): Promise<TickResult> {
    if (!env.USDT_WALLET_ADDRESS) return { ran: false, reason: "no-wallet" };
    const now = clock.now();
    const state = await takeLease(now);
    if (!state) return { ran: false, reason: "lease-held" };
    if (state.nextRunAt && state.nextRunAt > now) return { ran: false, reason: "backoff" };
    const [open] = await db
      .select({ oldest: min(invoices.createdAt) })
      .from(invoices)
      .where(and(inArray(invoices.status, ["open", "partially_paid"]), isNotNull(invoices.usdtAmountMicro)));
    const pending = await pendingSubmissions(db);
    if (!open?.oldest && pending.length === 0) return { ran: false, reason: "idle" };
    const starts = [
      ...(open?.oldest ? [open.oldest.getTime()] : []),
      ...pending.map((p) => p.createdAt.getTime() - 86_400_000),
    ];
    let from = Math.min(...starts) - SLACK_MS;
    // without a pending hash to find, what was read before need not be read again
    if (pending.length === 0 && state.cursorTimestamp) from = Math.max(from, state.cursorTimestamp - SLACK_MS);
    try {
      const items = await readTransfers(env, from, abort.signal);
      let recorded = 0;
      let duplicates = 0;
      let unmatched = 0;
      let rejected = 0;
      let newest = state.cursorTimestamp ?? 0;
      const good = items.flatMap((i) => (i.ok ? [i.transfer] : []));
      good.sort((a, b) => a.blockTimestamp - b.blockTimestamp);
      for (const transfer of good) {
        const outcome = await recordUsdtTransfer(deps, transfer);
        if (outcome === "recorded") recorded++;
        else if (outcome === "duplicate") duplicates++;
        else unmatched++;
        newest = Math.max(newest, transfer.blockTimestamp);
      }
      for (const item of items) {
        if (!item.ok) {
          rejected++;
          if (!item.unconfirmed) log.warn({ txId: item.txId, reason: item.reason }, "USDT watcher: transfer ignored");
        }
      }
      await notePendingChecked(
        db,
        pending.map((p) => p.id),
        clock.now(),
      );
      await db
        .update(watcherState)
        .set({ failures: 0, nextRunAt: null, lastError: null, cursorTimestamp: newest || null, updatedAt: clock.now() })
        .where(and(eq(watcherState.name, WATCHER_NAME), eq(watcherState.leaseOwner, options.owner)));
      const result = { ran: true as const, recorded, duplicates, unmatched, rejected };
      events.emit("tick", result);
      return result;
    } catch (error) {
      if (!(error instanceof TronApiError)) throw error;
      const failures = state.failures + 1;
      const retryInMs = retryDelayMs(failures, {
        retryBaseMs: options.retryBaseMs,
        retryMaxMs: options.retryMaxMs,
        random: options.random,
      });
      await db
        .update(watcherState)
        .set({
          failures,
          nextRunAt: new Date(clock.now().getTime() + retryInMs),
          lastError: error.message.slice(0, 500),
          updatedAt: clock.now(),
        })
        .where(and(eq(watcherState.name, WATCHER_NAME), eq(watcherState.leaseOwner, options.owner)));
      // an outage is logged at its start and then at doubling intervals, not on every retry
      const level = (failures & (failures - 1)) === 0 ? "warn" : "debug";
      log[level]({ err: error.message, failures, retryInMs }, "USDT watcher: TronGrid unavailable; will retry");
      const result = { ran: true as const, error: error.message, retryInMs };
      events.emit("tick", result);
      return result;
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        await tick();
      } catch (error) {
        log.warn({ err: error }, "USDT watcher: database unavailable; will retry");
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    events,
    tick,
    start() {
      if (running) return;
      stopping = false;
      abort = new AbortController();
      running = loop();
    },
    async stop() {
      stopping = true;
      abort.abort();
      wakeUp?.();
      await running;
      running = null;
      // let another process take over at once
      await db
        .update(watcherState)
        .set({ leaseUntil: null })
        .where(and(eq(watcherState.name, WATCHER_NAME), eq(watcherState.leaseOwner, options.owner)))
        .catch(() => {});
    },
  };
}
