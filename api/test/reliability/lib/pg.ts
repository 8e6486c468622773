// A throwaway PostgreSQL server for one test file (scripts/pg-server.sh): started on a port of our own,
// stopped and removed at the end. Fails loudly when PostgreSQL is not installed (CI installs it).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
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
  const run = (...args: string[]) =>
    execFileSync("bash", [script, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  const url = run("start", dir, String(port)).trim();
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
    stop: () => void run("stop", dir),
  };
}
