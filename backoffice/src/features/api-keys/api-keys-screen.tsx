// The owner's API-keys screen: keys with prefix, scopes, creator, last use and expiry; a new key (name,
// read/write per domain, optional expiry) is shown once with a copy button; revoke asks first. Every
// rule is the server's (apiKeys.*, owner only; docs/decisions/0017-api-keys.md).
import {
  API_KEY_DOMAIN_LABELS,
  API_KEY_DOMAINS,
  type ApiKeyDomain,
  type ApiKeyScope,
  apiKeyCreateInput,
} from "@ch/contracts/api-keys";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Control } from "react-hook-form";
import { z } from "zod";
import { CodeList } from "../../components/code-list";
import type { Column } from "../../components/data-table";
import { ConfirmDialog } from "../../components/dialog";
import { InputField, SelectField, useApiForm, useChecklist } from "../../components/form";
import { FormDialog } from "../../components/form-dialog";
import { Fieldset } from "../../components/form-field";
import { ListCard } from "../../components/list-card";
import { PageHeader } from "../../components/page-header";
import { SecretDialog } from "../../components/secret-dialog";
import { formatDateTime } from "../../lib/format";
import { useListChange } from "../../lib/list-change";
import { useFailureToast, useToast } from "../../lib/toast";
import { queryClient, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";

type ApiKey = RouterOutputs["apiKeys"]["list"][number];
type Created = RouterOutputs["apiKeys"]["create"];

const STATUS_CLASS: Record<ApiKey["status"], string> = {
  active: "text-emerald-800",
  expired: "text-slate-600",
  revoked: "text-red-800",
};

export function ApiKeysScreen() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = useQuery(trpc.apiKeys.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const changed = useListChange(refresh);
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions(
      changed((key) => {
        setRevoking(null);
        return { title: "Key revoked", description: `${key.name} (${key.prefix}) no longer works.` };
      }, "Key not revoked"),
    ),
  );

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
      cell: (k) => <CodeList items={k.scopes} />,
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
      <PageHeader
        title="API Keys"
        descriptionClassName="max-w-2xl"
        description={
          <>
            Let another system (accounting, CRM, delivery scheduling) use the back-office REST API: send the key as{" "}
            <code>Authorization: Bearer &lt;key&gt;</code> to <code>/api/admin/*</code>. A key can do only what its
            scopes allow, never settings, staff, keys or webhooks; revoking it stops it at once.
          </>
        }
      >
        <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
          Create key
        </button>
      </PageHeader>
      <ListCard
        title="Keys"
        label="API keys"
        columns={columns}
        query={list}
        rows={list.data}
        empty="No key yet: create one for each system that needs access."
        loadError="The API keys could not be loaded."
      />
      <CreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(answer) => {
          setCreated(answer);
          void refresh();
        }}
      />
      <SecretDialog
        secret={created?.secret ?? null}
        title="New API key"
        secretLabel="API key"
        copiedTitle="Key copied"
        intro={
          <>
            The key <span className="font-medium">{created?.key.name}</span>. It is shown this once: store it in the
            system that uses it now. Only its prefix <code>{created?.key.prefix}</code> is kept to recognise it.
          </>
        }
        onClose={() => setCreated(null)}
      />
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

/** The API's name and scopes; the expiry as chosen here (a date is needed when "On a date…" is). */
const keyForm = z
  .object({
    name: apiKeyCreateInput.shape.name,
    scopes: apiKeyCreateInput.shape.scopes,
    expiry: z.enum(EXPIRY_CHOICES.map((c) => c.value)),
    date: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.expiry === "date" && !v.date) ctx.addIssue({ code: "custom", path: ["date"], message: "pick a date" });
  });
type KeyValues = z.input<typeof keyForm>;
const NO_KEY: KeyValues = { name: "", scopes: [], expiry: "never", date: "" };

/** The expiry to send: null for never; a chosen date ends at the end of that day, local time. */
function expiryOf(choice: ExpiryChoice, date: string): string | null {
  if (choice === "never") return null;
  if (choice === "date") return new Date(`${date}T23:59:59`).toISOString();
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
  const failed = useFailureToast();
  const form = useApiForm<KeyValues>({
    schema: keyForm,
    defaultValues: NO_KEY,
    // the server's expiresAt is the field that chose it
    toField: (path): string =>
      path === "expiresAt" ? (form.getValues("expiry") === "date" ? "date" : "expiry") : path,
    toasted: true,
  });
  const create = useMutation({
    ...trpc.apiKeys.create.mutationOptions(),
    onSuccess: (answer) => {
      form.reset();
      onClose();
      onCreated(answer);
    },
    onError: failed("Key not created"),
  });
  const submit = form.submit(
    ({ name, scopes, expiry, date }) => create.mutateAsync({ name, scopes, expiresAt: expiryOf(expiry, date) }),
    {
      invalid: () =>
        toast({ title: "Key not created", description: "Check the fields marked below.", variant: "destructive" }),
    },
  );
  const expiry = form.watch("expiry");
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Create API key"
      onSubmit={submit}
      noValidate
      form={form}
      button={["Create key", "Creating…"]}
    >
      <InputField
        control={form.control}
        name="name"
        label="Name"
        hint="Which system uses it, e.g. Accounting sync."
        required
        maxLength={80}
        autoComplete="off"
      />
      <ScopesTable control={form.control} />
      <SelectField control={form.control} name="expiry" label="Expires">
        {EXPIRY_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </SelectField>
      {expiry === "date" ? (
        <InputField
          control={form.control}
          name="date"
          label="Expiry date"
          hint="The key stops working at the end of this day."
          type="date"
        />
      ) : null}
    </FormDialog>
  );
}

/** Read and write per area, one checkbox each (named by its scope, e.g. orders:read). */
function ScopesTable({ control }: { control: Control<KeyValues> }) {
  const scopes = useChecklist<KeyValues, ApiKeyScope>(control, "scopes");
  return (
    <Fieldset
      legend="Scopes"
      hint="Write includes read. Owner-only areas (settings, staff, keys, webhooks) are never open to a key."
      error={scopes.error}
    >
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
          {API_KEY_DOMAINS.map((domain: ApiKeyDomain, row) => (
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
                      ref={row === 0 && access === "read" ? scopes.ref : undefined}
                      checked={scopes.has(scope)}
                      onChange={(e) => scopes.toggle(scope, e.target.checked)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Fieldset>
  );
}
