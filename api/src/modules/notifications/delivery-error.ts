/** Why a delivery failed, and whether trying again later can help. */
export class DeliveryError extends Error {
  readonly retryable: boolean;
  /** The channel's own wait (Telegram 429 parameters.retry_after), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { retryable: boolean; retryAfterMs?: number | undefined }) {
    super(message);
    this.name = "DeliveryError";
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs;
  }
}
