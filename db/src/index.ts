/**
 * One database type for both drivers:
 * - DATABASE_URL set   → PostgreSQL through postgres.js
 * - DATABASE_URL unset → embedded PostgreSQL (PGlite) persisted in a data folder
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "./database";
import * as schema from "./schema/index";

export type { Database, Executor, Schema, Tx } from "./database";
export { readSnapshot, rowsOf } from "./database";
export type { TaxLineRecord } from "./schema/orders";
export type { ChangeOrderLine, ProjectDocumentKind, WarrantyClaimStatus } from "./schema/projects";
export { schema };

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url?: string | undefined;
  /** PGlite data folder; "memory://" for a throwaway database. */
  dataDir?: string | undefined;
  /** PGlite snapshot (from dumpDataDir) to start from, for fast test setup. */
  loadDataDir?: Blob | File | undefined;
  maxConnections?: number;
  statementTimeoutMs?: number;
  connectTimeoutSeconds?: number;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const client = postgres(options.url, {
      max: options.maxConnections ?? 10,
      connect_timeout: options.connectTimeoutSeconds ?? 3,
      idle_timeout: 30,
      onnotice: () => {},
      // short limits so that a request fails (503) rather than waits; the API's own deadline is 8 s
      // (no lock_timeout: a process starting next to another one waits on the migration/seed lock)
      connection: {
        statement_timeout: options.statementTimeoutMs ?? 8000,
        idle_in_transaction_session_timeout: 15_000,
      },
    });
    const db = drizzle(client, { schema }) as unknown as Database;
    return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) {
    const { mkdirSync } = await import("node:fs");
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, {
    // PostgreSQL's default 128 MB of shared buffers is resident in the API process once touched (WASM
    // memory never shrinks); the embedded database is small, and the OS caches its files anyway
    postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
    // trigram indexes (the back office's searches); the migrations create the extension
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzle(client, { schema }) as unknown as Database;
  return { db, kind: "pglite", close: () => client.close() };
}

const EMBEDDED_POSTGRESQL_CONF = ["shared_buffers = 16MB", "work_mem = 2MB", "maintenance_work_mem = 16MB"];

/**
 * True when an embedded data folder already holds a database cluster. Creating one runs PostgreSQL's
 * initdb inside the process, which leaves a few hundred MB of WebAssembly memory behind; the API does
 * it in a short-lived child process instead (api/src/server.ts).
 */
export function embeddedClusterExists(dataDir: string): boolean {
  return existsSync(join(dataDir, "PG_VERSION"));
}

export { migrate } from "./migrate";
