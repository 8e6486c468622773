// A visitor is one device per day: a keyed hash of the client address and user agent under a random salt
// that exists for one UTC day and is then deleted, so no one (not even we) can link days or recover the address.
// The salt lives in the database because several API processes share it; each keeps today's copy in memory.
import { createHmac, randomBytes } from "node:crypto";
import { type Database, schema } from "@ch/db";
import { eq, lt } from "drizzle-orm";

const { visitorSalts } = schema;

/** "2026-11-23": the UTC day a salt belongs to. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

const todaysSalt = new WeakMap<Database, { day: string; salt: string }>();

/** Today's salt, created race-free by whichever process asks first; salts of earlier days are deleted. */
export async function dailySalt(db: Database, now: Date): Promise<string> {
  const day = utcDay(now);
  const cached = todaysSalt.get(db);
  if (cached?.day === day) return cached.salt;
  await db
    .insert(visitorSalts)
    .values({ day, salt: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  await deletePastSalts(db, now);
  const [row] = await db.select({ salt: visitorSalts.salt }).from(visitorSalts).where(eq(visitorSalts.day, day));
  if (!row) throw new Error(`visitor salt for ${day} is missing`);
  todaysSalt.set(db, { day, salt: row.salt });
  return row.salt;
}

export async function deletePastSalts(db: Database, now: Date): Promise<void> {
  await db.delete(visitorSalts).where(lt(visitorSalts.day, utcDay(now)));
}

/** "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) is the same visitor as "203.0.113.7". */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/.test(trimmed) ? trimmed.slice(7) : trimmed;
}

export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHmac("sha256", salt)
    .update(`${normalizeIp(ip)}\n${userAgent}`)
    .digest("hex");
}
