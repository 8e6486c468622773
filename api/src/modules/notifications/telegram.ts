// Telegram Bot API client: one method, sendMessage, as https://core.telegram.org/bots/api#sendmessage documents.
import type { Env } from "../../env";
import { DeliveryError } from "./delivery-error";

interface BotApiAnswer {
  ok?: boolean;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
  result?: { message_id?: number };
}

export interface TelegramMessage {
  chatId: string;
  /** HTML parse mode text, already escaped and within Telegram's limit (see messages.ts). */
  text: string;
}

/** Sends one message; resolves with Telegram's message id, throws DeliveryError otherwise. */
export async function sendTelegramMessage(env: Env, message: TelegramMessage, signal?: AbortSignal): Promise<number> {
  const token = env.TELEGRAM_BOT_TOKEN;
  if (!token) throw new DeliveryError("Telegram is not configured (TELEGRAM_BOT_TOKEN)", { retryable: false });
  const url = `${env.TELEGRAM_API_URL.replace(/\/+$/, "")}/bot${token}/sendMessage`;
  const timeout = AbortSignal.timeout(env.NOTIFY_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        chat_id: message.chatId,
        text: message.text,
        parse_mode: "HTML",
        disable_web_page_preview: true,
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    // Never put the URL in the error: it contains the bot token.
    const reason = timeout.aborted ? `no answer within ${env.NOTIFY_TIMEOUT_MS} ms` : networkReason(error);
    throw new DeliveryError(`Telegram unreachable: ${reason}`, { retryable: true });
  }
  let answer: BotApiAnswer = {};
  try {
    answer = (await response.json()) as BotApiAnswer;
  } catch {
    // a proxy's HTML error page: judged by the status below
  }
  if (response.ok && answer.ok) return answer.result?.message_id ?? 0;
  const status = answer.error_code ?? response.status;
  const description = `Telegram ${status}: ${answer.description ?? (response.statusText || "no description")}`;
  if (status === 429) {
    const seconds = answer.parameters?.retry_after ?? Number(response.headers.get("retry-after") ?? "");
    throw new DeliveryError(description, {
      retryable: true,
      retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
    });
  }
  // 5xx and odd answers may pass; other 4xx (bad token, unknown chat, unparsable text) will not fix themselves.
  throw new DeliveryError(description, { retryable: status >= 500 || !(status >= 400) });
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
