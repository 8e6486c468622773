#!/usr/bin/env node
// Starts the whole product for browser tests on a fresh database, and cleans up when stopped.
// Usage: node scripts/e2e-server.mjs <storefrontPort> <backofficePort>
// With DATABASE_URL: a new database on that server (dropped at exit); without: a fresh PGlite folder.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [port, adminPort] = process.argv.slice(2);
const env = {
  ...process.env,
  NODE_ENV: "test",
  PORT: port,
  ADMIN_PORT: adminPort,
  HOST: "127.0.0.1",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  PUBLIC_RATE_LIMIT_SCALE: process.env.PUBLIC_RATE_LIMIT_SCALE ?? "100",
};

let cleanup = () => {};
if (process.env.DATABASE_URL) {
  const { default: postgres } = await import(join(root, "node_modules", "postgres", "src", "index.js"));
  const name = `e2e_${randomBytes(5).toString("hex")}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const a = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
    await a.end();
  };
} else {
  const dir = mkdtempSync(join(tmpdir(), "e2e-pglite-"));
  env.DATA_DIR = dir;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

const child = spawn(process.execPath, ["--import", "tsx", join(root, "api", "src", "server.ts")], {
  env,
  stdio: "inherit",
  cwd: root,
});
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGTERM"));
child.on("exit", async (code) => {
  await cleanup();
  process.exit(code ?? 0);
});
