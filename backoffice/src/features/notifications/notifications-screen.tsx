// The outbox as staff see it: what was sent to the team's Telegram chat and to customers by e-mail,
// what is waiting or failed and why, with Retry for a failed or unsent notification.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState, LoadError } from "../../components/card";
import { type Column, DataTable } from "../../components/data-table";
import { Options, SelectBox } from "../../components/form-field";
import { formatDateTime } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";
import { NotificationDetailsDialog } from "./notification-details-dialog";
import { CHANNELS, type NotificationsSearch, STATUSES } from "./search";
import { ChannelLabel, KIND_LABELS, NotificationStatusBadge, recipientLabel, STATUS_HELP } from "./status";

export type NotificationItem = RouterOutputs["notifications"]["list"][number];
const REFRESH_MS = 10_000;
const LIST_LIMIT = 200;

export function NotificationsScreen({
  search,
  onSearch,
}: {
  search: NotificationsSearch;
  onSearch: (next: NotificationsSearch) => void;
}) {
  const toast = useToast();
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({
    ...trpc.notifications.list.queryOptions({ ...search, limit: LIST_LIMIT }),
    refetchInterval: REFRESH_MS,
  });
  const summary = useQuery({ ...trpc.notifications.summary.queryOptions(), refetchInterval: REFRESH_MS });
  const retry = useMutation(
    trpc.notifications.retry.mutationOptions({
      onSuccess: (_data, { id }) => {
        toast({ title: "Queued Again", description: `Notification #${id} will be sent within a few seconds.` });
      },
      onError: (error) => {
        toast({
          title: "Retry Refused",
          description: errorMessage(error, "The notification could not be queued again."),
          variant: "destructive",
        });
      },
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries(trpc.notifications.pathFilter()),
          queryClient.invalidateQueries(trpc.admin.audit.pathFilter()),
        ]),
    }),
  );
  const counts = summary.data?.byStatus;
  const channels = summary.data?.channels;
  const filtered = Boolean(search.status || search.channel);
  const columns: Column<NotificationItem>[] = [
    { header: "Created", className: "w-28 whitespace-normal", cell: (n) => formatDateTime(n.createdAt) },
    {
      header: "Kind",
      hideable: false,
      className: "max-w-36 whitespace-normal",
      cell: (n) => (
        <>
          {KIND_LABELS[n.kind] ?? n.kind}
          <span className="block text-xs text-slate-600">
            <ChannelLabel channel={n.channel} />
          </span>
        </>
      ),
    },
    {
      header: "Recipient",
      className: "max-w-44 truncate",
      cell: (n) => <span title={n.recipient ?? undefined}>{recipientLabel(n)}</span>,
    },
    {
      header: "Message",
      className: "max-w-56",
      cell: (n) => <span className="line-clamp-2 whitespace-normal break-words text-slate-700">{n.preview}</span>,
    },
    {
      header: "Status",
      cell: (n) => (
        <>
          <NotificationStatusBadge status={n.status} />
          {n.status === "pending" && n.attempts > 0 && n.nextAttemptAt && (
            <span className="mt-1 block text-xs text-slate-600">next try {formatDateTime(n.nextAttemptAt)}</span>
          )}
        </>
      ),
    },
    { header: "Attempts", numeric: true, cell: (n) => n.attempts },
    {
      header: "Last error",
      className: "max-w-40",
      cell: (n) =>
        n.lastError ? (
          <span className="line-clamp-2 whitespace-normal break-words text-red-800" title={n.lastError}>
            {n.lastError}
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        ),
    },
    { header: "Actions", hideable: false, cell: (n) => <Actions n={n} onView={setOpenId} retry={retry} /> },
  ];

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Notifications</h1>
        <button
          type="button"
          className="btn-secondary"
          disabled={list.isFetching}
          onClick={() => {
            void list.refetch();
            void summary.refetch();
          }}
        >
          {list.isFetching ? "Refreshing..." : "Refresh Now"}
        </button>
      </div>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        New orders, enquiries, chat messages and new visitors are announced to the team on Telegram; customers get an
        order confirmation or an acknowledgement by e-mail. Each is stored with its record and sent in the background,
        with retries. This page refreshes every 10 seconds.
      </p>

      {channels && (!channels.telegram || !channels.email) && (
        <div className="mt-4 space-y-2">
          {!channels.telegram && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <strong>Telegram is not configured.</strong> Staff notifications are stored as “unsent”. Set
              TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID on the server, then use Retry.
            </p>
          )}
          {!channels.email && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <strong>E-mail is not configured.</strong> Customer e-mails are stored as “unsent”. Set SMTP_URL and
              SMTP_FROM on the server, then use Retry.
            </p>
          )}
        </div>
      )}

      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Notifications by status">
        {STATUSES.map((status) => (
          <li key={status}>
            <button
              type="button"
              aria-pressed={search.status === status}
              onClick={() => onSearch({ ...search, status: search.status === status ? undefined : status })}
              className={`w-full rounded-xl border bg-white p-4 text-left shadow-sm hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-800 ${
                search.status === status ? "border-slate-800 ring-1 ring-slate-800" : "border-slate-200"
              }`}
            >
              <span className="block text-sm font-medium text-slate-600 capitalize">{status}</span>
              <span className="mt-1 block text-2xl font-semibold text-slate-900 tabular-nums">
                {counts ? counts[status] : "—"}
              </span>
              <span className="mt-1 block text-xs text-slate-600">{STATUS_HELP[status]}</span>
            </button>
          </li>
        ))}
      </ul>

      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-end gap-3">
          <FilterSelect
            id="notification-status"
            label="Status"
            all="All statuses"
            value={search.status}
            values={STATUSES}
            name={(s) => `${s[0]?.toUpperCase()}${s.slice(1)}`}
            onChange={(status) => onSearch({ ...search, status })}
          />
          <FilterSelect
            id="notification-channel"
            label="Channel"
            all="All channels"
            value={search.channel}
            values={CHANNELS}
            name={(c) => (c === "email" ? "E-mail" : "Telegram")}
            onChange={(channel) => onSearch({ ...search, channel })}
          />
          {filtered && (
            <button type="button" className="btn-ghost mb-1" onClick={() => onSearch({})}>
              Clear filters
            </button>
          )}
          <p className="text-sm text-slate-600 sm:ml-auto" aria-live="polite">
            {list.data ? `${list.data.length} shown${list.data.length === LIST_LIMIT ? " (latest 200)" : ""}` : ""}
          </p>
        </div>

        <div className="mt-4">
          {list.error && <LoadError message={errorMessage(list.error, "Notifications could not be loaded.")} />}
          {list.isPending && !list.error && <p className="text-sm text-slate-600">Loading notifications...</p>}
          {list.data && list.data.length === 0 && (
            <EmptyState>
              {filtered
                ? "No notification matches these filters."
                : "No notifications yet. They appear with the first order, enquiry, chat message or visitor."}
            </EmptyState>
          )}
          {list.data && list.data.length > 0 && (
            <>
              <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:hidden" aria-label="Recent notifications">
                {list.data.map((n) => (
                  <li key={n.id} className="rounded-lg border border-slate-200 p-4">
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900">{KIND_LABELS[n.kind] ?? n.kind}</p>
                        <p className="text-xs text-slate-600">
                          <ChannelLabel channel={n.channel} /> · {formatDateTime(n.createdAt)}
                        </p>
                      </div>
                      <NotificationStatusBadge status={n.status} />
                    </div>
                    <p className="mt-2 truncate text-sm text-slate-700">To: {recipientLabel(n)}</p>
                    <p className="mt-1 line-clamp-3 text-sm break-words text-slate-700">{n.preview}</p>
                    <p className="mt-2 text-xs text-slate-600">
                      {n.attempts} {n.attempts === 1 ? "attempt" : "attempts"}
                      {n.status === "pending" && n.attempts > 0 && n.nextAttemptAt
                        ? ` · next try ${formatDateTime(n.nextAttemptAt)}`
                        : ""}
                    </p>
                    {n.lastError && <p className="mt-1 line-clamp-2 text-xs break-words text-red-800">{n.lastError}</p>}
                    <Actions n={n} onView={setOpenId} retry={retry} />
                  </li>
                ))}
              </ul>
              <DataTable
                className="hidden xl:block"
                label="Recent notifications, newest first"
                columns={columns}
                rows={list.data}
                rowKey={(n) => n.id}
                empty=""
              />
            </>
          )}
        </div>
      </div>

      <NotificationDetailsDialog
        id={openId}
        onClose={() => setOpenId(null)}
        onRetry={(id) => retry.mutate({ id })}
        retrying={retry.isPending}
      />
    </div>
  );
}

type RetryMutation = {
  isPending: boolean;
  // the procedure's input is its route's (`:id` accepts a numeric string too): compared, not used as a number
  variables?: { id?: unknown } | undefined;
  mutate: (input: { id: number }) => void;
};

function Actions({ n, onView, retry }: { n: NotificationItem; onView: (id: number) => void; retry: RetryMutation }) {
  const busy = retry.isPending && retry.variables?.id === n.id;
  return (
    <div className="mt-3 flex justify-end gap-2 xl:mt-0">
      <button type="button" className="btn-secondary" onClick={() => onView(n.id)}>
        View<span className="sr-only"> notification #{n.id}</span>
      </button>
      {(n.status === "failed" || n.status === "unsent") && (
        <button type="button" className="btn-primary" disabled={busy} onClick={() => retry.mutate({ id: n.id })}>
          {busy ? "Retrying..." : "Retry"}
          <span className="sr-only"> notification #{n.id}</span>
        </button>
      )}
    </div>
  );
}

/** One of the list's filters: "All …" (no filter) or one value. */
function FilterSelect<V extends string>({
  id,
  label,
  all,
  value,
  values,
  name,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: V | undefined;
  values: readonly V[];
  name: (value: V) => string;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <SelectBox
      id={id}
      label={label}
      className="w-full sm:w-44"
      value={value ?? ""}
      onChange={(chosen) => onChange((chosen || undefined) as V | undefined)}
    >
      <option value="">{all}</option>
      <Options values={values} label={name} />
    </SelectBox>
  );
}
