// A fake TronGrid v1 on loopback for the payment tests (API tests and the browser test). `transfers` is the
// chain (every token, every wallet); it answers
// - GET /v1/accounts/{address}/transactions/trc20 in the v1 shape (../shared/fixtures/trongrid-trc20-transfers.json),
//   honouring only_confirmed, only_to, contract_address, min_timestamp (inclusive), order_by
//   (block_timestamp,asc|desc; desc by default) and limit, paged with meta.fingerprint; each read's
//   min_timestamp is kept in `walletReads`;
// - GET /v1/transactions/{txid}/events: the transaction's events as TronGrid gives them (contract_address in
//   base58, result.from/to as 0x + 20 bytes hex, value a decimal string), honouring only_confirmed;
//   `events[txid]` replaces them (a transaction with other events); each looked-up id is kept in `eventReads`.
// `mode` makes it fail: "down" (503), "garbage" (200 with a body that is not the v1 shape), "hang" (never answers).
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createBase58check, hex } from "@scure/base";

export const SHOP_WALLET = "TG2bLBBBy5LTsB6DfpuxNRHNB7UF9auMYg";
export const CUSTOMER_WALLET = "TG6qedLV8i1adHpYTVPHqErrPwHaMqC8q2";
export const USDT_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

export interface FakeTransfer {
  transaction_id: string;
  token_info: { symbol: string; address: string; decimals: number; name: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: string;
  value: string;
  /** Only when set: TronGrid's list does not carry it; a fake that ignores only_confirmed sends it. */
  confirmed?: boolean;
}

export function usdtTransfer(txId: string, valueMicro: bigint | string, at: number, to = SHOP_WALLET): FakeTransfer {
  return {
    transaction_id: txId,
    token_info: { symbol: "USDT", address: USDT_CONTRACT, decimals: 6, name: "Tether USD" },
    block_timestamp: at,
    from: CUSTOMER_WALLET,
    to,
    type: "Transfer",
    value: String(valueMicro),
  };
}

/** A 64-hex transaction id from a small number (distinct per test). */
export const txId = (n: number) => n.toString(16).padStart(64, "0");

const base58check = createBase58check((data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest()));

/** A base58 TRON address as the events API writes it: 0x and the 20-byte account id (no 41 prefix). */
export function eventAddress(address: string): string {
  return `0x${hex.encode(base58check.decode(address).slice(1))}`;
}

/** The Transfer event of a transfer, in TronGrid's v1 events shape. */
export function transferEvent(t: FakeTransfer, index = 0): Record<string, unknown> {
  const from = eventAddress(t.from);
  const to = eventAddress(t.to);
  return {
    block_number: 60_000_000 + Math.floor(t.block_timestamp / 3000),
    block_timestamp: t.block_timestamp,
    caller_contract_address: t.token_info.address,
    contract_address: t.token_info.address,
    event_index: index,
    event_name: t.type,
    result: { "0": from, "1": to, "2": t.value, from, to, value: t.value },
    result_type: { from: "address", to: "address", value: "uint256" },
    event: "Transfer(address indexed from, address indexed to, uint256 value)",
    transaction_id: t.transaction_id,
    ...(t.confirmed === false ? { _unconfirmed: true } : {}),
  };
}

export class FakeTronGrid {
  transfers: FakeTransfer[] = [];
  mode: "ok" | "down" | "garbage" | "hang" = "ok";
  /** false: return unconfirmed transfers and other wallets' too, as if the query's filters were ignored. */
  honorFilters = true;
  pageSize = 2;
  requests: { path: string; query: URLSearchParams; apiKey: string | undefined }[] = [];
  /** The min_timestamp of each wallet read, in order. */
  walletReads: number[] = [];
  /** The transaction ids looked up by /v1/transactions/{id}/events, in order. */
  eventReads: string[] = [];
  /** Events to answer for a transaction id instead of its transfers' (e.g. a contract call of another kind). */
  events: Record<string, Record<string, unknown>[]> = {};
  private server: Server | null = null;
  private hanging: ServerResponse[] = [];
  url = "";

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", resolve);
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Back to a new fake's state between tests (no transfers or events, answering, nothing read); still listening. */
  reset(): void {
    this.transfers = [];
    this.mode = "ok";
    this.honorFilters = true;
    this.pageSize = 2;
    this.requests = [];
    this.walletReads = [];
    this.eventReads = [];
    this.events = {};
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging = [];
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://x");
    const key = req.headers["tron-pro-api-key"];
    this.requests.push({ path: url.pathname, query: url.searchParams, apiKey: Array.isArray(key) ? key[0] : key });
    const match = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    const eventsOf = /^\/v1\/transactions\/([0-9a-fA-F]{64})\/events$/.exec(url.pathname);
    if (req.method !== "GET" || (!match && !eventsOf)) return res.writeHead(404).end();
    if (this.mode === "down") return res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable");
    if (this.mode === "garbage") return res.writeHead(200, { "content-type": "text/html" }).end("<html>oops</html>");
    if (this.mode === "hang") {
      this.hanging.push(res);
      return;
    }
    if (eventsOf) return this.answerEvents(eventsOf[1]!.toLowerCase(), url.searchParams, res);
    if (!match) return res.writeHead(404).end();
    const q = url.searchParams;
    const account = decodeURIComponent(match[1]!);
    const minTs = Number(q.get("min_timestamp") ?? 0);
    this.walletReads.push(minTs);
    const ascending = q.get("order_by") === "block_timestamp,asc";
    const limit = Math.min(200, Number(q.get("limit") ?? 20));
    const size = Math.min(limit, this.pageSize);
    const all = this.transfers
      .filter((t) => {
        if (!this.honorFilters) return true;
        if (q.get("only_confirmed") === "true" && t.confirmed === false) return false;
        if (q.get("only_to") === "true" && t.to !== account) return false;
        if (q.get("contract_address") && t.token_info.address !== q.get("contract_address")) return false;
        return t.block_timestamp >= minTs;
      })
      .sort((a, b) => (ascending ? a.block_timestamp - b.block_timestamp : b.block_timestamp - a.block_timestamp));
    const start = Number(q.get("fingerprint") ?? 0);
    const page = all.slice(start, start + size).map((t) => {
      if (this.honorFilters) {
        const { confirmed: _confirmed, ...rest } = t;
        return rest;
      }
      return t;
    });
    const next = start + size < all.length ? String(start + size) : undefined;
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        success: true,
        meta: { at: Date.now(), page_size: page.length, ...(next ? { fingerprint: next } : {}) },
        data: page,
      }),
    );
  }

  private answerEvents(id: string, q: URLSearchParams, res: ServerResponse) {
    this.eventReads.push(id);
    const onlyConfirmed = q.get("only_confirmed") === "true";
    const events =
      this.events[id] ??
      this.transfers.filter((t) => t.transaction_id.toLowerCase() === id).map((t, i) => transferEvent(t, i));
    const data = events.filter((e) => !(onlyConfirmed && this.honorFilters && e._unconfirmed === true));
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ success: true, meta: { at: Date.now(), page_size: data.length }, data }));
  }
}
