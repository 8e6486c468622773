// TronGrid v1 client: the shop wallet's incoming USDT (TRC20) transfers, every field checked here rather
// than trusting the query's filters (contract, decimals, type, recipient, integer value, confirmation).
import type { Env } from "../../env";
import { USDT_DECIMALS } from "./usdt";

export class TronApiError extends Error {}

/** A transfer that passed every check. valueMicro: USDT micro-units (6 decimals). */
export interface TronTransfer {
  txId: string;
  from: string;
  to: string;
  valueMicro: bigint;
  blockTimestamp: number;
}

type CheckedItem =
  | { ok: true; transfer: TronTransfer }
  | { ok: false; txId: string | null; reason: string; unconfirmed?: boolean };

const HASH = /^[0-9a-fA-F]{64}$/;
/** At most this many pages per read (200 transfers each); the rest waits for the next tick. */
const MAX_PAGES = 50;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks one item of `data` against what a USDT payment to the shop must be; trusts none of the query's filters. */
export function checkItem(env: Pick<Env, "USDT_WALLET_ADDRESS" | "USDT_CONTRACT_ADDRESS">, item: unknown): CheckedItem {
  if (!isRecord(item)) return { ok: false, txId: null, reason: "not a transfer record" };
  const txId =
    typeof item.transaction_id === "string" && HASH.test(item.transaction_id)
      ? item.transaction_id.toLowerCase()
      : null;
  if (!txId) return { ok: false, txId: null, reason: "it has no valid transaction id" };
  const token = isRecord(item.token_info) ? item.token_info : {};
  if (token.address !== env.USDT_CONTRACT_ADDRESS)
    return { ok: false, txId, reason: "it is not a USDT (TRC20) transfer" };
  if (token.decimals !== USDT_DECIMALS) return { ok: false, txId, reason: "the token does not have USDT's 6 decimals" };
  if (item.type !== "Transfer") return { ok: false, txId, reason: "it is not a transfer" };
  if (typeof item.to !== "string" || item.to !== env.USDT_WALLET_ADDRESS) {
    return { ok: false, txId, reason: "it was not sent to the shop's wallet" };
  }
  if (typeof item.value !== "string" || !/^\d{1,30}$/.test(item.value)) {
    return { ok: false, txId, reason: "its value is not an integer amount" };
  }
  const valueMicro = BigInt(item.value);
  if (valueMicro <= 0n) return { ok: false, txId, reason: "its value is zero" };
  const ts = item.block_timestamp;
  if (typeof ts !== "number" || !Number.isSafeInteger(ts) || ts <= 0) {
    return { ok: false, txId, reason: "it has no block time" };
  }
  if ("confirmed" in item && item.confirmed !== true) {
    return { ok: false, txId, reason: "it is not confirmed yet", unconfirmed: true };
  }
  const from = typeof item.from === "string" ? item.from : "";
  return { ok: true, transfer: { txId, from, to: item.to, valueMicro, blockTimestamp: ts } };
}

/** Reads the wallet's incoming USDT transfers since `minTimestamp` (ms), every page; throws TronApiError. */
export async function readTransfers(env: Env, minTimestamp: number, signal?: AbortSignal): Promise<CheckedItem[]> {
  const wallet = env.USDT_WALLET_ADDRESS;
  if (!wallet) throw new TronApiError("No USDT wallet is configured");
  const base = `${env.TRON_API_URL.replace(/\/+$/, "")}/v1/accounts/${encodeURIComponent(wallet)}/transactions/trc20`;
  const headers: Record<string, string> = { accept: "application/json" };
  if (env.TRON_API_KEY) headers["TRON-PRO-API-KEY"] = env.TRON_API_KEY;
  const items: CheckedItem[] = [];
  let fingerprint: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({
      only_confirmed: "true",
      only_to: "true",
      contract_address: env.USDT_CONTRACT_ADDRESS,
      limit: "200",
      min_timestamp: String(Math.max(0, Math.floor(minTimestamp))),
    });
    if (fingerprint) query.set("fingerprint", fingerprint);
    const timeout = AbortSignal.timeout(env.TRON_TIMEOUT_MS);
    let body: unknown;
    try {
      const response = await fetch(`${base}?${query}`, {
        headers,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) throw new TronApiError(`TronGrid answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof TronApiError) throw error;
      throw new TronApiError(`TronGrid could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!isRecord(body) || body.success !== true || !Array.isArray(body.data)) {
      throw new TronApiError("TronGrid's answer is not the v1 transfer list");
    }
    for (const item of body.data) items.push(checkItem(env, item));
    const meta = isRecord(body.meta) ? body.meta : {};
    fingerprint = typeof meta.fingerprint === "string" && meta.fingerprint !== "" ? meta.fingerprint : undefined;
    if (!fingerprint || body.data.length === 0) break;
  }
  return items;
}

/** Looks a hash up among the wallet's transfers since `minTimestamp`. */
export async function findTransfer(
  env: Env,
  hash: string,
  minTimestamp: number,
): Promise<{ kind: "confirmed"; transfer: TronTransfer } | { kind: "invalid"; reason: string } | { kind: "unseen" }> {
  const items = await readTransfers(env, minTimestamp);
  const mine = items.filter((i) => (i.ok ? i.transfer.txId : i.txId) === hash);
  const good = mine.find((i) => i.ok);
  if (good?.ok) return { kind: "confirmed", transfer: good.transfer };
  const bad = mine.find((i) => !i.ok && !i.unconfirmed);
  if (bad && !bad.ok) return { kind: "invalid", reason: bad.reason };
  return { kind: "unseen" };
}
