// Verifying a delivery with the off-the-shelf Standard Webhooks library: the shop signs
// `${webhook-id}.${webhook-timestamp}.${body}` with the endpoint's secret (whsec_…).
import { Webhook } from "standardwebhooks";

export interface ShopEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The event when the signature, id and timestamp are valid; throws otherwise. */
export function verifyDelivery(secret: string, body: string, headers: Record<string, string>): ShopEvent {
  const payload: unknown = new Webhook(secret).verify(body, headers);
  if (!isRecord(payload) || typeof payload.type !== "string" || typeof payload.timestamp !== "string") {
    throw new Error("the delivery is not a shop event");
  }
  return { type: payload.type, timestamp: payload.timestamp, data: isRecord(payload.data) ? payload.data : {} };
}
