// Local stand-ins for the two channels, on 127.0.0.1 and random ports: a Telegram Bot API that
// checks requests the way Telegram does (token, chat, HTML parse mode, 4096 limit) and can be told
// to fail, rate-limit or go down; and an SMTP server that keeps the messages it receives.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "@ch/db";
import { schema } from "@ch/db";
import { inArray } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import type { Env } from "../src/env";
import type { Clock } from "../src/lib/clock";
import type { Deps } from "../src/lib/deps";

export const BOT_TOKEN = "123456:TEST-token_abc";
export const CHAT_ID = "-1001234567890";

/** Resolves as soon as `check` holds (checked every `everyMs`); fails after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000, everyMs = 25) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

// ---------- Telegram Bot API ----------

export interface ReceivedTelegram {
  chatId: string;
  text: string;
  parseMode: string;
  disableWebPagePreview: boolean;
  at: number;
}

type Scripted = { status: number; body: unknown } | { hang: true };

const ALLOWED_TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "a",
  "code",
  "pre",
  "tg-spoiler",
  "span",
  "blockquote",
]);

/** Telegram's HTML parse mode rules, strictly: known tags, balanced, and only &lt; &gt; &amp; &quot; or numeric entities. */
export function parseTelegramHtml(html: string): { ok: true; text: string } | { ok: false; error: string } {
  const stack: string[] = [];
  let text = "";
  const token = /<(\/?)([a-z-]+)(?:\s[^>]*)?>|&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);|([<>&])|([\s\S])/giy;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    if (m[2]) {
      const tag = m[2].toLowerCase();
      if (!ALLOWED_TAGS.has(tag)) return { ok: false, error: `Unsupported start tag "${tag}"` };
      if (m[1]) {
        if (stack.pop() !== tag) return { ok: false, error: `Unmatched end tag "${tag}"` };
      } else stack.push(tag);
    } else if (m[3]) {
      const e = m[3];
      text +=
        e === "lt"
          ? "<"
          : e === "gt"
            ? ">"
            : e === "amp"
              ? "&"
              : e === "quot"
                ? '"'
                : String.fromCodePoint(Number(e.startsWith("#x") ? `0x${e.slice(2)}` : e.slice(1)));
    } else if (m[4]) {
      return { ok: false, error: `Unexpected "${m[4]}" (unescaped)` };
    } else text += m[5];
  }
  if (stack.length > 0) return { ok: false, error: `Unclosed tag "${stack.at(-1)}"` };
  return { ok: true, text };
}

export class FakeBotApi {
  readonly messages: ReceivedTelegram[] = [];
  /** Every request that reached the server, including refused ones. */
  readonly requests: { at: number; status: number }[] = [];
  private script: Scripted[] = [];
  private failing: Scripted | null = null;
  private hanging: ServerResponse[] = [];
  /** Requests left without an answer by a scripted { hang: true }. */
  hangingCount = 0;
  /** Answer delay, so that concurrent workers interleave. */
  delayMs = 0;
  private server: Server;
  private nextId = 1;
  port = 0;

  constructor(readonly token = BOT_TOKEN) {
    this.server = this.createServer();
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server.listen(this.port, "127.0.0.1");
    await once(this.server, "listening");
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** The next answers, in order, before answering normally again. */
  respondNext(...answers: Scripted[]) {
    this.script.push(...answers);
  }

  /** Answer every request with this until recover(). */
  failAll(status = 500, description = "Internal Server Error") {
    this.failing = { status, body: { ok: false, error_code: status, description } };
  }

  recover() {
    this.failing = null;
  }

  /** Stops listening (connections refused) until up(). */
  async down() {
    for (const res of this.hanging.splice(0)) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((e) => (e ? reject(e) : resolve())));
    this.server = this.createServer();
  }

  async up() {
    await this.start();
  }

  async close() {
    await this.down();
  }

  texts() {
    return this.messages.map((m) => m.text);
  }

  private createServer() {
    return createServer((req, res) => void this.handle(req, res));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = (status: number, body: unknown) => {
      this.requests.push({ at: Date.now(), status });
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    const refuse = (status: number, description: string) =>
      answer(status, { ok: false, error_code: status, description });
    if (req.method !== "POST" || req.url !== `/bot${this.token}/sendMessage`) {
      return req.url?.startsWith("/bot") ? refuse(401, "Unauthorized") : refuse(404, "Not Found");
    }
    if (!String(req.headers["content-type"]).startsWith("application/json"))
      return refuse(400, "Bad Request: expected JSON");
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const scripted = this.script.shift() ?? this.failing;
    if (scripted) {
      if ("hang" in scripted) {
        this.hanging.push(res);
        this.hangingCount += 1;
        return;
      }
      return answer(scripted.status, scripted.body);
    }
    let body: { chat_id?: unknown; text?: unknown; parse_mode?: unknown; disable_web_page_preview?: unknown };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return refuse(400, "Bad Request: invalid JSON");
    }
    if (String(body.chat_id) !== CHAT_ID) return refuse(400, "Bad Request: chat not found");
    if (typeof body.text !== "string" || body.text.length === 0)
      return refuse(400, "Bad Request: message text is empty");
    if (body.parse_mode !== "HTML") return refuse(400, "Bad Request: expected parse_mode HTML in these tests");
    const parsed = parseTelegramHtml(body.text);
    if (!parsed.ok) return refuse(400, `Bad Request: can't parse entities: ${parsed.error}`);
    if (parsed.text.length > 4096) return refuse(400, "Bad Request: message is too long");
    this.messages.push({
      chatId: String(body.chat_id),
      text: body.text,
      parseMode: body.parse_mode,
      disableWebPagePreview: body.disable_web_page_preview === true,
      at: Date.now(),
    });
    answer(200, {
      ok: true,
      result: { message_id: this.nextId++, chat: { id: Number(CHAT_ID) }, date: 0, text: parsed.text },
    });
  }
}

// ---------- SMTP ----------

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attached files: name, type and the SHA-256 of their bytes. */
  attachments: { filename: string; type: string; sha256: string }[];
  raw: string;
}

export class FakeSmtp {
  readonly messages: ReceivedEmail[] = [];
  readonly auth: { username: string; password: string }[] = [];
  /** Server errors other than a client's reset connection. */
  readonly errors: Error[] = [];
  private server: SMTPServer;
  private failRcpt: number[] = [];
  port = 0;

  constructor() {
    this.server = this.createServer();
  }

  get url() {
    return `smtp://mailer:s3cret@127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** The next RCPT TO commands are answered with these SMTP codes (4xx temporary, 5xx permanent). */
  refuseNextRecipients(...codes: number[]) {
    this.failRcpt.push(...codes);
  }

  async down() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server = this.createServer();
  }

  async up() {
    await this.start();
  }

  async close() {
    await this.down();
  }

  private createServer() {
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ["STARTTLS"],
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        this.auth.push({ username: auth.username ?? "", password: auth.password ?? "" });
        callback(null, { user: auth.username });
      },
      onRcptTo: (_address, _session, callback) => {
        const code = this.failRcpt.shift();
        if (code) return callback(Object.assign(new Error(`Refused (${code})`), { responseCode: code }));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const parsed = parseMime(raw);
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: decodeWords(parsed.headers.subject ?? ""),
            text: parsed.parts.find((p) => p.type.startsWith("text/plain"))?.body ?? "",
            html: parsed.parts.find((p) => p.type.startsWith("text/html"))?.body ?? "",
            attachments: parsed.parts.flatMap((p) =>
              p.file ? [{ filename: p.file.name, type: p.type.split(";")[0]!, sha256: p.file.sha256 }] : [],
            ),
            raw,
          });
          callback();
        });
      },
    });
    // a client that dies mid-conversation (the fault test SIGKILLs senders) resets its connection; smtp-server
    // reports that as the server's "error" event, which is fatal to the test process without a listener
    server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") this.errors.push(error);
    });
    return server;
  }
}

function splitHeaders(block: string): { headers: Record<string, string>; body: string } {
  const at = block.indexOf("\r\n\r\n");
  const head = at < 0 ? block : block.slice(0, at);
  const body = at < 0 ? "" : block.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? "7bit").toLowerCase();
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (e === "quoted-printable") {
    const soft = body.replace(/=\r\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeBody(data.replace(/_/g, " "), "quoted-printable"),
  );
}

interface MimePart {
  type: string;
  body: string;
  file?: { name: string; sha256: string };
}

function parseMime(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const { headers, body } = splitHeaders(raw);
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    const name = /filename="?([^";]+)"?/i.exec(headers["content-disposition"] ?? "")?.[1];
    if (name && (headers["content-transfer-encoding"] ?? "").toLowerCase() === "base64") {
      const bytes = Buffer.from(body.replace(/\s+/g, ""), "base64");
      return {
        headers,
        parts: [{ type, body: "", file: { name, sha256: createHash("sha256").update(bytes).digest("hex") } }],
      };
    }
    return {
      headers,
      parts: [{ type, body: decodeBody(body, headers["content-transfer-encoding"]).replace(/\r\n/g, "\n") }],
    };
  }
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith("--"))
    .flatMap((p) => parseMime(p.replace(/^\r\n/, "")).parts);
  return { headers, parts };
}

// ---------- wiring ----------

export function notifyEnv(bot: FakeBotApi | null, smtp: FakeSmtp | null, extra: Record<string, string> = {}) {
  return {
    ...(bot ? { TELEGRAM_BOT_TOKEN: bot.token, TELEGRAM_CHAT_ID: CHAT_ID, TELEGRAM_API_URL: bot.url } : {}),
    ...(smtp ? { SMTP_URL: smtp.url, SMTP_FROM: "Container Homes of Texas <orders@example.test>" } : {}),
    OUTBOX_POLL_MS: "20",
    OUTBOX_RETRY_BASE_MS: "20",
    OUTBOX_RETRY_MAX_MS: "150",
    OUTBOX_MAX_ATTEMPTS: "50",
    NOTIFY_TIMEOUT_MS: "3000",
    ...extra,
  };
}

export function workerDeps(db: Database, env: Env, clock: Clock): Deps {
  return { db, env, clock, log: pino({ level: "silent" }) };
}

/** Resolves when no notification is pending or sending. */
export async function outboxIdle(db: Database, timeoutMs = 20_000) {
  await until(
    async () =>
      (
        await db
          .select({ id: schema.notifications.id })
          .from(schema.notifications)
          .where(inArray(schema.notifications.status, ["pending", "sending"]))
          .limit(1)
      ).length === 0,
    "an idle outbox",
    timeoutMs,
  );
}
