// Time-bounded HTTP load with autocannon, and interleaved target/baseline comparisons.
import autocannon from "autocannon";
import { cpuSeconds, machineBusySeconds, memoryMb, treeCpuSeconds } from "./proc.mjs";

export const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Coefficient of variation (spread of repeated measurements relative to their mean). */
export const spread = (values) => {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length < 2) return 0;
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1));
  return mean === 0 ? 0 : sd / mean;
};

/**
 * One slice of load: `connections` connections for `seconds`, against a server whose CPU we read
 * from /proc. `ours` are the process trees the benchmark owns, to tell the machine's other work apart.
 */
export async function loadSlice({ url, pid, seconds, connections = 10, requests, headers, ours = [] }) {
  const cpu0 = cpuSeconds(pid);
  const busy0 = machineBusySeconds();
  const ours0 = treeCpuSeconds(ours);
  const started = process.hrtime.bigint();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    headers,
    requests,
    // autocannon reports non-2xx separately; we count them as errors
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = cpuSeconds(pid) - cpu0;
  const foreign = Math.max(0, machineBusySeconds() - busy0 - (treeCpuSeconds(ours) - ours0));
  const total = result.requests.total;
  return {
    requests: total,
    rps: total / elapsed,
    cpuUsPerRequest: total > 0 ? (cpu / total) * 1e6 : Number.NaN,
    serverCores: cpu / elapsed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
    foreignCores: foreign / elapsed,
    memory: memoryMb(pid),
  };
}

/**
 * Compares a target with a baseline in alternating short slices (A B, then B A, ...), after an
 * unrecorded warm-up of each, so both see the same machine conditions. Returns medians and ratios.
 */
export async function compare({ target, baseline, seconds, rounds, warmupSeconds, connections = 10, ours }) {
  if (warmupSeconds > 0) {
    await loadSlice({ ...target, seconds: warmupSeconds, connections, ours });
    await loadSlice({ ...baseline, seconds: warmupSeconds, connections, ours });
  }
  const t = [];
  const b = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [target, baseline] : [baseline, target];
    for (const side of order) {
      const slice = await loadSlice({ ...side, seconds, connections, ours });
      (side === target ? t : b).push(slice);
    }
  }
  const pick = (slices, key) => median(slices.map((s) => s[key]));
  const summary = {
    target: {
      rps: pick(t, "rps"),
      cpuUs: pick(t, "cpuUsPerRequest"),
      p99: pick(t, "p99"),
      errors: t.reduce((n, s) => n + s.errors, 0),
      requests: t.reduce((n, s) => n + s.requests, 0),
      rssMb: Math.max(...t.map((s) => s.memory.rss)),
    },
    baseline: {
      rps: pick(b, "rps"),
      cpuUs: pick(b, "cpuUsPerRequest"),
      p99: pick(b, "p99"),
      errors: b.reduce((n, s) => n + s.errors, 0),
    },
    foreignCores: Math.max(...[...t, ...b].map((s) => s.foreignCores)),
    baselineSpread: spread(b.map((s) => s.rps)),
    targetSpread: spread(t.map((s) => s.rps)),
  };
  summary.rpsRatio = summary.target.rps / summary.baseline.rps;
  summary.cpuRatio = summary.target.cpuUs / summary.baseline.cpuUs;
  return summary;
}
