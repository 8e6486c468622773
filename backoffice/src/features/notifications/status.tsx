// Labels and colours of the notification statuses, channels and kinds.
import type { NotificationStatus } from "./search";

const STATUS_CLASS: Record<NotificationStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  sending: "bg-blue-100 text-blue-900 ring-blue-300",
  sent: "bg-green-100 text-green-900 ring-green-300",
  failed: "bg-red-100 text-red-900 ring-red-300",
  unsent: "bg-gray-100 text-gray-800 ring-gray-300",
};

export const STATUS_HELP: Record<NotificationStatus, string> = {
  pending: "Waiting to be sent",
  sending: "Being sent now",
  sent: "Delivered",
  failed: "Gave up; can be retried",
  unsent: "Channel not configured",
};

export const KIND_LABELS: Record<string, string> = {
  "chat-forward": "Chat message",
  order: "New order",
  "order-confirmation": "Order confirmation",
  enquiry: "New enquiry",
  "enquiry-acknowledgement": "Enquiry acknowledgement",
  "new-visitor": "New visitor",
};

export function NotificationStatusBadge({ status }: { status: string }) {
  const cls = STATUS_CLASS[status as NotificationStatus] ?? STATUS_CLASS.unsent;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap capitalize ring-1 ring-inset ${cls}`}
    >
      {status}
    </span>
  );
}

export function ChannelLabel({ channel }: { channel: string }) {
  return (
    <span className="whitespace-nowrap">
      {channel === "telegram" ? "Telegram" : channel === "email" ? "E-mail" : channel}
    </span>
  );
}

/** Telegram notifications go to the staff chat; e-mail to the customer's address. */
export function recipientLabel(n: { channel: string; recipient: string | null }): string {
  if (n.channel === "telegram") return n.recipient ? `Staff chat ${n.recipient}` : "Staff chat (not set)";
  return n.recipient ?? "—";
}
