// Processes for the benchmark: start, wait, measure (CPU and memory from /proc), and always stop.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const CLK_TCK = 100; // Linux USER_HZ; /proc/<pid>/stat counts CPU in these ticks
const children = new Set();
const cleanups = [];

/** Starts a child process that is stopped (SIGTERM, then SIGKILL) when the benchmark ends, whatever way it ends. */
export function startProcess(name, command, args, options = {}) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
  const entry = { name, child, log: "" };
  const keep = (chunk) => {
    entry.log = (entry.log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  children.add(entry);
  child.on("exit", () => children.delete(entry));
  return entry;
}

/** Stops one started process and waits for it to exit. */
export async function stopProcess(entry, timeoutMs = 8000) {
  const { child } = entry;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Registers an async clean-up (stopping PostgreSQL, removing folders) run at the end, last registered first. */
export function onCleanup(fn) {
  cleanups.push(fn);
}

let cleaning = null;
export function cleanupAll() {
  cleaning ??= (async () => {
    await Promise.all([...children].map((entry) => stopProcess(entry).catch(() => {})));
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {});
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    console.error(`\nbench: ${signal}, stopping what it started`);
    await cleanupAll();
    process.exit(130);
  });
}

/** Waits until `url` answers (any HTTP status) or the process exits or the time is up. */
export async function waitForHttp(url, entry, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (entry && entry.child.exitCode !== null) {
      throw new Error(`${entry.name} exited with ${entry.child.exitCode} before answering:\n${entry.log.slice(-3000)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      return;
    } catch {
      await sleep(150);
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms${entry ? `:\n${entry.log.slice(-3000)}` : ""}`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state); utime is field 14, stime field 15
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/** Resident memory now and at its peak, in MB, from /proc/<pid>/status. */
export function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

/** Busy CPU seconds of the whole machine so far (all cores), from /proc/stat. */
export function machineBusySeconds() {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0];
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / CLK_TCK;
}

/** The pids of a process and all its descendants. */
export function processTree(rootPid) {
  const parents = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!parents.has(ppid)) parents.set(ppid, []);
      parents.get(ppid).push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  const out = [rootPid];
  for (let i = 0; i < out.length; i++) out.push(...(parents.get(out[i]) ?? []));
  return out;
}

/** CPU seconds of a set of process trees (processes that ended meanwhile are left out). */
export function treeCpuSeconds(rootPids) {
  let total = 0;
  for (const root of rootPids) {
    for (const pid of processTree(root)) {
      try {
        total += cpuSeconds(pid);
      } catch {
        // ended
      }
    }
  }
  return total;
}
