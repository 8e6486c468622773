// The business settings: one row in `business_settings`. Until an admin first saves them they are the
// environment's COMPANY_* and SOCIAL_* values and today's published facts (`defaultSettings`); a read
// never writes. Read through the read cache and changed only by an admin. A change is audited and dropped from every process's cache at
// once: NOTIFY in the writing transaction (announceCatalogChange) and the table's own trigger
// (migration 0003), so cached pages, /api/config and JSON-LD never outlive it.

import { DEFAULT_BUSINESS_FACTS, type SiteConfig, socialList } from "@ch/contracts/business-facts";
import type { BankAccount } from "@ch/contracts/payments";
import { type BusinessSettings, type BusinessSettingsDto, businessSettingsInput } from "@ch/contracts/settings";
import { defaultMilestones } from "@ch/contracts/totals";
import { type Executor, schema } from "@ch/db";
import { eq } from "drizzle-orm";
import type { Env } from "../../env";
import type { Deps } from "../../lib/deps";
import { queryRows } from "../../lib/prepared";
import { announceCatalogChange, readCache } from "../../lib/read-cache";
import { type Actor, recordAudit } from "../audit";

const { businessSettings } = schema;
const SETTINGS_ID = 1;
const CACHE_KEY = "settings:business";

/** What the settings are before anyone has changed them: the environment's values and the published facts. */
export function defaultSettings(env: Env): BusinessSettings {
  return {
    company: {
      name: env.COMPANY_NAME,
      phone: env.COMPANY_PHONE,
      email: env.COMPANY_EMAIL,
      street: env.COMPANY_STREET,
      city: env.COMPANY_CITY,
      region: env.COMPANY_REGION,
      postalCode: env.COMPANY_POSTAL_CODE,
      // 4100 Fredericksburg Rd, San Antonio, TX 78201
      latitude: 29.4739,
      longitude: -98.5292,
    },
    ...structuredClone(DEFAULT_BUSINESS_FACTS),
    // empty until the owner gives them (the pages and e-mails then say the details follow by e-mail)
    bankTransfer: { bankName: "", accountName: "", routingNumber: "", accountNumber: "" },
    social: {
      facebook: env.SOCIAL_FACEBOOK ?? null,
      instagram: env.SOCIAL_INSTAGRAM ?? null,
      youtube: env.SOCIAL_YOUTUBE ?? null,
      linkedin: env.SOCIAL_LINKEDIN ?? null,
    },
  };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * The stored value, validated. A value written by an older version (a field it did not have, at the top
 * or inside a group such as delivery.countedFrom) is completed from the defaults; one that still does not
 * validate is replaced by the defaults, logged.
 */
function fromStored(deps: Pick<Deps, "env" | "log">, data: unknown): BusinessSettings {
  const defaults = defaultSettings(deps.env);
  const base = defaults as unknown as Record<string, unknown>;
  const stored = isPlainObject(data) ? data : {};
  const merged = Object.fromEntries(
    Object.entries({ ...base, ...stored }).map(([key, value]) => {
      const fallback = base[key];
      return [key, isPlainObject(fallback) && isPlainObject(value) ? { ...fallback, ...value } : value];
    }),
  );
  const parsed = businessSettingsInput.safeParse(merged);
  if (parsed.success) return parsed.data;
  deps.log.warn({ issues: parsed.error.issues }, "stored business settings are invalid; using the defaults");
  return defaults;
}

async function loadSettings(deps: Pick<Deps, "db" | "env" | "log">): Promise<BusinessSettingsDto> {
  // one prepared statement: the order path reads the settings when the read cache is not trusted
  const [row] = await queryRows<{ data: unknown; updated_at: Date | string }>(
    deps.db,
    "select data, updated_at from business_settings where id = $1",
    [SETTINGS_ID],
  );
  // until an admin first saves them, the settings are the environment's defaults (a read never writes)
  return row
    ? { ...fromStored(deps, row.data), updatedAt: new Date(row.updated_at).toISOString() }
    : { ...defaultSettings(deps.env), updatedAt: null };
}

/**
 * The settings read through `db` (the caller's transaction: on the embedded database a read outside it
 * would wait for it to end), for e-mails written inside a transaction.
 */
export async function settingsIn(db: Executor, deps: Pick<Deps, "env" | "log">): Promise<BusinessSettings> {
  const [row] = await db
    .select({ data: businessSettings.data })
    .from(businessSettings)
    .where(eq(businessSettings.id, SETTINGS_ID))
    .limit(1);
  return row ? fromStored(deps, row.data) : defaultSettings(deps.env);
}

/** The milestones orders and proposals are paid by unless a proposal sets its own. */
export const milestonesOf = (settings: Pick<BusinessSettings, "paymentSchedule" | "depositPercent">) =>
  settings.paymentSchedule ?? defaultMilestones(settings.depositPercent);

/** The bank account customers pay to, or null while the owner has not given it. */
export function bankAccountOf(settings: Pick<BusinessSettings, "bankTransfer">): BankAccount | null {
  const bank = settings.bankTransfer;
  return bank.bankName && bank.accountName && bank.routingNumber && bank.accountNumber ? { ...bank } : null;
}

/** The current settings (shared object from the read cache: do not change it). */
export function getSettings(deps: Pick<Deps, "db" | "env" | "log">): Promise<BusinessSettingsDto> {
  return readCache(deps.db).value(CACHE_KEY, () => loadSettings(deps));
}

/** Dotted paths of the values that differ, e.g. ["company.phone", "warranty.structuralYears"]. */
function changedPaths(before: unknown, after: unknown, prefix = ""): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
  if (!isObject(before) || !isObject(after)) return [prefix || "(all)"];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((k) => changedPaths(before[k], after[k], prefix ? `${prefix}.${k}` : k));
}

const valueAt = (value: unknown, path: string) =>
  path
    .split(".")
    .reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : v), value);

/** Replaces the settings (already validated by businessSettingsInput), audited, and drops every cached page. */
export async function updateSettings(deps: Deps, actor: Actor, given: BusinessSettings): Promise<BusinessSettingsDto> {
  // a schedule's first milestone is the deposit: the two never disagree
  const input = given.paymentSchedule ? { ...given, depositPercent: given.paymentSchedule[0]!.percent } : given;
  const before = await getSettings(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx: Executor) => {
    const [locked] = await tx
      .select({ data: businessSettings.data })
      .from(businessSettings)
      .where(eq(businessSettings.id, SETTINGS_ID))
      .for("update")
      .limit(1);
    const previous = locked ? fromStored(deps, locked.data) : before;
    await tx
      .insert(businessSettings)
      .values({ id: SETTINGS_ID, data: input, updatedAt: now })
      .onConflictDoUpdate({ target: businessSettings.id, set: { data: input, updatedAt: now } });
    const changed = changedPaths(previous, input);
    await recordAudit(tx, actor, "settings.update", "settings", SETTINGS_ID, {
      changed,
      from: Object.fromEntries(changed.map((p) => [p, valueAt(previous, p) ?? null])),
      to: Object.fromEntries(changed.map((p) => [p, valueAt(input, p) ?? null])),
    });
    await announceCatalogChange(tx);
    return { ...input, updatedAt: now.toISOString() };
  });
}

/** The storefront's configuration: the settings plus the environment's wallet, analytics id and address. */
export function siteConfigOf(env: Env, settings: BusinessSettings): SiteConfig {
  const { social, bankTransfer: _bank, ...rest } = settings;
  return {
    ...rest,
    social: socialList(social),
    bankTransferReady: bankAccountOf(settings) !== null,
    usdtWalletAddress: env.USDT_WALLET_ADDRESS ?? null,
    telegramForwarding: Boolean(env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID),
    gaMeasurementId: env.GA_MEASUREMENT_ID ?? null,
    siteUrl: env.PUBLIC_SITE_URL ?? env.storefrontOrigin,
  };
}

/** The storefront's configuration from the current settings (shared object from the read cache). */
export function getSiteConfig(deps: Pick<Deps, "db" | "env" | "log">): Promise<SiteConfig> {
  return readCache(deps.db).value(`${CACHE_KEY}:site`, async () => {
    const { updatedAt: _updatedAt, ...settings } = await getSettings(deps);
    return siteConfigOf(deps.env, settings);
  });
}

/** The site's public address (needs no settings). */
export const siteUrlOf = (env: Env): string => env.PUBLIC_SITE_URL ?? env.storefrontOrigin;
