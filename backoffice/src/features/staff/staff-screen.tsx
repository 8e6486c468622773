// The owner's Staff screen: accounts (role, disable/enable) and waiting invitations (re-send, withdraw),
// and the invite form. Every change is the server's (staff.*, owner only) and audited there.
import { inviteInput, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@ch/contracts/staff";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { Column } from "../../components/data-table";
import { InputField, SelectField, useApiForm } from "../../components/form";
import { FormDialog } from "../../components/form-dialog";
import { ListCard } from "../../components/list-card";
import { MutationButton } from "../../components/named-button";
import { PageHeader } from "../../components/page-header";
import { formatDateTime } from "../../lib/format";
import { useListChange } from "../../lib/list-change";
import { useFailureToast, useToast } from "../../lib/toast";
import { queryClient, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";
import { useAccount } from "./use-account";

type StaffList = RouterOutputs["staff"]["list"];
type Account = StaffList["accounts"][number];
type Invite = StaffList["invites"][number];

const ROLE_HINTS: Record<StaffRole, string> = {
  owner: "everything, including settings and staff",
  sales: "orders, leads, proposals, payments",
  content: "products, gallery, blog, SEO",
};

export function StaffScreen() {
  const me = useAccount();
  const list = useQuery(trpc.staff.list.queryOptions());
  const [inviting, setInviting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.staff.list.queryKey() });
  const changed = useListChange(refresh, "The server refused the change");

  const setRole = useMutation(
    trpc.staff.setRole.mutationOptions(
      changed(() => ({ title: "Role changed", description: "It applies to their next request." }), "Role not changed"),
    ),
  );
  const setDisabled = useMutation(
    trpc.staff.setDisabled.mutationOptions(
      changed(
        (_answer, input) => ({
          title: input.disabled ? "Account disabled" : "Account enabled",
          description: input.disabled ? "Its sessions have ended." : "It can sign in again.",
        }),
        "Account not changed",
      ),
    ),
  );
  const resend = useMutation(
    trpc.staff.resendInvite.mutationOptions(
      changed(
        (invite) => ({
          title: "Invitation sent again",
          description: `A new link went to ${invite.email}; the old one stops working.`,
        }),
        "Invitation not sent",
      ),
    ),
  );
  const revoke = useMutation(
    trpc.staff.revokeInvite.mutationOptions(
      changed(() => ({ title: "Invitation withdrawn" }), "Invitation not withdrawn"),
    ),
  );

  const accountColumns: Column<Account>[] = [
    { header: "Username", cell: (a) => <span className="font-medium">{a.username}</span> },
    { header: "E-mail", cell: (a) => a.email ?? <span className="text-slate-500">none</span> },
    {
      header: "Role",
      cell: (a) =>
        a.id === me.data?.id ? (
          <span>{ROLE_LABELS[a.role]} (you)</span>
        ) : (
          <select
            className="field-input py-1"
            aria-label={`Role of ${a.username}`}
            value={a.role}
            disabled={setRole.isPending}
            onChange={(e) => setRole.mutate({ id: a.id, role: e.target.value as StaffRole })}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        ),
    },
    {
      header: "Status",
      cell: (a) =>
        a.disabledAt ? (
          <span className="text-red-800">Disabled {formatDateTime(a.disabledAt)}</span>
        ) : (
          <span className="text-emerald-800">Active</span>
        ),
    },
    { header: "Last sign-in", cell: (a) => (a.lastLoginAt ? formatDateTime(a.lastLoginAt) : "never") },
    {
      header: "Actions",
      cell: (a) =>
        a.id === me.data?.id ? null : (
          <MutationButton
            className={a.disabledAt ? "btn-secondary" : "btn-danger"}
            mutation={setDisabled}
            input={{ id: a.id, disabled: !a.disabledAt }}
          >
            {a.disabledAt ? `Enable ${a.username}` : `Disable ${a.username}`}
          </MutationButton>
        ),
    },
  ];
  const inviteColumns: Column<Invite>[] = [
    { header: "E-mail", cell: (i) => <span className="font-medium">{i.email}</span> },
    { header: "Role", cell: (i) => ROLE_LABELS[i.role] },
    {
      header: "Link",
      cell: (i) =>
        i.expired ? (
          <span className="text-red-800">Expired {formatDateTime(i.expiresAt)}</span>
        ) : (
          `Valid until ${formatDateTime(i.expiresAt)}`
        ),
    },
    {
      header: "Actions",
      cell: (i) => (
        <div className="flex flex-wrap gap-2">
          <MutationButton className="btn-secondary" mutation={resend} input={{ id: i.id }}>
            Re-send to {i.email}
          </MutationButton>
          <MutationButton className="btn-ghost" mutation={revoke} input={{ id: i.id }}>
            Withdraw
          </MutationButton>
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Staff"
        description={`Owner: ${ROLE_HINTS.owner}. Sales: ${ROLE_HINTS.sales}. Content: ${ROLE_HINTS.content}.`}
      >
        <button type="button" className="btn-primary" onClick={() => setInviting(true)}>
          Invite staff
        </button>
      </PageHeader>
      <ListCard
        title="Accounts"
        label="Staff accounts"
        columns={accountColumns}
        query={list}
        rows={list.data?.accounts}
        empty="No accounts."
        loadError="The staff list could not be loaded."
      />
      <ListCard
        title="Waiting invitations"
        columns={inviteColumns}
        query={list}
        rows={list.data?.invites}
        empty="No invitation is waiting."
      />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} onSent={() => void refresh()} />
    </div>
  );
}

function InviteDialog({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const toast = useToast();
  const failed = useFailureToast();
  const form = useApiForm<z.input<typeof inviteInput>>({
    schema: inviteInput,
    defaultValues: { email: "", role: "sales" },
    toasted: true,
  });
  const invite = useMutation({
    ...trpc.staff.invite.mutationOptions(),
    onSuccess: (sent) => {
      toast({ title: "Invitation sent", description: `${sent.email} can accept it within 72 hours.` });
      form.reset({ email: "", role: form.getValues("role") });
      onSent();
      onClose();
    },
    onError: failed("Invitation not sent"),
  });
  const role = form.watch("role");
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Invite staff"
      onSubmit={form.submit((values) => invite.mutateAsync(values))}
      form={form}
      button={["Send invitation", "Sending…"]}
    >
      <InputField
        control={form.control}
        name="email"
        label="E-mail"
        hint="The invitation link goes here; it works once, within 72 hours."
        type="email"
        autoComplete="off"
        required
      />
      <SelectField control={form.control} name="role" label="Role" hint={ROLE_HINTS[role as StaffRole]}>
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
