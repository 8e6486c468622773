// USDT on TRON: address checks (base58check, mainnet prefix 0x41) and exact amounts in micro-units.
// No database and no HTTP here, so env.ts can validate the wallet at start with it.
import { createHash } from "node:crypto";
import { createBase58check } from "@scure/base";

const base58check = createBase58check((data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest()));

/** TRON mainnet addresses are 21 bytes, 0x41 then the 20-byte account id, in base58check ("T…"). */
const TRON_MAINNET_PREFIX = 0x41;

export function isTronAddress(value: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false;
  try {
    const bytes = base58check.decode(value);
    return bytes.length === 21 && bytes[0] === TRON_MAINNET_PREFIX;
  } catch {
    return false;
  }
}

/** Why a configured wallet address is not usable, or null when it is. */
export function tronAddressProblem(value: string): string | null {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) {
    return "must be a TRON mainnet address: 34 base58 characters starting with T";
  }
  return isTronAddress(value) ? null : "fails the base58check checksum of a TRON mainnet address";
}

export const USDT_DECIMALS = 6;
const MICRO_PER_CENT = 10_000n;

/** Cents (USD) to USDT micro-units (1 USDT = 1 USD for pricing; 6 decimals). */
export const centsToMicro = (cents: number): bigint => BigInt(cents) * MICRO_PER_CENT;

/** USDT micro-units to whole cents, rounded down (a transfer of 100.004217 USDT pays 100.00 USD). */
export const microToCents = (micro: bigint): number => Number(micro / MICRO_PER_CENT);

/** "21558.004217": the exact amount, always six decimals, no grouping (what a wallet app accepts). */
export function formatUsdt(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / 1_000_000n;
  const fraction = (abs % 1_000_000n).toString().padStart(6, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}
