// The owner's Webhooks screen: endpoints (URL, events, enabled, rotation), the one-time display of a
// signing secret, and an endpoint's deliveries with each attempt's answer and "Resend". Every rule is
// the server's (webhooks.*, owner only; docs/decisions/0015-webhooks.md).
import { canResendDelivery } from "@ch/contracts/webhook-events";
import { useMutation, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Card } from "../../components/card";
import { CodeList } from "../../components/code-list";
import type { Column } from "../../components/data-table";
import { ListCard, QueryTable } from "../../components/list-card";
import { MutationButton } from "../../components/named-button";
import { PageHeader } from "../../components/page-header";
import { SecretDialog } from "../../components/secret-dialog";
import { formatDateTime, truncate } from "../../lib/format";
import { useListChange } from "../../lib/list-change";
import { useFailureToast, useToast } from "../../lib/toast";
import { queryClient, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";

// the form (its schema and the form library) loads when the owner adds an endpoint, not with the page
const CreateDialog = lazy(() => import("./endpoint-dialog").then((m) => ({ default: m.CreateDialog })));

type Endpoint = RouterOutputs["webhooks"]["list"][number];
type Delivery = RouterOutputs["webhooks"]["deliveries"][number];
/** A secret to show once: after create or rotate. */
type Revealed = { url: string; secret: string; previousValidUntil: string | null };

const DELIVERY_STATUS_CLASS: Record<Delivery["status"], string> = {
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  sending: "bg-blue-100 text-blue-900 ring-blue-300",
  succeeded: "bg-green-100 text-green-900 ring-green-300",
  failed: "bg-red-100 text-red-900 ring-red-300",
};

export function WebhooksScreen() {
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  // the counts move with the server's deliveries: read again while a delivery list is open
  const list = useQuery({ ...trpc.webhooks.list.queryOptions(), refetchInterval: selected === null ? false : 5000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const changed = useListChange(refresh, "The server refused the change");

  const update = useMutation(
    trpc.webhooks.update.mutationOptions(
      changed(
        (endpoint) => ({
          title: endpoint.enabled ? "Endpoint enabled" : "Endpoint disabled",
          description: endpoint.url,
        }),
        "Endpoint not changed",
      ),
    ),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions(
      changed((answer) => {
        setRevealed({
          url: answer.endpoint.url,
          secret: answer.secret,
          previousValidUntil: answer.endpoint.previousSecretValidUntil,
        });
        return undefined;
      }, "Secret not rotated"),
    ),
  );
  const sendTest = useMutation(
    trpc.webhooks.sendTest.mutationOptions(
      changed(() => {
        void queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
        return { title: "Test event queued", description: "Its delivery shows in the endpoint's list." };
      }, "Test event not sent"),
    ),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions(
      changed((_answer, input) => {
        if (selected === input.id) setSelected(null);
        return { title: "Endpoint removed" };
      }, "Endpoint not removed"),
    ),
  );

  const columns: Column<Endpoint>[] = [
    {
      header: "URL",
      cell: (e) => (
        <div className="max-w-xs">
          <span className="break-all font-medium">{e.url}</span>
          {e.description ? <p className="text-xs text-slate-500">{e.description}</p> : null}
        </div>
      ),
    },
    {
      header: "Events",
      cell: (e) => <CodeList items={e.events} />,
    },
    {
      header: "Status",
      cell: (e) =>
        e.enabled ? (
          <div>
            <span className="text-emerald-800">Enabled</span>
            {e.failingSince ? (
              <p className="text-xs text-red-800">Failing since {formatDateTime(e.failingSince)}</p>
            ) : null}
            {e.previousSecretValidUntil ? (
              <p className="text-xs text-slate-500">
                Old secret signs until {formatDateTime(e.previousSecretValidUntil)}
              </p>
            ) : null}
          </div>
        ) : (
          <div>
            <span className="text-red-800">Disabled{e.disabledAt ? ` ${formatDateTime(e.disabledAt)}` : ""}</span>
            {e.disabledReason ? <p className="max-w-xs text-xs text-slate-600">{e.disabledReason}</p> : null}
          </div>
        ),
    },
    {
      header: "Deliveries",
      cell: (e) => (
        <span className="whitespace-nowrap text-xs">
          {e.deliveries.succeeded} delivered · {e.deliveries.pending + e.deliveries.sending} waiting ·{" "}
          {e.deliveries.failed} failed
        </span>
      ),
    },
    {
      header: "Actions",
      cell: (e) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setSelected(e.id);
              void queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
            }}
          >
            Deliveries
          </button>
          <MutationButton className="btn-secondary" mutation={rotate} input={{ id: e.id }}>
            Rotate secret
          </MutationButton>
          <button
            type="button"
            className="btn-secondary"
            disabled={sendTest.isPending || !e.enabled}
            onClick={() => sendTest.mutate({ id: e.id }, { onSuccess: () => setSelected(e.id) })}
          >
            Send test event
          </button>
          <MutationButton className="btn-ghost" mutation={update} input={{ id: e.id, patch: { enabled: !e.enabled } }}>
            {e.enabled ? "Disable" : "Enable"}
          </MutationButton>
          <button
            type="button"
            className="btn-danger"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Remove ${e.url} and its delivery log?`)) remove.mutate({ id: e.id });
            }}
          >
            Remove
          </button>
        </div>
      ),
    },
  ];

  const current = list.data?.find((e) => e.id === selected) ?? null;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        descriptionClassName="max-w-2xl"
        description="Tell another system (accounting, CRM, delivery scheduling) when something happens. Each request is signed per the Standard Webhooks specification and retried for up to 3 days; an endpoint failing that long is disabled and you are told."
      >
        <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
          Add endpoint
        </button>
      </PageHeader>
      <ListCard
        title="Endpoints"
        label="Webhook endpoints"
        columns={columns}
        query={list}
        rows={list.data}
        empty="No endpoint yet: add one to start sending events."
        loadError="The webhook endpoints could not be loaded."
      />
      {current ? <DeliveriesCard endpoint={current} onChanged={() => void refresh()} /> : null}
      {creating ? (
        <Suspense fallback={null}>
          <CreateDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(answer) => {
              setRevealed({ url: answer.endpoint.url, secret: answer.secret, previousValidUntil: null });
              setSelected(answer.endpoint.id);
              void refresh();
            }}
          />
        </Suspense>
      ) : null}
      <SecretDialog
        secret={revealed?.secret ?? null}
        title="Signing secret"
        secretLabel="Signing secret"
        copiedTitle="Secret copied"
        intro={
          <>
            The secret for <span className="break-all font-medium">{revealed?.url}</span>. It is shown this once: store
            it in the receiving system now, which verifies each request&apos;s <code>webhook-signature</code> with it.
          </>
        }
        onClose={() => setRevealed(null)}
      >
        {revealed?.previousValidUntil ? (
          <p className="text-sm text-slate-600">
            The previous secret keeps signing beside this one until {formatDateTime(revealed.previousValidUntil)}.
          </p>
        ) : null}
      </SecretDialog>
    </div>
  );
}

function DeliveriesCard({ endpoint, onChanged }: { endpoint: Endpoint; onChanged: () => void }) {
  const toast = useToast();
  const failed = useFailureToast();
  const input = { id: endpoint.id, limit: 50 };
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions(input),
    // deliveries come and go on the server's time (events, retries): look again while the list is open
    refetchInterval: 5000,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey(input) });
    onChanged();
  };
  const resend = useMutation({
    ...trpc.webhooks.resend.mutationOptions(),
    onSuccess: () => {
      toast({ title: "Delivery queued again", description: "Same message id; it goes out within seconds." });
      refresh();
    },
    onError: failed("Not resent"),
  });
  const columns: Column<Delivery>[] = [
    {
      header: "Event",
      cell: (d) => (
        <div>
          <code className="font-medium">{d.type}</code>
          <p className="text-xs text-slate-500">
            {formatDateTime(d.occurredAt)} · <code>{d.messageId}</code>
            {d.resentFrom ? ` · resend of #${d.resentFrom}` : ""}
          </p>
        </div>
      ),
    },
    {
      header: "Status",
      cell: (d) => (
        <div>
          <span
            className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ring-1 ring-inset ${DELIVERY_STATUS_CLASS[d.status]}`}
          >
            {d.status}
          </span>
          {d.nextAttemptAt ? (
            <p className="text-xs text-slate-500">Next attempt {formatDateTime(d.nextAttemptAt)}</p>
          ) : null}
        </div>
      ),
    },
    { header: "Attempts", numeric: true, cell: (d) => d.attempts },
    {
      header: "Last answer",
      cell: (d) => {
        const last = d.attemptLog[0];
        if (!last) return <span className="text-slate-500">not attempted yet</span>;
        return (
          <div className="max-w-xs text-xs">
            <span className="font-medium">{last.statusCode ?? "no answer"}</span>
            {last.error ? <span className="text-red-800"> · {last.error}</span> : null}
            {last.responseExcerpt ? (
              <pre className="mt-1 whitespace-pre-wrap break-all text-slate-600">
                {truncate(last.responseExcerpt, 160)}
              </pre>
            ) : null}
          </div>
        );
      },
    },
    {
      header: "Duration",
      numeric: true,
      cell: (d) => (d.attemptLog[0] ? `${d.attemptLog[0].durationMs} ms` : "–"),
    },
    {
      header: "Actions",
      cell: (d) =>
        canResendDelivery(d.status) ? (
          <MutationButton
            className="btn-secondary"
            mutation={resend}
            input={{ id: d.id }}
            disabled={!endpoint.enabled}
            title={endpoint.enabled ? undefined : "Enable the endpoint first"}
          >
            Resend
          </MutationButton>
        ) : null,
    },
  ];
  return (
    <Card
      title={`Deliveries to ${endpoint.url}`}
      actions={
        <button type="button" className="btn-ghost" onClick={refresh}>
          Refresh
        </button>
      }
    >
      <QueryTable
        query={deliveries}
        loadError="The deliveries could not be loaded."
        label="Webhook deliveries"
        columns={columns}
        rowKey={(d) => d.id}
        empty="Nothing sent yet: deliveries appear when a subscribed event happens."
      />
    </Card>
  );
}
