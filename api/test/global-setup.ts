// Once per vitest run: the databases every test file starts from, migrated (and seeded) once instead
// of once per file. createTestDatabase (harness.ts) copies them:
// - PostgreSQL (DATABASE_URL): two template databases on that server; a file's database is
//   `create database … template <one of them>`, a file copy inside the server.
// - PGlite: two dumpDataDir() snapshots in a temporary folder; a file's in-memory database loads one.
// Without this setup (another vitest config) createTestDatabase migrates and seeds as before.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, migrate, schema } from "@ch/db";
import { seedIfEmpty } from "@ch/db/seed";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { startFakeS3 } from "./fake-s3";

export interface TestDatabaseTemplates {
  /** PostgreSQL: names of the template databases on DATABASE_URL's server. */
  postgres?: { migrated: string; seeded: string };
  /** PGlite: files holding dumpDataDir() snapshots. */
  pglite?: { migrated: string; seeded: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplates: TestDatabaseTemplates;
    /** The media storage settings of the run (testEnv adds them): an s3rver bucket on the S3 pass. */
    testMediaStorage: Record<string, string>;
  }
}

/**
 * The media storage the run's apps use: the local folder on the embedded database's pass, an S3 bucket
 * (s3rver on loopback) on the PostgreSQL pass, so the API suite runs on both (TEST_MEDIA_STORAGE picks).
 */
export default async function setup(project: TestProject) {
  const storage = process.env.TEST_MEDIA_STORAGE ?? (process.env.DATABASE_URL ? "s3" : "local");
  const fakeS3 = storage === "s3" ? await startFakeS3() : null;
  project.provide("testMediaStorage", fakeS3?.env ?? {});
  try {
    const dropDatabases = await prepareDatabases(project);
    return async () => {
      await dropDatabases();
      await fakeS3?.close();
    };
  } catch (error) {
    await fakeS3?.close();
    throw error;
  }
}

async function prepareDatabases(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    // the run's process id in the names: templates left by an interrupted run are dropped by the next one
    const suffix = `${process.pid}_${randomBytes(4).toString("hex")}`;
    const names = { migrated: `tmpl_migrated_${suffix}`, seeded: `tmpl_seeded_${suffix}` };
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const existing = await admin<{ datname: string }[]>`select datname from pg_database where datname like 'tmpl\_%'`;
    for (const { datname } of existing) {
      const pid = Number(/^tmpl_(?:migrated|seeded)_(\d+)_/.exec(datname)?.[1]);
      if (pid && !processAlive(pid)) await admin.unsafe(`drop database if exists ${datname} with (force)`);
    }
    const dropTemplates = async () => {
      for (const name of Object.values(names)) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    const { drizzle } = await import("drizzle-orm/postgres-js");
    try {
      for (const [kind, name] of Object.entries(names)) {
        await admin.unsafe(`create database ${name}`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
        try {
          const db = drizzle(client, { schema }) as unknown as Database;
          await migrate(db);
          if (kind === "seeded") await seedIfEmpty(db);
        } finally {
          // no connection may stay open on a template while it is copied
          await client.end();
        }
      }
    } catch (error) {
      await dropTemplates();
      throw error;
    }
    project.provide("testDatabaseTemplates", { postgres: names });
    return dropTemplates;
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  // snapshots left by an interrupted run (its process is gone) are removed
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^api-test-db-(\d+)-/.exec(name)?.[1]);
    if (pid && !processAlive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(tmpdir(), `api-test-db-${process.pid}-`));
  const removeSnapshots = () => rmSync(dir, { recursive: true, force: true });
  const files = { migrated: join(dir, "migrated.tar"), seeded: join(dir, "seeded.tar") };
  const client = await PGlite.create("memory://", { extensions: { pg_trgm } });
  try {
    const db = drizzle(client, { schema }) as unknown as Database;
    // a checkpoint first: a copy of a live data folder starts with crash recovery, which replays the WAL
    // since the last checkpoint (about 1 s of each test file's start). It starts a fresh WAL segment, and
    // only its first pages go in the snapshot (half the snapshot's 70 MB was WAL every file loaded).
    const snapshot = async () => {
      await client.query("select pg_switch_wal()");
      await client.exec("CHECKPOINT");
      keepOnlyCheckpointWal(client, await checkpointWal(client));
      return Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    };
    await migrate(db);
    writeFileSync(files.migrated, await snapshot());
    await seedIfEmpty(db);
    writeFileSync(files.seeded, await snapshot());
  } catch (error) {
    removeSnapshots();
    throw error;
  } finally {
    await client.close();
  }
  project.provide("testDatabaseTemplates", { pglite: files });
  return removeSnapshots;
}

type PGliteClient = InstanceType<typeof import("@electric-sql/pglite").PGlite>;
const WAL_DIR = "/pglite/data/pg_wal";
const WAL_PAGE = 8192;

/** The WAL segment that holds the last checkpoint (and its redo point), and where its record ends at most. */
async function checkpointWal(client: PGliteClient): Promise<{ file: string; keepBytes: number }> {
  const { rows } = await client.query<{ redo: string; file: string; offset: number }>(
    `select redo_wal_file as redo, (pg_walfile_name_offset(checkpoint_lsn)).file_name as file,
            (pg_walfile_name_offset(checkpoint_lsn)).file_offset as offset from pg_control_checkpoint()`,
  );
  const { redo, file, offset } = rows[0]!;
  if (redo !== file) throw new Error(`the checkpoint's redo point is in ${redo}, its record in ${file}`);
  return { file, keepBytes: (Math.floor(offset / WAL_PAGE) + 2) * WAL_PAGE };
}

/**
 * Drops the WAL segments that recovery will not read (older ones, and recycled ones kept for later) and
 * cuts the checkpoint's segment after the page that holds its record: the rest is a recycled segment's
 * old bytes, which recovery reads as the end of the WAL, as it does a file's end.
 */
function keepOnlyCheckpointWal(client: PGliteClient, checkpoint: { file: string; keepBytes: number }): void {
  const fs = client.Module.FS;
  for (const name of fs.readdir(WAL_DIR) as string[]) {
    if (!/^[0-9A-F]{24}$/.test(name)) continue;
    if (name === checkpoint.file) fs.truncate(`${WAL_DIR}/${name}`, checkpoint.keepBytes);
    else fs.unlink(`${WAL_DIR}/${name}`);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
