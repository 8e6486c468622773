// One notification in full: the whole text as sent (a chat message with its page and device), its
// delivery history and, for a failed or unsent one, Retry.
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../components/card";
import { Dialog } from "../../components/dialog";
import { formatDateTime } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { ChannelLabel, KIND_LABELS, NotificationStatusBadge, recipientLabel } from "./status";

export function NotificationDetailsDialog({
  id,
  onClose,
  onRetry,
  retrying,
}: {
  id: number | null;
  onClose: () => void;
  onRetry: (id: number) => void;
  retrying: boolean;
}) {
  const detail = useQuery({
    ...trpc.notifications.get.queryOptions({ id: id ?? 0 }),
    enabled: id !== null,
    refetchInterval: id !== null ? 5000 : false,
  });
  const n = detail.data;
  const title = n ? `${KIND_LABELS[n.kind] ?? n.kind} #${n.id}` : "Notification";
  return (
    <Dialog open={id !== null} onClose={onClose} title={title} wide>
      {detail.error && <LoadError message={errorMessage(detail.error, "The notification could not be loaded.")} />}
      {detail.isPending && !detail.error && <p className="text-sm text-slate-600">Loading...</p>}
      {n && (
        <div className="space-y-5">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Field label="Channel">
              <ChannelLabel channel={n.channel} />
            </Field>
            <Field label="Recipient">{recipientLabel(n)}</Field>
            <Field label="Status">
              <NotificationStatusBadge status={n.status} />
            </Field>
            <Field label="Attempts">{n.attempts}</Field>
            <Field label="Created">{formatDateTime(n.createdAt)}</Field>
            <Field label={n.sentAt ? "Sent" : "Next try"}>
              {n.sentAt ? formatDateTime(n.sentAt) : n.nextAttemptAt ? formatDateTime(n.nextAttemptAt) : "—"}
            </Field>
            {n.subject && (
              <Field label="Subject" wide>
                {n.subject}
              </Field>
            )}
            {n.lastError && (
              <Field label="Last error" wide>
                <span className="break-words text-red-800">{n.lastError}</span>
              </Field>
            )}
          </dl>

          {n.chatForward && (
            <section aria-labelledby="chat-forward-heading">
              <h3 id="chat-forward-heading" className="text-sm font-semibold text-slate-900">
                Visitor's message
              </h3>
              <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-900">
                {n.chatForward.message}
              </p>
              <p className="mt-2 text-xs text-slate-600">
                Sent from {n.chatForward.currentPage || "an unknown page"} · {n.chatForward.device} ·{" "}
                {n.chatForward.browser}
                {n.chatForward.ipAddress ? ` · IP ${n.chatForward.ipAddress}` : ""} ·{" "}
                {formatDateTime(n.chatForward.createdAt)}
                {n.chatForward.enquiryId ? ` · stored as contact #${n.chatForward.enquiryId}` : ""}
              </p>
            </section>
          )}

          <section aria-labelledby="notification-text-heading">
            <h3 id="notification-text-heading" className="text-sm font-semibold text-slate-900">
              {n.channel === "email" ? "E-mail text" : "Telegram message"}
            </h3>
            <pre className="mt-2 max-h-80 overflow-auto rounded-lg border border-slate-200 bg-white p-3 font-sans text-sm break-words whitespace-pre-wrap text-slate-900">
              {n.text}
            </pre>
          </section>

          {(n.status === "failed" || n.status === "unsent") && (
            <div className="flex justify-end">
              <button type="button" className="btn-primary" disabled={retrying} onClick={() => onRetry(n.id)}>
                {retrying ? "Retrying..." : "Retry"}
              </button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

function Field({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}
