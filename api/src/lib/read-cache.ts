/**
 * The serialized JSON of hot public reads (products, gallery, published posts), kept in memory and
 * dropped the moment the data changes, in every API process sharing the database:
 * - a write announces itself with `announceCatalogChange(tx)`: NOTIFY inside the writing
 *   transaction (PostgreSQL delivers it at commit, and never for a rollback) plus an immediate
 *   local drop;
 * - every process LISTENs on the channel (postgres.js and PGlite both support it) and drops its
 *   entries on any notice;
 * - the cache is only trusted while the channel is proven alive: each process NOTIFYs itself a
 *   heartbeat every 5 s; without one for 15 s it stops serving from memory (reads go to the
 *   database) and listens again, and it starts afresh once a heartbeat arrives again;
 * - a read that began before a change is not stored (generation check), so an old answer can
 *   never outlive the notice of the change.
 * See docs/decisions/0003-read-cache-and-order-path.md.
 */
import { randomBytes } from "node:crypto";
import type { Database, Executor } from "@ch/db";
import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";

export const READ_CACHE_CHANNEL = "ch_read_cache";
const HEARTBEAT_MS = 5_000;
const TRUSTED_FOR_MS = 3 * HEARTBEAT_MS;
const MAX_ENTRIES = 500;

interface ListenableClient {
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<unknown>;
  begin?: unknown;
}

const live = new Set<ReadCache>();

export class ReadCache {
  private readonly entries = new Map<string, string>();
  private readonly values = new Map<string, unknown>();
  private generation = 0;
  private lastBeatAt = Number.NEGATIVE_INFINITY;
  private lastListenAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private readonly token = `hb:${randomBytes(8).toString("hex")}`;

  constructor(private readonly db: Database) {}

  /** True while the invalidation channel has been seen working recently. */
  trusted(now = Date.now()): boolean {
    return now - this.lastBeatAt < TRUSTED_FOR_MS;
  }

  /** The JSON text of `load()`, from memory when the channel is trusted. */
  async json(key: string, load: () => Promise<unknown>): Promise<string> {
    if (!this.timer) this.start();
    const trusted = this.trusted();
    if (trusted) {
      const hit = this.entries.get(key);
      if (hit !== undefined) return hit;
    }
    const generation = this.generation;
    const body = JSON.stringify(await load());
    if (trusted && generation === this.generation && this.trusted()) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, body);
    }
    return body;
  }

  /**
   * The value of `load()` itself, for tRPC procedures (which serialize their result). Callers must not
   * change it: it is shared by every request until the next change.
   */
  async value<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.timer) this.start();
    const trusted = this.trusted();
    if (trusted) {
      const hit = this.values.get(key);
      if (hit !== undefined) return hit as T;
    }
    const generation = this.generation;
    const value = await load();
    if (trusted && generation === this.generation && this.trusted()) {
      if (this.values.size >= MAX_ENTRIES) this.values.clear();
      this.values.set(key, value);
    }
    return value;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.values.clear();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.invalidate();
    live.delete(this);
  }

  private start() {
    live.add(this);
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.timer.unref();
    void this.listen().then(() => this.beat());
  }

  private onNotify = (payload: string) => {
    if (payload === this.token) {
      if (!this.trusted()) this.invalidate(); // coming back after a gap: forget everything from before it
      this.lastBeatAt = Date.now();
    } else if (!payload.startsWith("hb:")) {
      this.invalidate();
    }
  };

  private async listen() {
    this.lastListenAt = Date.now();
    const client = (this.db as unknown as { $client?: ListenableClient }).$client;
    if (!client || typeof client.listen !== "function") return;
    try {
      if (typeof client.begin === "function") {
        // postgres.js: the third argument runs again after each reconnection of the listening connection
        await client.listen(READ_CACHE_CHANNEL, this.onNotify, () => this.invalidate());
      } else {
        await client.listen(READ_CACHE_CHANNEL, this.onNotify);
      }
    } catch {
      // not listening: the heartbeat never arrives, so nothing is served from memory; retried below
    }
  }

  private async beat() {
    const now = Date.now();
    if (!this.trusted(now)) {
      this.invalidate();
      if (now - this.lastListenAt >= TRUSTED_FOR_MS) await this.listen();
    }
    try {
      await this.db.execute(sql`select pg_notify(${READ_CACHE_CHANNEL}, ${this.token})`);
    } catch {
      // database unreachable: no heartbeat, so the cache stops being trusted
    }
  }
}

const caches = new WeakMap<object, ReadCache>();

/** The read cache of one database handle (one per process in production). */
export function readCache(db: Database): ReadCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReadCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Call inside the transaction that changes products, gallery items or blog posts. Other processes
 * drop their entries when it commits; this process drops them now (and again at commit).
 */
export async function announceCatalogChange(executor: Executor): Promise<void> {
  for (const cache of live) cache.invalidate();
  await executor.execute(sql`select pg_notify(${READ_CACHE_CHANNEL}, 'changed')`);
}

/** Sends the cached JSON answer of a public read. */
export async function sendCachedJson(
  db: Database,
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  const body = await readCache(db).json(key, load);
  return reply.type("application/json; charset=utf-8").send(body);
}
