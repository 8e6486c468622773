// A throwaway PostgreSQL server for one test file (scripts/pg-server.sh): started on a port of our own,
// stopped and removed at the end. Fails loudly when PostgreSQL is not installed (CI installs it).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
const script = join(repoRoot, "scripts", "pg-server.sh");

export interface PgServer {
  url: string;
  port: number;
  /** A new empty database on this server; returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server keeping its data (clients see the database go away). */
  pause(): void;
  resume(): void;
  stop(): void;
}

export function startPgServer(port: number): PgServer {
  const installed = existsSync("/usr/lib/postgresql") && readdirSync("/usr/lib/postgresql").length > 0;
  if (!installed) {
    throw new Error(
      "PostgreSQL is not installed (/usr/lib/postgresql is missing): apt-get install postgresql (.ci/run does this). The reliability suite needs a real server.",
    );
  }
  const dir = mkdtempSync(join(tmpdir(), `rel-pg-${port}-`));
  const run = (...args: string[]) => {
    try {
      return execFileSync("bash", [script, ...args], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 60_000,
      });
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? "");
      let serverLog = "";
      try {
        serverLog = readFileSync(join(dir, "server.log"), "utf8").slice(-2000);
      } catch {
        // no log yet
      }
      throw new Error(
        `scripts/pg-server.sh ${args[0]} failed (is port ${port} taken by a server left from an interrupted run?)\n${stderr}\n${serverLog}`,
      );
    }
  };
  const url = run("start", dir, String(port)).trim();
  // if the test process dies without its afterAll, do not leave the server running
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      run("stop", dir);
    } catch {
      // already gone
    }
  };
  process.once("exit", stopNow);
  return {
    url,
    port,
    async createDatabase(name: string) {
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`create database ${name}`);
      } finally {
        await admin.end();
      }
      const u = new URL(url);
      u.pathname = `/${name}`;
      return u.toString();
    },
    pause: () => void run("pause", dir),
    resume: () => void run("resume", dir, String(port)),
    stop: stopNow,
  };
}
