// The only reader of process.env. Everything configurable is validated here once.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { addressScope } from "./lib/public-address";
import { tronAddressProblem } from "./lib/usdt";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

const port = z.coerce.number().int().min(0).max(65_535);
const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: port.default(3000),
  ADMIN_PORT: port.default(3001),
  STOREFRONT_ORIGIN: optional,
  BACKOFFICE_ORIGIN: optional,
  DATABASE_URL: optional,
  DATA_DIR: z.string().default(join(repoRoot, ".data", "pglite")),
  TRUST_PROXY: optional,
  /**
   * Where image and document bytes live (modules/media/object-store.ts): "local", files in MEDIA_DIR (by
   * default `media/` beside the embedded database's folder, so `npm start` needs nothing), or "s3", any
   * S3-compatible bucket (AWS S3, Cloudflare R2, Garage, SeaweedFS). The database keeps metadata only.
   */
  MEDIA_STORAGE: z.enum(["local", "s3"], { error: "must be local or s3" }).default("local"),
  MEDIA_DIR: optional,
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_REGION: z.string().trim().min(1, "must not be empty").default("us-east-1"),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /** "true" for servers that take the bucket in the path (Garage, SeaweedFS, s3rver), not the host name. */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  /** A CDN or public bucket address in front of the images: /media/<file> then redirects to <it>/media/<file>. */
  MEDIA_PUBLIC_URL: optional,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Which answers get a request log line: "problems" (the default) logs every 4xx/5xx and every answer
   * slower than SLOW_REQUEST_MS, with its request id; "all" logs every answer (one line each).
   */
  REQUEST_LOG: z.enum(["problems", "all"]).default("problems"),
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).max(600_000).default(1000),
  SETUP_TOKEN: optional,
  /**
   * Signs the back office's session cookie (@fastify/session), at least 32 characters; every API process
   * needs the same one. Required in production; elsewhere a fixed development value stands in.
   */
  SESSION_SECRET: optional,
  /**
   * The shop's TRON wallet for USDT (TRC20) payments: checked at start (base58check, mainnet prefix).
   * Required in production; elsewhere, unset means the storefront says USDT is unavailable. No default.
   */
  USDT_WALLET_ADDRESS: optional,
  /** TronGrid's v1 API (the USDT watcher and hash checks); a fake on loopback in tests. */
  TRON_API_URL: z.string().default("https://api.trongrid.io"),
  TRON_API_KEY: optional,
  /** The USDT (TRC20) token contract; mainnet's by default. */
  USDT_CONTRACT_ADDRESS: z.string().default("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
  /** "off" stops this process from watching the wallet (another process, or none, does). */
  TRON_WATCHER: z.enum(["on", "off"]).default("on"),
  /** How often the wallet is read while a USDT invoice is open (after a failure: backoff up to TRON_RETRY_MAX_MS). */
  TRON_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
  TRON_RETRY_MAX_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
  /** Time limit of one TronGrid request. */
  TRON_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How long a submitted USDT hash that TronGrid does not show may wait before it expires (then 422). */
  USDT_CLAIM_TTL_MS: z.coerce.number().int().min(1000).max(604_800_000).default(1_800_000),
  COMPANY_NAME: z.string().default("Container Homes of Texas"),
  COMPANY_PHONE: z.string().default("(210) 555-0148"),
  COMPANY_EMAIL: z.string().default("hello@containerhomes-texas.com"),
  COMPANY_STREET: z.string().default("4100 Fredericksburg Rd"),
  COMPANY_CITY: z.string().default("San Antonio"),
  COMPANY_REGION: z.string().default("TX"),
  COMPANY_POSTAL_CODE: z.string().default("78201"),
  PUBLIC_SITE_URL: optional,
  SOCIAL_FACEBOOK: optional,
  SOCIAL_INSTAGRAM: optional,
  SOCIAL_YOUTUBE: optional,
  SOCIAL_LINKEDIN: optional,
  GA_MEASUREMENT_ID: optional,
  TELEGRAM_BOT_TOKEN: optional,
  TELEGRAM_CHAT_ID: optional,
  TELEGRAM_API_URL: z.string().default("https://api.telegram.org"),
  SMTP_URL: optional,
  SMTP_FROM: z.string().default("Container Homes of Texas <orders@containerhomes-texas.com>"),
  PUBLIC_RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(100_000).default(1),
  /** Requests one API key may make per minute on /api/admin/* (counted in the database, 429 past it). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(600),
  VISIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /**
   * What this process does: "all" (the default, as `npm start` runs it) serves both origins and runs the
   * background jobs; "web" serves HTTP only; "worker" runs the jobs only (answering /healthz and /readyz on
   * PORT). Several web and worker processes share one PostgreSQL (web and worker need DATABASE_URL).
   */
  PROCESS_ROLE: z.enum(["all", "web", "worker"], { error: "must be all, web or worker" }).default("all"),
  OUTBOX_WORKER: z.enum(["on", "off"]).default("on"),
  /** How often the outbox worker looks for due notifications (it is also woken right after a write). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1500),
  /** After this many failed attempts a notification is "failed" (a person can retry it in the back office). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** Retry delay after the first failure; doubles each attempt (with jitter) up to OUTBOX_RETRY_MAX_MS. */
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5000),
  OUTBOX_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(1_800_000),
  /** How long a claimed notification stays reserved; a row left "sending" by a crashed process is taken again after it. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /**
   * How long staff may undo a stage move (back office, PUT …/stage): the customer's stage e-mail waits this
   * long in the outbox and is withdrawn by an undo. 0: the e-mail leaves at once and a move cannot be undone.
   */
  STAGE_UNDO_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Time limit of one delivery (Telegram request or SMTP conversation); must be well under the lease. */
  NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Webhooks (modules/webhooks, docs/decisions/0015-webhooks.md): the time limit of one delivery attempt,
   * how many attempts run at once (one per endpoint), the first retry delay (doubling, with jitter, up to
   * the max), how long a delivery is retried (an endpoint failing that long is disabled), and how long a
   * rotated-out secret keeps signing beside the new one.
   */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(15_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400_000)
    .default(6 * 3_600_000),
  WEBHOOK_RETRY_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(30 * 86_400_000)
    .default(3 * 86_400_000),
  WEBHOOK_SECRET_OVERLAP_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400_000)
    .default(86_400_000),
  /**
   * Slow clients (http/connections.ts): the time a request's headers, and the whole request, may take
   * to arrive; an idle keep-alive connection's life (unset: 10 s, or 72 s behind a proxy, TRUST_PROXY,
   * so that it outlives the proxy's own idle limit); how many connections one address may hold open at
   * once (0 = no cap; unset: 256, or none behind a proxy, whose connections all come from its address
   * and which limits its own clients).
   */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  STOREFRONT_DIST: z.string().default(join(repoRoot, "storefront", "dist")),
  BACKOFFICE_DIST: z.string().default(join(repoRoot, "backoffice", "dist")),
});

export type Env = z.infer<typeof envSchema> & {
  /** MEDIA_DIR, or `media/` beside DATA_DIR. */
  mediaDir: string;
  storefrontOrigin: string;
  backofficeOrigin: string;
  /** SESSION_SECRET, or outside production the development stand-in. */
  sessionSecret: string;
};

/** Outside production only: the session cookie's signing secret when SESSION_SECRET is unset. */
const DEVELOPMENT_SESSION_SECRET = "development-only-session-secret-never-used-in-production";

/** Thrown when the configuration cannot run; server.ts prints it and exits. */
export class ConfigError extends Error {}

/** Why `hostname` (a URL's, normalised by WHATWG URL parsing) is not a public host, or null when it is. */
function hostProblem(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const scope = addressScope(host);
  if (scope === "public") return null;
  if (scope === "loopback" || scope === "unspecified") return `points at this machine (${hostname})`;
  if (scope === "internal") return `is not a public address (${hostname} is private, link-local or reserved)`;
  if (host === "localhost" || host.endsWith(".localhost")) return `points at this machine (${hostname})`;
  if (!host.includes(".")) return `is not a public host name (${hostname} is a single label)`;
  return null;
}

/** Why `value` cannot be the public https:// address of a production site, or null when it can. */
function publicUrlProblem(name: string, value: string | undefined): string | null {
  if (value === undefined) return `${name} is missing`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name} "${value}" is not a URL`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return `${name} "${value}" is not an https:// address`;
  const host = hostProblem(url.hostname);
  if (host) return `${name} "${value}" ${host}`;
  if (url.protocol !== "https:") return `${name} "${value}" is not an https:// address (http:// is refused)`;
  return null;
}

/**
 * Every setting that cannot run, named at once: a bad wallet or token address or a short session secret
 * anywhere; in production also a missing wallet, a missing session secret, and a public address of the site
 * and the back office (and the storefront origin when set) that is missing, not https:// or not a public
 * host (their defaults are localhost, which would put wrong links in e-mails, sitemaps and the CSRF check).
 */
function configProblems(parsed: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const production = parsed.NODE_ENV === "production";
  const wallet = parsed.USDT_WALLET_ADDRESS;
  if (wallet === undefined) {
    if (production) {
      problems.push(
        "USDT_WALLET_ADDRESS is missing: in production the API needs the shop's TRON (TRC20) wallet address to take USDT payments",
      );
    }
  } else {
    const problem = tronAddressProblem(wallet);
    if (problem) problems.push(`USDT_WALLET_ADDRESS "${wallet}" is not valid: it ${problem}`);
  }
  if (parsed.PROCESS_ROLE !== "all" && !parsed.DATABASE_URL) {
    problems.push(
      `PROCESS_ROLE "${parsed.PROCESS_ROLE}" needs DATABASE_URL: separate web and worker processes share one PostgreSQL (the embedded database belongs to one process)`,
    );
  }
  problems.push(...mediaStorageProblems(parsed));
  const contract = tronAddressProblem(parsed.USDT_CONTRACT_ADDRESS);
  if (contract) problems.push(`USDT_CONTRACT_ADDRESS "${parsed.USDT_CONTRACT_ADDRESS}" is not valid: it ${contract}`);
  const secret = parsed.SESSION_SECRET;
  if (secret === undefined) {
    if (production) {
      problems.push(
        "SESSION_SECRET is missing: in production the API needs a random secret of at least 32 characters to sign the back office's session cookie (the same in every API process)",
      );
    }
  } else if (secret.length < 32) {
    problems.push(`SESSION_SECRET is too short (${secret.length} characters): it needs at least 32`);
  }
  if (production) {
    const site = publicUrlProblem("PUBLIC_SITE_URL", parsed.PUBLIC_SITE_URL);
    if (site) problems.push(`${site}: in production set it to the storefront's public https:// address`);
    const backoffice = publicUrlProblem("BACKOFFICE_ORIGIN", parsed.BACKOFFICE_ORIGIN);
    if (backoffice) problems.push(`${backoffice}: in production set it to the back office's public https:// origin`);
    if (parsed.STOREFRONT_ORIGIN !== undefined) {
      const storefront = publicUrlProblem("STOREFRONT_ORIGIN", parsed.STOREFRONT_ORIGIN);
      if (storefront)
        problems.push(`${storefront}: in production set it to the storefront's public origin, or leave it unset`);
    }
  }
  return problems;
}

const S3_SETTINGS = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** MEDIA_STORAGE=s3 needs its bucket and keys; an S3 setting without it, or a bad address, is a mistake. */
function mediaStorageProblems(parsed: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (parsed.MEDIA_STORAGE === "s3") {
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!parsed[name]) problems.push(`${name} is missing: MEDIA_STORAGE=s3 needs it`);
    }
    if (parsed.S3_BUCKET && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(parsed.S3_BUCKET)) {
      problems.push(
        `S3_BUCKET "${parsed.S3_BUCKET}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`,
      );
    }
  } else {
    const stray = S3_SETTINGS.filter((name) => parsed[name] !== undefined);
    if (stray.length > 0) {
      problems.push(
        `${stray.join(", ")} ${stray.length > 1 ? "are" : "is"} set but MEDIA_STORAGE is local: set MEDIA_STORAGE=s3 to use the bucket`,
      );
    }
  }
  for (const name of ["S3_ENDPOINT", "MEDIA_PUBLIC_URL"] as const) {
    const value = parsed[name];
    if (value === undefined) continue;
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {}
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
      problems.push(`${name} "${value}" is not an http:// or https:// address`);
    }
  }
  if (parsed.MEDIA_PUBLIC_URL !== undefined && parsed.MEDIA_STORAGE !== "s3") {
    problems.push(
      "MEDIA_PUBLIC_URL is set but MEDIA_STORAGE is local: a CDN address needs the files in a bucket (MEDIA_STORAGE=s3)",
    );
  }
  if (parsed.NODE_ENV === "production" && parsed.PROCESS_ROLE !== "all" && parsed.MEDIA_STORAGE === "local") {
    problems.push(
      `PROCESS_ROLE "${parsed.PROCESS_ROLE}" needs MEDIA_STORAGE=s3 in production: separate processes cannot share files on one machine's disk`,
    );
  }
  return problems;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.parse(source);
  const problems = configProblems(parsed);
  if (problems.length === 1) throw new ConfigError(problems[0]);
  if (problems.length > 1) throw new ConfigError(`${problems.length} settings cannot run:\n- ${problems.join("\n- ")}`);
  // in production (checked above) the storefront's origin defaults to that of its public address
  const storefrontDefault =
    parsed.NODE_ENV === "production" && parsed.PUBLIC_SITE_URL
      ? new URL(parsed.PUBLIC_SITE_URL).origin
      : `http://localhost:${parsed.PORT}`;
  return {
    ...parsed,
    mediaDir: parsed.MEDIA_DIR ?? join(dirname(parsed.DATA_DIR), "media"),
    storefrontOrigin: parsed.STOREFRONT_ORIGIN ?? storefrontDefault,
    backofficeOrigin: parsed.BACKOFFICE_ORIGIN ?? `http://localhost:${parsed.ADMIN_PORT}`,
    sessionSecret: parsed.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
  };
}

export const isProduction = (env: Env) => env.NODE_ENV === "production";
