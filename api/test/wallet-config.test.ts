// Wallet safety: the USDT wallet is checked at start (base58check, TRON mainnet prefix 0x41); in
// production the API refuses to start without a valid one, naming what is missing; no built-in address.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "../src/env";
import { isTronAddress } from "../src/lib/usdt";
import { defaultSettings, siteConfigOf } from "../src/modules/settings/settings.service";

const api = join(dirname(fileURLToPath(import.meta.url)), "..");
const VALID = "TG2bLBBBy5LTsB6DfpuxNRHNB7UF9auMYg";
/** The old built-in default: the right shape, a wrong checksum. */
const BAD_CHECKSUM = "TXb8gPqJ4m2vN7kL5sR9wE3yU6tZ1aC4dF";

describe("USDT wallet configuration", () => {
  it("accepts TRON mainnet addresses and refuses a wrong checksum, prefix or shape", () => {
    expect(isTronAddress(VALID)).toBe(true);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isTronAddress(BAD_CHECKSUM)).toBe(false);
    expect(isTronAddress(`${VALID.slice(0, -1)}h`)).toBe(false);
    expect(isTronAddress("1BoatSLRHtKNngkdXEeobR76b53LETtpyT")).toBe(false); // a Bitcoin address (prefix 0x00)
    expect(isTronAddress(`0x41${"0".repeat(40)}`)).toBe(false);
    expect(isTronAddress("")).toBe(false);
  });

  it("production refuses a missing or invalid wallet, naming it", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/USDT_WALLET_ADDRESS is missing/);
    expect(() => loadEnv({ NODE_ENV: "production", USDT_WALLET_ADDRESS: BAD_CHECKSUM })).toThrow(
      /USDT_WALLET_ADDRESS .* checksum/,
    );
    expect(() => loadEnv({ NODE_ENV: "production", USDT_WALLET_ADDRESS: "not-an-address" })).toThrow(
      /USDT_WALLET_ADDRESS/,
    );
    const publicAddresses = {
      PUBLIC_SITE_URL: "https://containers.example",
      BACKOFFICE_ORIGIN: "https://admin.containers.example",
      SESSION_SECRET: "a-test-session-secret-of-at-least-32-chars",
    };
    expect(
      loadEnv({ NODE_ENV: "production", USDT_WALLET_ADDRESS: ` ${VALID} `, ...publicAddresses }).USDT_WALLET_ADDRESS,
    ).toBe(VALID);
  });

  it("outside production no wallet means USDT is unavailable, never a built-in address", () => {
    const env = loadEnv({ NODE_ENV: "development" });
    expect(env.USDT_WALLET_ADDRESS).toBeUndefined();
    expect(siteConfigOf(env, defaultSettings(env)).usdtWalletAddress).toBeNull();
    // a configured but invalid wallet is refused everywhere
    expect(() => loadEnv({ NODE_ENV: "development", USDT_WALLET_ADDRESS: BAD_CHECKSUM })).toThrow(ConfigError);
  });

  it("the production server process exits at start with the reason, before opening any database", () => {
    for (const [wallet, reason] of [
      [undefined, /USDT_WALLET_ADDRESS is missing/],
      [BAD_CHECKSUM, /USDT_WALLET_ADDRESS "TXb8gPqJ4m2vN7kL5sR9wE3yU6tZ1aC4dF" is not valid/],
    ] as const) {
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        DATA_DIR: "/nonexistent/never-created",
      };
      if (wallet) env.USDT_WALLET_ADDRESS = wallet;
      const run = spawnSync(process.execPath, ["--import", "tsx", "src/server.ts"], {
        cwd: api,
        env,
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(reason);
    }
  });
});
