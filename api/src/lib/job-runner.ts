/**
 * The one loop behind every background job of an API process (jobs.ts): the notification outbox, the
 * webhook deliveries, the USDT watcher, housekeeping. A job is its domain work alone, `run(signal, ctx)`;
 * the runner owns the rest:
 * 1. One run at a time per job in this process (the loop's runs and tick() are queued one after the
 *    other); several processes may run the same job at once, so a job claims its rows with SKIP LOCKED or
 *    holds a lease of its own.
 * 2. After a run, the next one comes after `intervalMs`, or at once when woken (wake(), e.g. a row
 *    written by this process) or when a wake came during the run. A run that throws is logged and the
 *    next comes after an exponential backoff with equal jitter (from min(intervalMs, 1 min), doubling up
 *    to backoffMaxMs); a wake
 *    also cuts that wait short, since it means a write just went through.
 * 3. stop() lets the current run finish (ctx.stopping tells it to take no new work) for `stopGraceMs`,
 *    then aborts its signal and waits one more second at most: a run that still has not returned is left
 *    behind, and its claim or lease expires as if the process had died.
 */
import type { FastifyBaseLogger } from "fastify";

export interface RunContext {
  /** True once stop() was called: finish what is in hand, take nothing new. */
  readonly stopping: boolean;
  /** Resolves at the next wake() or stop(), or after `ms`: for a run waiting on work it has in flight. */
  pause(ms: number): Promise<void>;
}

export interface Job<R = unknown> {
  name: string;
  /** Pause after a run that did not throw. */
  intervalMs: number;
  /** One pass; `signal` is aborted when stop()'s grace period is over. */
  run(signal: AbortSignal, ctx: RunContext): Promise<R>;
  /** Default 4 s. */
  stopGraceMs?: number;
  /** Longest pause after failed runs; default max(intervalMs, 60 s). */
  backoffMaxMs?: number;
  /** Called by start() with this job's wake, e.g. to listen to the writes that make work. */
  onStart?(wake: () => void): void;
  /** Called by stop() once the run is over (or left behind): unsubscribe, close, release a lease. */
  onStop?(): void | Promise<void>;
}

export interface JobHandle<R> {
  /** Runs now instead of at the next interval (after the current run, if any). */
  wake(): void;
  /** One run now, queued behind the current one; its result or its error (for tests and one-off runs). */
  tick(): Promise<R>;
}

export interface JobRunner {
  add<R>(job: Job<R>): JobHandle<R>;
  start(): void;
  /** Stops every job (see 3.), then resolves. The runner may be started again. */
  stop(): Promise<void>;
}

const DEFAULT_GRACE_MS = 4000;
const ABORT_WAIT_MS = 1000;

/** Exponential backoff with "equal jitter": half the step fixed, half random. */
export function backoffDelayMs(failures: number, baseMs: number, maxMs: number, random: () => number): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

interface Slot {
  job: Job<unknown>;
  abort: AbortController;
  current: Promise<unknown> | null;
  loop: Promise<void> | null;
  again: boolean;
  failures: number;
  waiters: Set<() => void>;
}

export function createJobRunner(options: { log: FastifyBaseLogger; random?: () => number }): JobRunner {
  const { log } = options;
  const random = options.random ?? Math.random;
  const slots: Slot[] = [];
  let started = false;
  // counts stop() calls: a run or loop begun before the latest one is told to stop, even once the runner
  // has been started again (a run left behind at shutdown must not take new work afterwards)
  let stops = 0;

  const wake = (slot: Slot) => {
    slot.again = true;
    for (const resolve of slot.waiters) resolve();
    slot.waiters.clear();
  };

  function pause(slot: Slot, ms: number, epoch: number): Promise<void> {
    if (stops !== epoch) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        slot.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      slot.waiters.add(done);
    });
  }

  async function runOnce(slot: Slot): Promise<unknown> {
    const epoch = stops;
    while (slot.current) await slot.current.catch(() => {});
    const ctx: RunContext = {
      get stopping() {
        return stops !== epoch;
      },
      pause: (ms) => pause(slot, ms, epoch),
    };
    const run = slot.job.run(slot.abort.signal, ctx);
    slot.current = run;
    try {
      return await run;
    } finally {
      slot.current = null;
    }
  }

  async function loop(slot: Slot): Promise<void> {
    const { job } = slot;
    const epoch = stops;
    while (stops === epoch) {
      slot.again = false;
      let waitMs = job.intervalMs;
      try {
        await runOnce(slot);
        slot.failures = 0;
      } catch (error) {
        slot.failures += 1;
        const maxMs = job.backoffMaxMs ?? Math.max(job.intervalMs, 60_000);
        waitMs = backoffDelayMs(slot.failures, Math.min(job.intervalMs, 60_000, maxMs), maxMs, random);
        log.warn(
          { err: error, job: job.name, failures: slot.failures, retryInMs: waitMs },
          `${job.name}: run failed (database unavailable?); will retry`,
        );
        slot.again = false; // a failing job is not run again at once, however often it is woken meanwhile
      }
      if (!slot.again) await pause(slot, waitMs, epoch);
    }
  }

  async function stopSlot(slot: Slot): Promise<void> {
    const { job } = slot;
    const running = slot.loop ?? slot.current;
    slot.loop = null;
    if (running) {
      const ended = running.then(
        () => true,
        () => true,
      );
      const within = (ms: number) =>
        Promise.race([ended, new Promise<false>((resolve) => setTimeout(resolve, ms, false).unref())]);
      if (!(await within(job.stopGraceMs ?? DEFAULT_GRACE_MS))) {
        slot.abort.abort();
        if (!(await within(ABORT_WAIT_MS)))
          log.warn({ job: job.name }, `${job.name}: a run was still going at shutdown`);
      }
    }
    if (slot.abort.signal.aborted) slot.abort = new AbortController();
    try {
      await job.onStop?.();
    } catch (error) {
      log.warn({ err: error, job: job.name }, `${job.name}: stopping failed`);
    }
  }

  return {
    add<R>(job: Job<R>): JobHandle<R> {
      const slot: Slot = {
        job,
        abort: new AbortController(),
        current: null,
        loop: null,
        again: false,
        failures: 0,
        waiters: new Set(),
      };
      slots.push(slot);
      if (started) {
        job.onStart?.(() => wake(slot));
        slot.loop = loop(slot);
      }
      return { wake: () => wake(slot), tick: () => runOnce(slot) as Promise<R> };
    },
    start() {
      if (started) return;
      started = true;
      for (const slot of slots) {
        slot.job.onStart?.(() => wake(slot));
        slot.loop = loop(slot);
      }
    },
    async stop() {
      stops += 1;
      started = false;
      for (const slot of slots) wake(slot);
      await Promise.all(slots.map(stopSlot));
    },
  };
}

/** One job on a runner of its own (tests, one-off runs). */
export interface SingleJobWorker<R> {
  start(): void;
  /** Finishes (or, after stopGraceMs, cancels) the current run, then resolves. */
  stop(): Promise<void>;
  /** Runs now instead of at the next interval. */
  nudge(): void;
  /** One run now, its result. */
  tick(): Promise<R>;
  /** One run now, then resolves (for one-off runs and tests). */
  drain(): Promise<void>;
}

export function singleJobWorker<R>(log: FastifyBaseLogger, job: Job<R>): SingleJobWorker<R> {
  const runner = createJobRunner({ log });
  const handle = runner.add(job);
  return {
    start: () => runner.start(),
    stop: () => runner.stop(),
    nudge: () => handle.wake(),
    tick: () => handle.tick(),
    drain: async () => {
      await handle.tick();
    },
  };
}
