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
 * The same channel carries session notices: a trigger on `sessions` (migration 0001) sends
 * `session:<id>` for every update or delete of a session row, so a signed-in session can be
 * remembered here without a database read per admin request (modules/access/session-store.ts, the
 * store under @fastify/session).
 * See docs/decisions/0003-read-cache-and-order-path.md.
 */
import { randomBytes } from "node:crypto";
import type { Database, Executor } from "@ch/db";
import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { keepCompressedForms } from "./compressed-forms";

export const READ_CACHE_CHANNEL = "ch_read_cache";
const HEARTBEAT_MS = 5_000;
const TRUSTED_FOR_MS = 3 * HEARTBEAT_MS;
const MAX_ENTRIES = 500;
const MAX_CHOSEN = 300;

interface ListenableClient {
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<unknown>;
  begin?: unknown;
}

const live = new Set<ReadCache>();

/** What a process remembers of a valid session row (times as epoch milliseconds). */
export interface RememberedSession {
  adminId: number;
  username: string;
  /** The account's staff role when the row was read; a role change touches the account's session rows. */
  role: string;
  /** Whether the account must set up two-factor first (the owner's policy, none of its own) at that read. */
  mustEnrol: boolean;
  lastSeenAtMs: number;
  expiresAtMs: number;
}
const SESSION_NOTICE = "session:";
const SYNC_NOTICE = "sync:";
const ACK_NOTICE = "ack:";
const MAX_SESSIONS = 1_000;

/**
 * Values kept for at most a given age; a load that began before `clear()` is not kept. When full, a
 * plain set forgets everything; a `leastRecent` set (for keys a visitor chooses freely, such as search
 * words) forgets only its least recently used entry, so random keys cannot push out the common ones.
 */
class TimedValues {
  private readonly entries = new Map<string, { value: unknown; at: number }>();
  private generation = 0;

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly evict: "all" | "leastRecent" = "all",
  ) {}

  async get<T>(
    key: string,
    maxAgeMs: number,
    load: () => Promise<T>,
    usable: () => boolean,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const now = Date.now();
    const canUse = usable();
    const hit = canUse ? this.entries.get(key) : undefined;
    if (hit && now - hit.at < maxAgeMs) {
      if (this.evict === "leastRecent") {
        // Map keeps insertion order: moving the hit to the end makes the first entry the least recent
        this.entries.delete(key);
        this.entries.set(key, hit);
      }
      return hit.value as T;
    }
    const generation = this.generation;
    const value = await load();
    if (canUse && generation === this.generation && usable() && keep(value)) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) {
        if (this.evict === "all") this.entries.clear();
        else this.entries.delete(this.entries.keys().next().value as string);
      }
      this.entries.set(key, { value, at: now });
    }
    return value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The value kept for `key` if it is younger than `maxAgeMs` (no load, no wait). */
  peek(key: string, maxAgeMs: number): { value: unknown } | undefined {
    const hit = this.entries.get(key);
    return hit && Date.now() - hit.at < maxAgeMs ? { value: hit.value } : undefined;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Where a read is kept: with the site's own reads, or apart with the keys a visitor chooses. */
export interface CacheOptions {
  /**
   * The key holds a value the visitor picked freely (a page number, an offset): kept in the bounded
   * store of chosen keys (see `chosenValue`), so such keys never push out the common reads.
   */
  chosen?: boolean;
}

/**
 * A read declared by its cache key, as an operation's handler answers it (http/route.ts `cachedRead`):
 * REST sends the entry's kept JSON; a tRPC procedure and the server render take its value, parsed once
 * from those same bytes. One entry per read, whichever way it is asked for.
 */
export class CachedRead<T = unknown> {
  constructor(
    readonly key: string,
    readonly load: () => Promise<T>,
    readonly options: CacheOptions = {},
  ) {}
}

/** Where a shared value (`value`, `recent`) is kept, under which key. */
export type KeptRead = { store: "values"; key: string } | { store: "recent"; key: string; maxAgeMs: number };
/** The read each kept shared value answers, so that an answer that is one of them can be repeated. */
const readOfValue = new WeakMap<object, KeptRead>();
const remember = (value: unknown, read: KeptRead) => {
  if (value !== null && typeof value === "object") readOfValue.set(value, read);
};

/** The value of each kept JSON entry, parsed once (an entry's bytes are never changed, only replaced). */
const parsedEntries = new WeakMap<Buffer, unknown>();
/** And back: the entry a value was parsed from, so a transport can send those bytes instead of encoding it. */
const entryOfValue = new WeakMap<object, Buffer>();

/** The kept JSON a cached read's value (from `valueOf`) was parsed from, if it is one. */
export function keptJsonOf(value: unknown): Buffer | undefined {
  return value !== null && typeof value === "object" ? entryOfValue.get(value) : undefined;
}

export class ReadCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly values = new Map<string, unknown>();
  private readonly sessions = new Map<string, RememberedSession>();
  /** Heartbeat tokens heard (every listening process's, this one's too), with when they were last heard. */
  private readonly peers = new Map<string, number>();
  /** The syncs this process awaits, by nonce: each is told the token of every process that answers. */
  private readonly syncs = new Map<string, (token: string) => void>();
  private readonly shortLived = new TimedValues();
  private readonly timed = new TimedValues();
  /** Answers and pages for visitor-chosen parameters (blog searches, query strings): bounded on their own. */
  private readonly chosen = new TimedValues(MAX_CHOSEN, "leastRecent");
  private generation = 0;
  private sessionGeneration = 0;
  private lastBeatAt = Number.NEGATIVE_INFINITY;
  private lastListenAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private readonly token = `hb:${randomBytes(8).toString("hex")}`;

  constructor(private readonly db: Database) {}

  /** True while the invalidation channel has been seen working recently. */
  trusted(now = Date.now()): boolean {
    return now - this.lastBeatAt < TRUSTED_FOR_MS;
  }

  /**
   * The JSON of `load()` as UTF-8 bytes (encoded once, not per answer, and compressed once per encoding),
   * from memory when the channel is trusted.
   */
  async json(key: string, load: () => Promise<unknown>, options: CacheOptions = {}): Promise<Buffer> {
    if (!this.timer) this.start();
    if (options.chosen) {
      const encode = async () => keepCompressedForms(Buffer.from(JSON.stringify(await load())));
      return this.chosen.get(`json:${key}`, Number.POSITIVE_INFINITY, encode, () => this.trusted());
    }
    const trusted = this.trusted();
    if (trusted) {
      const hit = this.entries.get(key);
      if (hit !== undefined) return hit;
    }
    const generation = this.generation;
    const body = Buffer.from(JSON.stringify(await load()));
    if (trusted && generation === this.generation && this.trusted()) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, keepCompressedForms(body)); // its brotli/gzip forms are made once, kept with it
    }
    return body;
  }

  /**
   * The value of a cached read: its kept JSON (the entry REST sends), parsed once per entry. Callers must
   * not change it: it is shared by every request until the next change.
   */
  async valueOf<T>(read: CachedRead<T>): Promise<T> {
    const body = await this.json(read.key, read.load, read.options);
    if (parsedEntries.has(body)) return parsedEntries.get(body) as T;
    const value = JSON.parse(body.toString("utf8")) as T;
    parsedEntries.set(body, value);
    if (value !== null && typeof value === "object") entryOfValue.set(value, body);
    return value;
  }

  /** The kept JSON of `key` if it is in memory and may be trusted now (no load, no wait). */
  peekJson(key: string): Buffer | undefined {
    return this.trusted() ? this.entries.get(key) : undefined;
  }

  /**
   * The value of `load()` itself, for tRPC procedures (which serialize their result). Callers must not
   * change it: it is shared by every request until the next change.
   */
  async value<T>(key: string, load: () => Promise<T>, options: CacheOptions = {}): Promise<T> {
    if (!this.timer) this.start();
    if (options.chosen) return this.chosen.get(`value:${key}`, Number.POSITIVE_INFINITY, load, () => this.trusted());
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
      remember(value, { store: "values", key });
    }
    return value;
  }

  /**
   * Like `value`, but an entry is also dropped after `maxAgeMs`: for answers that depend on the clock
   * as well as on the announced data (rendered pages show the year, for instance).
   */
  valueFor<T>(key: string, maxAgeMs: number, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    if (!this.timer) this.start();
    return this.timed.get(key, maxAgeMs, load, () => this.trusted(), keep);
  }

  /**
   * Like `valueFor` (with no age limit by default), for keys a visitor chooses freely (search words,
   * page numbers): kept apart, at most MAX_CHOSEN, least recently used forgotten first, so that such
   * keys never push out the common reads. Dropped on every change like the rest.
   */
  chosenValue<T>(
    key: string,
    load: () => Promise<T>,
    maxAgeMs = Number.POSITIVE_INFINITY,
    keep?: (value: T) => boolean,
  ): Promise<T> {
    if (!this.timer) this.start();
    return this.chosen.get(key, maxAgeMs, load, () => this.trusted(), keep);
  }

  /** How many entries each store holds (for tests and the benchmark). */
  sizes(): { json: number; values: number; pages: number; chosen: number } {
    return { json: this.entries.size, values: this.values.size, pages: this.timed.size, chosen: this.chosen.size };
  }

  /** Whether an entry is held under `key` (a `json`/`value` key, or a page or chosen key). */
  holds(key: string): boolean {
    return (
      this.entries.has(key) ||
      this.values.has(key) ||
      this.timed.has(key) ||
      this.chosen.has(key) ||
      this.chosen.has(`json:${key}`) ||
      this.chosen.has(`value:${key}`)
    );
  }

  /**
   * For figures computed from data that changes without a notice (orders, enquiries): the value of
   * `load()` for at most `maxAgeMs`, dropped at once by any write this process answers
   * (`noteLocalWrite`, called for every non-GET request). Another process's write shows within `maxAgeMs`.
   */
  recent<T>(key: string, maxAgeMs: number, load: () => Promise<T>): Promise<T> {
    return this.shortLived.get(
      key,
      maxAgeMs,
      load,
      () => true,
      (value) => {
        remember(value, { store: "recent", key, maxAgeMs });
        return true;
      },
    );
  }

  /**
   * The read whose kept value `value` is, if it is one and still kept (an answer that is exactly such a
   * value may be repeated while it stands: http/cached-answers.ts).
   */
  readOf(value: unknown): KeptRead | undefined {
    const read = value !== null && typeof value === "object" ? readOfValue.get(value) : undefined;
    return read && this.peekRead(read)?.value === value ? read : undefined;
  }

  /** The value a read would answer now, if it is in memory and may be used (no load, no wait). */
  peekRead(read: KeptRead): { value: unknown } | undefined {
    if (read.store === "recent") return this.shortLived.peek(read.key, read.maxAgeMs);
    return this.trusted() && this.values.has(read.key) ? { value: this.values.get(read.key) } : undefined;
  }

  noteLocalWrite(): void {
    this.shortLived.clear();
  }

  invalidate(): void {
    this.shortLived.clear();
    this.timed.clear();
    this.chosen.clear();
    this.generation++;
    this.entries.clear();
    this.values.clear();
    this.sessionGeneration++;
    this.sessions.clear();
  }

  /** A session remembered from an earlier read, while the channel is trusted. */
  session(id: string): RememberedSession | undefined {
    if (!this.timer) this.start();
    return this.trusted() ? this.sessions.get(id) : undefined;
  }

  /** Take before reading a session row; pass to rememberSession so a row read before a notice is not kept. */
  sessionMark(): number {
    return this.sessionGeneration;
  }

  rememberSession(id: string, session: RememberedSession, mark: number): void {
    if (!this.trusted() || mark !== this.sessionGeneration) return;
    if (this.sessions.size >= MAX_SESSIONS) this.sessions.clear();
    this.sessions.set(id, session);
  }

  forgetSession(id: string): void {
    this.sessionGeneration++;
    this.sessions.delete(id);
  }

  /**
   * Resolves once every API process listening on the channel has handled every notice sent before this
   * call (or after `timeoutMs`). A sign-out, a disabling or a policy change waits for it after its commit,
   * so that when it answers, no process still remembers the sessions it ended.
   * PostgreSQL delivers notices to each listener in commit order: a `sync:<nonce>` sent after the change
   * reaches each process after the change's own notices, and each process answers it with
   * `ack:<nonce>:<its heartbeat token>`. The processes awaited are those whose heartbeat was heard within
   * the trust window (this one included).
   */
  async everyProcessCaughtUp(timeoutMs = 2_000): Promise<void> {
    if (!this.trusted()) return;
    const now = Date.now();
    const expected = new Set<string>();
    for (const [token, heardAt] of this.peers) {
      if (now - heardAt < TRUSTED_FOR_MS) expected.add(token);
      else this.peers.delete(token);
    }
    const nonce = randomBytes(8).toString("hex");
    await new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.syncs.delete(nonce);
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      this.syncs.set(nonce, (token) => {
        expected.delete(token);
        if (expected.size === 0) finish();
      });
      this.db.execute(sql`select pg_notify(${READ_CACHE_CHANNEL}, ${`${SYNC_NOTICE}${nonce}`})`).catch(finish);
    });
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
      this.peers.set(payload, this.lastBeatAt);
    } else if (payload.startsWith("hb:")) {
      this.peers.set(payload, Date.now());
    } else if (payload.startsWith(SESSION_NOTICE)) {
      this.forgetSession(payload.slice(SESSION_NOTICE.length));
    } else if (payload.startsWith(SYNC_NOTICE)) {
      const answer = `${ACK_NOTICE}${payload.slice(SYNC_NOTICE.length)}:${this.token}`;
      this.db.execute(sql`select pg_notify(${READ_CACHE_CHANNEL}, ${answer})`).catch(() => {});
    } else if (payload.startsWith(ACK_NOTICE)) {
      const [nonce = "", token = ""] = payload.slice(ACK_NOTICE.length).split(":hb:");
      this.syncs.get(nonce)?.(`hb:${token}`);
    } else {
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
  options: CacheOptions = {},
): Promise<FastifyReply> {
  const body = await readCache(db).json(key, load, options);
  return reply.type("application/json; charset=utf-8").send(body);
}
