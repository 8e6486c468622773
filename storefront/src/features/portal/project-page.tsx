import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { PageHeader, Spinner } from "../../components/ui";
import { ApiError } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { OrderStatusResult } from "../orders/order-status-result";
import { formatMoney, proposalStatusLabel } from "./portal-format";
import { isSignedOut, useLinkSignIn } from "./portal-session";
import { PortalSignInForm } from "./sign-in-form";

// loaded after the project itself: the page's first load stays within its budget
const ProjectMessages = lazy(() => import("./project-messages"));
const ProjectDocuments = lazy(() => import("./project-documents"));
const ProjectPhotos = lazy(() => import("./project-photos"));
const ProjectWarranty = lazy(() => import("./project-warranty"));
const ProjectChangeOrders = lazy(() => import("./project-change-orders"));

/** /portal/{orderNumber}: one of the signed-in customer's projects. */
export function PortalProjectPage({ orderNumber }: { orderNumber: string }) {
  const link = useLinkSignIn();
  const project = useQuery({ ...trpc.portal.project.queryOptions({ orderNumber }), enabled: link.ready, retry: false });
  const missing = project.error instanceof ApiError && project.error.status === 404;
  return (
    <>
      <PageHeader title={`Project ${orderNumber}`} />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Link to="/portal" className="text-sm text-amber-800 underline">
          ← All your projects
        </Link>
        {project.isPending && link.ready ? <Spinner label="Opening your project" /> : null}
        {missing ? (
          <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            No project with this order number under your e-mail address.
          </p>
        ) : null}
        {project.isError && isSignedOut(project.error) ? (
          <div className="mt-4">
            <PortalSignInForm expired={link.failed} />
          </div>
        ) : null}
        {project.data ? (
          <>
            <dl className="mt-4 grid grid-cols-3 gap-3 rounded-2xl bg-slate-50 p-4 text-sm">
              <div>
                <dt className="text-slate-500">Total</dt>
                <dd className="text-lg font-semibold">{formatMoney(project.data.total)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Paid</dt>
                <dd className="text-lg font-semibold">{formatMoney(project.data.paid)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Still due</dt>
                <dd className="text-lg font-semibold" data-testid="project-outstanding">
                  {formatMoney(project.data.outstanding)}
                </dd>
              </div>
            </dl>
            <OrderStatusResult
              receipt={project.data.receipt}
              email={project.data.receipt.email}
              refresh={() => void project.refetch()}
            />
            <Suspense fallback={null}>
              <ProjectChangeOrders changeOrders={project.data.changeOrders} />
              <ProjectPhotos photos={project.data.photos} />
              <ProjectDocuments documents={project.data.documents} />
              <ProjectMessages orderNumber={orderNumber} />
              <ProjectWarranty
                orderNumber={orderNumber}
                claims={project.data.warrantyClaims}
                endsAt={project.data.warrantyEndsAt}
              />
            </Suspense>
            {project.data.proposals.length > 0 ? (
              <ul className="mt-6 grid gap-2 text-sm">
                {project.data.proposals.map((p) => (
                  <li key={p.id}>
                    <a href={p.link} className="text-amber-800 underline">
                      Proposal {p.id}, version {p.version}
                    </a>
                    : {formatMoney(p.total)}, {proposalStatusLabel(p.status)}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
