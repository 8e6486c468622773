// The only reader of process.env. Everything configurable is validated here once.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { tronAddressProblem } from "./modules/payments/usdt";

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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Which answers get a request log line: "problems" (the default) logs every 4xx/5xx and every answer
   * slower than SLOW_REQUEST_MS, with its request id; "all" logs every answer (one line each).
   */
  REQUEST_LOG: z.enum(["problems", "all"]).default("problems"),
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).max(600_000).default(1000),
  SETUP_TOKEN: optional,
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
  VISIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
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
  /** Time limit of one delivery (Telegram request or SMTP conversation); must be well under the lease. */
  NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  STOREFRONT_DIST: z.string().default(join(repoRoot, "storefront", "dist")),
  BACKOFFICE_DIST: z.string().default(join(repoRoot, "backoffice", "dist")),
});

export type Env = z.infer<typeof envSchema> & { storefrontOrigin: string; backofficeOrigin: string };

/** Thrown when the configuration cannot run; server.ts prints it and exits. */
export class ConfigError extends Error {}

/** The wallet and token addresses: a bad one refuses to start; in production a missing wallet does too. */
function checkPaymentAddresses(parsed: z.infer<typeof envSchema>): void {
  const wallet = parsed.USDT_WALLET_ADDRESS;
  if (wallet === undefined) {
    if (parsed.NODE_ENV === "production") {
      throw new ConfigError(
        "USDT_WALLET_ADDRESS is missing: in production the API needs the shop's TRON (TRC20) wallet address to take USDT payments",
      );
    }
  } else {
    const problem = tronAddressProblem(wallet);
    if (problem) throw new ConfigError(`USDT_WALLET_ADDRESS "${wallet}" is not valid: it ${problem}`);
  }
  const contract = tronAddressProblem(parsed.USDT_CONTRACT_ADDRESS);
  if (contract)
    throw new ConfigError(`USDT_CONTRACT_ADDRESS "${parsed.USDT_CONTRACT_ADDRESS}" is not valid: it ${contract}`);
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.parse(source);
  checkPaymentAddresses(parsed);
  return {
    ...parsed,
    storefrontOrigin: parsed.STOREFRONT_ORIGIN ?? `http://localhost:${parsed.PORT}`,
    backofficeOrigin: parsed.BACKOFFICE_ORIGIN ?? `http://localhost:${parsed.ADMIN_PORT}`,
  };
}

export const isProduction = (env: Env) => env.NODE_ENV === "production";
