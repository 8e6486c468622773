// Customer e-mail over SMTP (nodemailer), configured by SMTP_URL (smtp://user:pass@host:port, smtps:// for TLS)
// and SMTP_FROM. One transport per worker; it is closed when the worker stops.
import type { Transporter } from "nodemailer";
import type { Env } from "../../env";
import { DeliveryError } from "./delivery-error";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /**
   * The Message-ID header, stable per outbox row: an e-mail sent again after a worker died between the
   * send and its record is the same message to the receiving server and the mail client, which drop it.
   */
  messageId?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface EmailSender {
  send(message: EmailMessage): Promise<string>;
  close(): void;
}

export function createEmailSender(env: Env): EmailSender | null {
  if (!env.SMTP_URL) return null;
  const timeout = env.NOTIFY_TIMEOUT_MS;
  const smtpUrl = env.SMTP_URL;
  // nodemailer is loaded with the first e-mail (about 13 MB that a process sending none never needs)
  let transport: Promise<Transporter> | undefined;
  let opened: Transporter | undefined;
  const openTransport = () => {
    transport ??= Promise.all([import("nodemailer"), import("nodemailer/lib/shared/index.js")]).then(
      ([nodemailer, shared]) => {
        opened = nodemailer.default.createTransport({
          ...shared.parseConnectionUrl(smtpUrl),
          connectionTimeout: timeout,
          greetingTimeout: timeout,
          socketTimeout: timeout,
        });
        return opened;
      },
    );
    return transport;
  };
  return {
    async send(message) {
      try {
        const info = await (await openTransport()).sendMail({
          from: env.SMTP_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.messageId ? { messageId: message.messageId } : {}),
          ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        });
        if (info.rejected.length > 0) {
          throw new DeliveryError(`SMTP rejected ${info.rejected.map(String).join(", ")}`, { retryable: false });
        }
        return String(info.messageId ?? "");
      } catch (error) {
        if (error instanceof DeliveryError) throw error;
        throw classifySmtpError(error);
      }
    },
    close() {
      opened?.close();
    },
  };
}

/** `<notification-42@containerhomes-texas.com>`: the outbox row's id at the sender's domain. */
export function outboxMessageId(env: Env, notificationId: number): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(env.SMTP_FROM)?.[1] ?? "localhost";
  return `<notification-${notificationId}@${domain}>`;
}

/** 5xx replies are permanent (unknown mailbox, refused sender); 4xx and connection trouble may pass. */
function classifySmtpError(error: unknown): DeliveryError {
  const e = error as { responseCode?: number; code?: string; response?: string; message?: string };
  const code = e.responseCode;
  const detail = (e.response ?? e.message ?? String(error)).replace(/\s+/g, " ").slice(0, 300);
  if (code && code >= 500) {
    // 535 (authentication) is a configuration problem: fail now; a person retries after fixing SMTP_URL.
    return new DeliveryError(`SMTP ${code}: ${detail}`, { retryable: false });
  }
  if (e.code === "EENVELOPE" && !code) return new DeliveryError(`SMTP envelope: ${detail}`, { retryable: false });
  return new DeliveryError(`SMTP ${code ?? e.code ?? "error"}: ${detail}`, { retryable: true });
}
