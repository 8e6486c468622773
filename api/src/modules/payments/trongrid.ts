// TronGrid v1 client. Two reads, every field checked here rather than trusting the query's filters:
// - the shop wallet's incoming USDT (TRC20) transfers since a block time (the watcher's automatic crediting):
//   GET /v1/accounts/{wallet}/transactions/trc20, oldest first, paged with meta.fingerprint;
// - one transaction by its id (a customer's or staff's hash): GET /v1/transactions/{txid}/events, its
//   confirmed events, of which the USDT contract's Transfer events to the shop's wallet are the payment.
import { createHash } from "node:crypto";
import { createBase58check, hex } from "@scure/base";
import type { Env } from "../../env";
import { USDT_DECIMALS } from "../../lib/usdt";

export class TronApiError extends Error {}

/** A transfer that passed every check. valueMicro: USDT micro-units (6 decimals). */
export interface TronTransfer {
  txId: string;
  from: string;
  to: string;
  valueMicro: bigint;
  blockTimestamp: number;
}

export type CheckedItem =
  | { ok: true; transfer: TronTransfer }
  | { ok: false; txId: string | null; reason: string; unconfirmed?: boolean; blockTimestamp?: number };

export type TransactionLookup =
  | { kind: "confirmed"; transfer: TronTransfer }
  | { kind: "invalid"; reason: string }
  | { kind: "unseen" };

const HASH = /^[0-9a-fA-F]{64}$/;
/** At most this many pages per read (200 transfers each); the rest waits for the next tick. */
const MAX_PAGES = 50;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const base58check = createBase58check((data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest()));

/**
 * A TRON address as base58check ("T…"), from base58 or from hex (the events API's `0x` + 20 bytes, or
 * `41` + 20 bytes); null for anything else.
 */
export function toBase58Address(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return value;
  const raw = value.replace(/^0x/i, "");
  let body: string;
  if (/^41[0-9a-fA-F]{40}$/.test(raw)) body = raw;
  else if (/^[0-9a-fA-F]{40}$/.test(raw)) body = `41${raw}`;
  else return null;
  return base58check.encode(hex.decode(body.toLowerCase()));
}

function blockTime(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Checks one item of the wallet list's `data` against what a USDT payment to the shop must be; trusts none of the query's filters. */
export function checkItem(env: Pick<Env, "USDT_WALLET_ADDRESS" | "USDT_CONTRACT_ADDRESS">, item: unknown): CheckedItem {
  if (!isRecord(item)) return { ok: false, txId: null, reason: "not a transfer record" };
  const txId =
    typeof item.transaction_id === "string" && HASH.test(item.transaction_id)
      ? item.transaction_id.toLowerCase()
      : null;
  if (!txId) return { ok: false, txId: null, reason: "it has no valid transaction id" };
  const ts = blockTime(item.block_timestamp);
  const fail = (reason: string, unconfirmed?: boolean): CheckedItem => ({
    ok: false,
    txId,
    reason,
    ...(unconfirmed ? { unconfirmed } : {}),
    ...(ts !== undefined ? { blockTimestamp: ts } : {}),
  });
  const token = isRecord(item.token_info) ? item.token_info : {};
  if (token.address !== env.USDT_CONTRACT_ADDRESS) return fail("it is not a USDT (TRC20) transfer");
  if (token.decimals !== USDT_DECIMALS) return fail("the token does not have USDT's 6 decimals");
  if (item.type !== "Transfer") return fail("it is not a transfer");
  if (typeof item.to !== "string" || item.to !== env.USDT_WALLET_ADDRESS) {
    return fail("it was not sent to the shop's wallet");
  }
  if (typeof item.value !== "string" || !/^\d{1,30}$/.test(item.value)) {
    return fail("its value is not an integer amount");
  }
  const valueMicro = BigInt(item.value);
  if (valueMicro <= 0n) return fail("its value is zero");
  if (ts === undefined) return fail("it has no block time");
  if ("confirmed" in item && item.confirmed !== true) return fail("it is not confirmed yet", true);
  const from = typeof item.from === "string" ? item.from : "";
  return { ok: true, transfer: { txId, from, to: item.to, valueMicro, blockTimestamp: ts } };
}

function headersOf(env: Env): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (env.TRON_API_KEY) headers["TRON-PRO-API-KEY"] = env.TRON_API_KEY;
  return headers;
}

async function getJson(env: Env, url: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const timeout = AbortSignal.timeout(env.TRON_TIMEOUT_MS);
  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: headersOf(env),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) throw new TronApiError(`TronGrid answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof TronApiError) throw error;
    throw new TronApiError(`TronGrid could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isRecord(body) || body.success !== true || !Array.isArray(body.data)) {
    throw new TronApiError("TronGrid's answer is not the v1 list shape");
  }
  return body;
}

const apiBase = (env: Env) => env.TRON_API_URL.replace(/\/+$/, "");

/**
 * Reads the wallet's incoming USDT transfers with a block time at or after `minTimestamp` (ms; TronGrid's
 * min_timestamp is inclusive), oldest first, every page up to MAX_PAGES; throws TronApiError.
 */
export async function readTransfers(env: Env, minTimestamp: number, signal?: AbortSignal): Promise<CheckedItem[]> {
  const wallet = env.USDT_WALLET_ADDRESS;
  if (!wallet) throw new TronApiError("No USDT wallet is configured");
  const base = `${apiBase(env)}/v1/accounts/${encodeURIComponent(wallet)}/transactions/trc20`;
  const items: CheckedItem[] = [];
  let fingerprint: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({
      only_confirmed: "true",
      only_to: "true",
      contract_address: env.USDT_CONTRACT_ADDRESS,
      limit: "200",
      min_timestamp: String(Math.max(0, Math.floor(minTimestamp))),
      order_by: "block_timestamp,asc",
    });
    if (fingerprint) query.set("fingerprint", fingerprint);
    const body = await getJson(env, `${base}?${query}`, signal);
    const data = body.data as unknown[];
    for (const item of data) items.push(checkItem(env, item));
    const meta = isRecord(body.meta) ? body.meta : {};
    fingerprint = typeof meta.fingerprint === "string" && meta.fingerprint !== "" ? meta.fingerprint : undefined;
    if (!fingerprint || data.length === 0) break;
  }
  return items;
}

/**
 * One transaction's USDT payment to the shop, from its confirmed events: the USDT contract's Transfer
 * events to the shop's wallet (several in one transaction add up). Events but none of those → invalid, with
 * the reason; no confirmed event (unknown, unconfirmed, failed) → unseen. Throws TronApiError.
 */
export async function lookupTransaction(env: Env, hash: string, signal?: AbortSignal): Promise<TransactionLookup> {
  const wallet = env.USDT_WALLET_ADDRESS;
  if (!wallet) throw new TronApiError("No USDT wallet is configured");
  const txId = hash.toLowerCase();
  if (!HASH.test(txId)) return { kind: "invalid", reason: "it is not a transaction id" };
  const query = new URLSearchParams({ only_confirmed: "true", limit: "200" });
  const body = await getJson(env, `${apiBase(env)}/v1/transactions/${txId}/events?${query}`, signal);
  // the most telling reason wins: a wrong value or time, then another wallet, then not a transfer, then not USDT
  const worst = { reason: "", weight: 0 };
  const note = (reason: string, weight: number) => {
    if (weight > worst.weight) Object.assign(worst, { reason, weight });
  };
  let valueMicro = 0n;
  let from = "";
  let blockTimestamp: number | undefined;
  let matched = 0;
  for (const event of body.data as unknown[]) {
    if (!isRecord(event)) continue;
    // an event of another transaction is not this one's (whatever the API meant by it)
    if (typeof event.transaction_id !== "string" || event.transaction_id.toLowerCase() !== txId) continue;
    if (event._unconfirmed === true || event.confirmed === false) continue;
    if (toBase58Address(event.contract_address) !== env.USDT_CONTRACT_ADDRESS) {
      note("it is not a USDT (TRC20) transfer", 1);
      continue;
    }
    if (event.event_name !== "Transfer") {
      note("it is not a transfer", 2);
      continue;
    }
    const result = isRecord(event.result) ? event.result : {};
    if (toBase58Address(result.to) !== wallet) {
      note("it was not sent to the shop's wallet", 3);
      continue;
    }
    if (typeof result.value !== "string" || !/^\d{1,30}$/.test(result.value)) {
      note("its value is not an integer amount", 4);
      continue;
    }
    const ts = blockTime(event.block_timestamp);
    if (ts === undefined) {
      note("it has no block time", 4);
      continue;
    }
    const value = BigInt(result.value);
    if (value <= 0n) {
      note("its value is zero", 4);
      continue;
    }
    valueMicro += value;
    matched++;
    from ||= toBase58Address(result.from) ?? "";
    blockTimestamp = Math.max(blockTimestamp ?? 0, ts);
  }
  if (matched > 0 && blockTimestamp !== undefined) {
    return { kind: "confirmed", transfer: { txId, from, to: wallet, valueMicro, blockTimestamp } };
  }
  if (worst.weight > 0) return { kind: "invalid", reason: worst.reason };
  return { kind: "unseen" };
}
