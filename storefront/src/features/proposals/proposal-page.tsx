// The customer's proposal (/proposal/{token}, sent by e-mail): lines, totals, terms and validity, with
// Accept (typed full name + agreement) and Request Changes. Every figure comes from the server.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Spinner } from "../../components/ui";
import { ApiError, serverMessage } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { AcceptForm } from "./accept-form";
import { AcceptedOrder } from "./accepted-order";
import { ChangesForm } from "./changes-form";
import type { AcceptAnswer, PaymentMethod } from "./proposal-format";
import { ProposalHeader, ProposalLines, ProposalTerms, StateBanner } from "./proposal-sections";

function ProposalFailed({ error }: { error: unknown }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{missing ? "Proposal not found" : "Proposal unavailable"}</h1>
      <p className="mt-4 text-slate-600">
        {missing
          ? "This link does not match a proposal. Please check the link in your e-mail, or contact us."
          : (serverMessage(error) ?? "We couldn't load your proposal right now. Please try again.")}
      </p>
    </div>
  );
}

export function ProposalPage({ token }: { token: string }) {
  const queryClient = useQueryClient();
  // the acceptance's answer, shown in place of the forms (the proposal itself then reads "accepted")
  const [accepted, setAccepted] = useState<{ answer: AcceptAnswer; paymentMethod: PaymentMethod } | null>(null);
  const proposal = useQuery({
    ...trpc.proposals.byToken.queryOptions({ token }),
    retry: false,
  });
  if (proposal.isPending) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-16">
        <Spinner label="Loading your proposal" />
      </div>
    );
  }
  if (proposal.isError) return <ProposalFailed error={proposal.error} />;
  const p = proposal.data;
  return (
    <article className="proposal-print mx-auto max-w-4xl px-4 py-10 sm:px-6" data-testid="proposal">
      <ProposalHeader p={p} />
      <StateBanner p={p} />

      <ProposalLines p={p} />

      <ProposalTerms terms={p.terms} />

      {accepted ? (
        <AcceptedOrder answer={accepted.answer} paymentMethod={accepted.paymentMethod} p={p} />
      ) : p.state === "open" ? (
        <div className="no-print mt-10 grid gap-6 lg:grid-cols-2">
          <AcceptForm
            token={token}
            p={p}
            onDone={(answer, paymentMethod) => {
              setAccepted({ answer, paymentMethod });
              void queryClient.invalidateQueries({ queryKey: trpc.proposals.byToken.queryKey({ token }) });
            }}
          />
          <ChangesForm token={token} />
        </div>
      ) : null}

      <footer className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-500">
        {p.company.name} · {p.company.phone} · {p.company.email}
      </footer>
    </article>
  );
}
