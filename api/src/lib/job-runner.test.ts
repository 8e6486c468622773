// The job runner alone, with jobs made of promises the test resolves: one run at a time, wake-ups,
// backoff after a failure, stop() with its grace period and the abort after it.
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { backoffDelayMs, createJobRunner, type Job, type JobRunner } from "./job-runner";

const log = pino({ level: "silent" });
const runners: JobRunner[] = [];
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
});

function runner() {
  const r = createJobRunner({ log, random: () => 0.5 });
  runners.push(r);
  return r;
}

/** A job whose runs are recorded and may be held open by the test. */
function job(overrides: Partial<Job<number>> = {}) {
  const runs: { signal: AbortSignal; at: number }[] = [];
  let gate: Promise<void> | null = null;
  let open = () => {};
  let active = 0;
  let maxActive = 0;
  const j: Job<number> = {
    name: "test-job",
    intervalMs: 60_000,
    async run(signal) {
      runs.push({ signal, at: Date.now() });
      active += 1;
      maxActive = Math.max(maxActive, active);
      try {
        if (gate) await gate;
        return runs.length;
      } finally {
        active -= 1;
      }
    },
    ...overrides,
  };
  return {
    job: j,
    runs,
    maxActive: () => maxActive,
    hold() {
      gate = new Promise<void>((resolve) => {
        open = () => {
          gate = null;
          resolve();
        };
      });
    },
    release: () => open(),
  };
}

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe("job runner", () => {
  it("runs at start, then after the interval, and at once when woken", async () => {
    const t = job({ intervalMs: 80 });
    const r = runner();
    const handle = r.add(t.job);
    r.start();
    await until(() => t.runs.length === 1, "the first run");
    await until(() => t.runs.length === 2, "the run after the interval");
    expect(t.runs[1]!.at - t.runs[0]!.at).toBeGreaterThanOrEqual(70);
    const slow = job({ intervalMs: 60_000 });
    const h2 = r.add(slow.job);
    await until(() => slow.runs.length === 1, "the first run of a job added while running");
    h2.wake();
    await until(() => slow.runs.length === 2, "the woken run");
    expect(handle).toBeDefined();
  });

  it("runs one pass at a time: a wake or a tick during a run comes after it", async () => {
    const t = job();
    const r = runner();
    const handle = r.add(t.job);
    t.hold();
    r.start();
    await until(() => t.runs.length === 1, "the first run");
    handle.wake();
    const ticked = handle.tick();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(t.runs).toHaveLength(1);
    t.release();
    expect(await ticked).toBeGreaterThanOrEqual(2);
    await until(() => t.runs.length === 3, "the run the wake asked for");
    expect(t.maxActive()).toBe(1);
  });

  it("backs off with jitter after a failed run and resets after a good one", async () => {
    let fail = 2;
    const runs: number[] = [];
    const r = runner();
    r.add({
      name: "flaky",
      intervalMs: 40,
      backoffMaxMs: 1000,
      async run() {
        runs.push(Date.now());
        if (fail-- > 0) throw new Error("database unavailable");
        return 0;
      },
    });
    r.start();
    await until(() => runs.length === 4, "four runs");
    // 40 ms step → 30 ms (equal jitter at 0.5), then 80 → 60 ms, then the interval again
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(25);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(55);
    expect(backoffDelayMs(1, 40, 1000, () => 0.5)).toBe(30);
    expect(backoffDelayMs(2, 40, 1000, () => 0.5)).toBe(60);
    expect(backoffDelayMs(10, 40, 1000, () => 1)).toBe(1000);
    expect(backoffDelayMs(10, 40, 1000, () => 0)).toBe(500);
  });

  it("tick() answers the run's result or its error", async () => {
    const r = runner();
    const ok = r.add({ name: "ok", intervalMs: 1000, run: async () => "done" });
    const bad = r.add({
      name: "bad",
      intervalMs: 1000,
      run: async () => {
        throw new Error("nope");
      },
    });
    expect(await ok.tick()).toBe("done");
    await expect(bad.tick()).rejects.toThrow("nope");
  });

  it("stop() waits for the current run within the grace period, then calls onStop", async () => {
    const t = job({ stopGraceMs: 2000 });
    const stopped: string[] = [];
    t.job.onStop = () => {
      stopped.push("onStop");
    };
    const r = runner();
    r.add(t.job);
    t.hold();
    r.start();
    await until(() => t.runs.length === 1, "the first run");
    const stopping = r.stop().then(() => stopped.push("stopped"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toEqual([]);
    t.release();
    await stopping;
    expect(stopped).toEqual(["onStop", "stopped"]);
    expect(t.runs[0]!.signal.aborted).toBe(false);
    expect(t.runs).toHaveLength(1); // no run after stop
  });

  it("aborts a run still going after the grace period, and gives up on one that ignores the signal", async () => {
    const r = runner();
    let aborted = 0;
    r.add({
      name: "cancellable",
      intervalMs: 1000,
      stopGraceMs: 50,
      run: (signal) =>
        new Promise<void>((resolve) =>
          signal.addEventListener("abort", () => {
            aborted += 1;
            resolve();
          }),
        ),
    });
    let stubbornStarted = false;
    r.add({
      name: "stubborn",
      intervalMs: 1000,
      stopGraceMs: 50,
      run: () => {
        stubbornStarted = true;
        return new Promise<void>(() => {});
      },
    });
    r.start();
    await until(() => stubbornStarted, "both runs");
    const started = Date.now();
    await r.stop();
    const took = Date.now() - started;
    expect(aborted).toBe(1);
    expect(took).toBeGreaterThanOrEqual(45);
    expect(took).toBeLessThan(1500); // grace + at most 1 s after the abort
  });

  it("tells a run that stop() was called, and can be started again", async () => {
    const seen: boolean[] = [];
    let woken = false;
    const r = runner();
    r.add({
      name: "draining",
      intervalMs: 60_000,
      async run(_signal, ctx) {
        seen.push(ctx.stopping);
        await ctx.pause(10_000); // cut short by stop()
        woken = true;
        seen.push(ctx.stopping);
      },
    });
    r.start();
    await until(() => seen.length === 1, "the first run");
    await r.stop();
    expect(woken).toBe(true);
    expect(seen).toEqual([false, true]);
    r.start();
    await until(() => seen.length === 3, "a run after the restart");
    expect(seen[2]).toBe(false);
  });

  it("calls onStart with a wake that runs the job again", async () => {
    let wake = () => {};
    const t = job();
    t.job.onStart = (w) => {
      wake = w;
    };
    const r = runner();
    r.add(t.job);
    r.start();
    await until(() => t.runs.length === 1, "the first run");
    wake();
    await until(() => t.runs.length === 2, "the woken run");
  });
});
