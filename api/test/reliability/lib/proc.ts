// Starts the real API (node --import tsx api/src/server.ts) as a child process on ports of our own,
// keeps its log, and stops it.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "./pg";

export interface ServerProcess {
  child: ChildProcess;
  storefront: string;
  backoffice: string;
  log: string[];
  /** Resolves with the exit code and how long after the call it came. */
  exited: Promise<{ code: number | null; signal: string | null; at: number }>;
  kill(signal?: NodeJS.Signals): void;
}

export function startServer(options: {
  port: number;
  adminPort: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): ServerProcess {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    TZ: "UTC",
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(options.port),
    ADMIN_PORT: String(options.adminPort),
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: "info",
    PUBLIC_RATE_LIMIT_SCALE: "1000",
    // API only: no built SPA needed
    STOREFRONT_DIST: "/nonexistent",
    BACKOFFICE_DIST: "/nonexistent",
    // USDT orders need a valid shop wallet (a test address that belongs to nobody we know); nothing
    // listens on port 9, so the wallet watcher's TronGrid reads fail fast and stay offline
    USDT_WALLET_ADDRESS: "TG2bLBBBy5LTsB6DfpuxNRHNB7UF9auMYg",
    TRON_API_URL: "http://127.0.0.1:9",
    ...options.env,
  };
  const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "api", "src", "server.ts")], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  let pending = "";
  const collect = (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    log.push(...lines.filter((l) => l.trim()));
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() }));
  });
  return {
    child,
    storefront: `http://127.0.0.1:${options.port}`,
    backoffice: `http://127.0.0.1:${options.adminPort}`,
    log,
    exited,
    kill: (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Polls until the URL answers 200 (or throws after the time limit, with the process log). */
export async function waitForOk(url: string, server: ServerProcess | null, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.log.slice(-30).join("\n")}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms:\n${server?.log.slice(-30).join("\n") ?? ""}`);
}

/** Stops a server (SIGTERM, then SIGKILL after the grace period) and waits for it. */
export async function stopServer(server: ServerProcess | undefined, graceMs = 12_000): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), graceMs);
  await server.exited;
  clearTimeout(timer);
}
