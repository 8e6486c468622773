// The owner's API-keys screen: keys with prefix, scopes, creator, last use and expiry; a new key (name,
// read/write per domain, optional expiry) is shown once with a copy button; revoke asks first. Every
// rule is the server's (apiKeys.*, owner only; docs/decisions/0017-api-keys.md).
import {
  API_KEY_DOMAIN_LABELS,
  API_KEY_DOMAINS,
  type ApiKeyDomain,
  type ApiKeyScope,
} from "@ch/api/contracts/api-key-scopes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Card, LoadError } from "../../components/card";
import { type Column, DataTable } from "../../components/data-table";
import { ConfirmDialog, Dialog } from "../../components/dialog";
import { type FieldErrors, FormField, issuesOf } from "../../components/form-field";
import { formatDateTime } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";

type ApiKey = RouterOutputs["apiKeys"]["list"][number];
type Created = RouterOutputs["apiKeys"]["create"];

const STATUS_CLASS: Record<ApiKey["status"], string> = {
  active: "text-emerald-800",
  expired: "text-slate-600",
  revoked: "text-red-800",
};

export function ApiKeysScreen() {
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = useQuery(trpc.apiKeys.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const revoke = useMutation({
    ...trpc.apiKeys.revoke.mutationOptions(),
    onSuccess: (key) => {
      toast({ title: "Key revoked", description: `${key.name} (${key.prefix}) no longer works.` });
      setRevoking(null);
      void refresh();
    },
    onError: (error) =>
      toast({
        title: "Key not revoked",
        description: errorMessage(error, "The server refused it"),
        variant: "destructive",
      }),
  });

  const columns: Column<ApiKey>[] = [
    {
      header: "Name",
      cell: (k) => (
        <div>
          <span className="font-medium">{k.name}</span>
          <p>
            <code className="text-xs text-slate-600">{k.prefix}_…</code>
          </p>
        </div>
      ),
    },
    {
      header: "Scopes",
      cell: (k) => (
        <ul className="text-xs">
          {k.scopes.map((s) => (
            <li key={s}>
              <code>{s}</code>
            </li>
          ))}
        </ul>
      ),
    },
    {
      header: "Created",
      cell: (k) => (
        <span className="text-xs">
          {formatDateTime(k.createdAt)}
          {k.createdBy ? <span className="block text-slate-500">by {k.createdBy}</span> : null}
        </span>
      ),
    },
    {
      header: "Last used",
      cell: (k) => <span className="text-xs">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Never"}</span>,
    },
    {
      header: "Expires",
      cell: (k) => <span className="text-xs">{k.expiresAt ? formatDateTime(k.expiresAt) : "Never"}</span>,
    },
    {
      header: "Status",
      cell: (k) => (
        <span className={`text-sm capitalize ${STATUS_CLASS[k.status]}`}>
          {k.status}
          {k.revokedAt ? <span className="block text-xs text-slate-500">{formatDateTime(k.revokedAt)}</span> : null}
        </span>
      ),
    },
    {
      header: "Actions",
      cell: (k) =>
        k.status === "revoked" ? null : (
          <button type="button" className="btn-danger" aria-label={`Revoke ${k.name}`} onClick={() => setRevoking(k)}>
            Revoke
          </button>
        ),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">API Keys</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Let another system (accounting, CRM, delivery scheduling) use the back-office REST API: send the key as{" "}
            <code>Authorization: Bearer &lt;key&gt;</code> to <code>/api/admin/*</code>. A key can do only what its
            scopes allow, never settings, staff, keys or webhooks; revoking it stops it at once.
          </p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
          Create key
        </button>
      </div>
      {list.error && <LoadError message={errorMessage(list.error, "The API keys could not be loaded.")} />}
      <Card title="Keys">
        <DataTable
          label="API keys"
          columns={columns}
          rows={list.data ?? []}
          rowKey={(k) => k.id}
          empty={list.isPending ? "Loading…" : "No key yet: create one for each system that needs access."}
        />
      </Card>
      <CreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(answer) => {
          setCreated(answer);
          void refresh();
        }}
      />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        message={
          revoking
            ? `Revoke ${revoking.name} (${revoking.prefix})? Every request with it is refused from now on; this cannot be undone.`
            : ""
        }
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        pendingLabel="Revoking…"
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onClose={() => setRevoking(null)}
      />
    </div>
  );
}

const EXPIRY_CHOICES = [
  { value: "never", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In a year" },
  { value: "date", label: "On a date…" },
] as const;
type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]["value"];

/** The expiry to send: null for never; a chosen date ends at the end of that day, local time. */
function expiryOf(choice: ExpiryChoice, date: string): string | null | undefined {
  if (choice === "never") return null;
  if (choice === "date") return date ? new Date(`${date}T23:59:59`).toISOString() : undefined;
  return new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
}

function CreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (answer: Created) => void;
}) {
  const toast = useToast();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState<ExpiryChoice>("never");
  const [date, setDate] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation({
    ...trpc.apiKeys.create.mutationOptions(),
    onSuccess: (answer) => {
      setName("");
      setScopes([]);
      setExpiry("never");
      setDate("");
      setErrors({});
      onClose();
      onCreated(answer);
    },
    onError: (error) => {
      setErrors(issuesOf(error));
      toast({
        title: "Key not created",
        description: errorMessage(error, "The server refused it"),
        variant: "destructive",
      });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const expiresAt = expiryOf(expiry, date);
    if (expiresAt === undefined) {
      setErrors({ expiresAt: "pick a date" });
      return;
    }
    create.mutate({ name, scopes, expiresAt });
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((list) => (on ? [...list, scope] : list.filter((s) => s !== scope)));
  const scopesError = errors.scopes ?? Object.entries(errors).find(([path]) => path.startsWith("scopes."))?.[1];
  return (
    <Dialog open={open} onClose={onClose} title="Create API key">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField label="Name" error={errors.name} hint="Which system uses it, e.g. Accounting sync.">
          {(p) => (
            <input
              {...p}
              className="field-input"
              required
              maxLength={80}
              autoComplete="off"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </FormField>
        <fieldset aria-describedby={scopesError ? "api-key-scopes-error" : "api-key-scopes-hint"}>
          <legend className="field-label">Scopes</legend>
          <p id="api-key-scopes-hint" className="text-xs text-slate-500">
            Write includes read. Owner-only areas (settings, staff, keys, webhooks) are never open to a key.
          </p>
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th scope="col" className="py-1 font-medium">
                  Area
                </th>
                <th scope="col" className="py-1 text-center font-medium">
                  Read
                </th>
                <th scope="col" className="py-1 text-center font-medium">
                  Write
                </th>
              </tr>
            </thead>
            <tbody>
              {API_KEY_DOMAINS.map((domain: ApiKeyDomain) => (
                <tr key={domain} className="border-t border-slate-100">
                  <th scope="row" className="py-2 text-left font-normal">
                    {API_KEY_DOMAIN_LABELS[domain]}
                  </th>
                  {(["read", "write"] as const).map((access) => {
                    const scope = `${domain}:${access}` as ApiKeyScope;
                    return (
                      <td key={access} className="py-2 text-center">
                        <input
                          type="checkbox"
                          className="h-4 w-4"
                          aria-label={scope}
                          checked={scopes.includes(scope)}
                          onChange={(e) => toggle(scope, e.target.checked)}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {scopesError ? (
            <p id="api-key-scopes-error" className="mt-1 text-sm text-red-700">
              {scopesError}
            </p>
          ) : null}
        </fieldset>
        <FormField label="Expires" error={expiry === "date" ? undefined : errors.expiresAt}>
          {(p) => (
            <select
              {...p}
              className="field-input"
              value={expiry}
              onChange={(e) => setExpiry(e.target.value as ExpiryChoice)}
            >
              {EXPIRY_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {expiry === "date" ? (
          <FormField label="Expiry date" error={errors.expiresAt} hint="The key stops working at the end of this day.">
            {(p) => (
              <input
                {...p}
                type="date"
                className="field-input"
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            )}
          </FormField>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create key"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function SecretDialog({ created, onClose }: { created: Created | null; onClose: () => void }) {
  const toast = useToast();
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      toast({ title: "Key copied" });
    } catch {
      toast({ title: "Copy it by hand", description: "The browser did not allow copying.", variant: "destructive" });
    }
  };
  return (
    <Dialog open={created !== null} onClose={onClose} title="New API key">
      {created ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            The key <span className="font-medium">{created.key.name}</span>. It is shown this once: store it in the
            system that uses it now. Only its prefix <code>{created.key.prefix}</code> is kept to recognise it.
          </p>
          <output
            aria-label="API key"
            className="block break-all rounded-md bg-slate-100 p-3 font-mono text-sm text-slate-900"
          >
            {created.secret}
          </output>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => void copy()}>
              Copy
            </button>
            <button type="button" className="btn-primary" onClick={onClose}>
              I have stored it
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
