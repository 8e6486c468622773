import type { PortalProjectsDto } from "@ch/contracts/portal";
import { Link } from "@tanstack/react-router";
import { buttonClass, PageHeader, Spinner } from "../../components/ui";
import { formatDate } from "../../lib/format";
import { formatMoney, proposalStatusLabel, stageLabel } from "./portal-format";
import { PortalSection } from "./portal-section";
import { isSignedOut, useLinkSignIn, usePortalProjects, useSignOut } from "./portal-session";
import { PortalSignInForm } from "./sign-in-form";

function ProjectList({ data }: { data: PortalProjectsDto }) {
  const signOut = useSignOut();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Signed in as <strong data-testid="portal-email">{data.email}</strong>
        </p>
        <button type="button" className={buttonClass.outline} onClick={() => signOut.mutate()}>
          Sign Out
        </button>
      </div>
      <PortalSection id="projects-title" title="Your projects" className="mt-6">
        {data.projects.length === 0 ? <p className="mt-2 text-sm text-slate-600">No orders yet.</p> : null}
        <ul className="mt-3 grid gap-3">
          {data.projects.map((p) => (
            <li
              key={p.orderNumber}
              className="rounded-2xl border border-slate-200 p-4 shadow-sm"
              data-testid="portal-project"
            >
              <Link
                to="/portal/$orderNumber"
                params={{ orderNumber: p.orderNumber }}
                className="font-mono font-semibold text-amber-800 underline"
              >
                {p.orderNumber}
              </Link>
              <p className="mt-1 text-sm text-slate-700">{p.productName}</p>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-slate-500">Stage</dt>
                  <dd className="font-medium">{stageLabel(p.stage)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Total</dt>
                  <dd className="font-medium">{formatMoney(p.total)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Paid</dt>
                  <dd className="font-medium">{formatMoney(p.paid)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Still due</dt>
                  <dd className="font-medium" data-testid="portal-outstanding">
                    {formatMoney(p.outstanding)}
                  </dd>
                </div>
              </dl>
              <p className="mt-2 text-xs text-slate-500">Ordered {formatDate(p.createdAt)}</p>
            </li>
          ))}
        </ul>
      </PortalSection>
      {data.proposals.length > 0 ? (
        <PortalSection id="proposals-title" title="Your proposals">
          <ul className="mt-3 grid gap-3">
            {data.proposals.map((p) => (
              <li key={p.id} className="rounded-2xl border border-slate-200 p-4 text-sm shadow-sm">
                <a href={p.link} className="font-semibold text-amber-800 underline">
                  Proposal {p.id}
                  {p.version > 1 ? ` (version ${p.version})` : ""}
                </a>
                <p className="mt-1 text-slate-700">
                  {formatMoney(p.total)} · {proposalStatusLabel(p.status)} · valid until {formatDate(p.validUntil)}
                </p>
              </li>
            ))}
          </ul>
        </PortalSection>
      ) : null}
    </>
  );
}

/** /portal: sign-in by e-mailed link, then the customer's projects and proposals. */
export function PortalPage() {
  const link = useLinkSignIn();
  const projects = usePortalProjects(link.ready);
  const signedOut = projects.isError && isSignedOut(projects.error);
  return (
    <>
      <PageHeader
        title="Your Projects"
        intro="Your proposals, payments and build progress. Sign in with the e-mail address you ordered with."
      />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {link.opening || (projects.isPending && link.ready) ? <Spinner label="Opening your projects" /> : null}
        {signedOut || !link.ready ? null : projects.isError ? (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            We couldn't open your projects right now. Please try again.
          </p>
        ) : null}
        {projects.data ? <ProjectList data={projects.data} /> : null}
        {signedOut ? <PortalSignInForm expired={link.failed} /> : null}
      </div>
    </>
  );
}
