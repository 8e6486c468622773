import { useQuery } from "@tanstack/react-query";
import { EmptyState, LoadError } from "../../components/card";
import { formatDateTime, statusLabel } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";

const ACTIONS: Record<string, string> = {
  "order.status": "Changed order status",
  "order.payment": "Changed payment status",
  "order.note": "Added a note to an order",
  "enquiry.status": "Changed contact status",
  "enquiry.note": "Added a note to a contact",
  "product.create": "Created a product",
  "product.update": "Edited a product",
  "product.delete": "Deleted a product",
  "gallery.create": "Added a gallery item",
  "gallery.update": "Edited a gallery item",
  "gallery.delete": "Deleted a gallery item",
  "gallery.reorder": "Reordered the gallery",
  "post.create": "Created a blog post",
  "post.update": "Edited a blog post",
  "post.delete": "Deleted a blog post",
  "media.upload": "Uploaded an image",
  "admin.setup": "Created the admin account",
  "admin.login": "Signed in",
  "settings.update": "Changed the business settings",
};

function summarize(detail: unknown): string {
  if (!detail || typeof detail !== "object") return "";
  const d = detail as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof d.from === "string" && typeof d.to === "string")
    parts.push(`${statusLabel(d.from)} → ${statusLabel(d.to)}`);
  if (typeof d.name === "string") parts.push(d.name);
  if (typeof d.title === "string") parts.push(d.title);
  if (typeof d.slug === "string") parts.push(`/blog/${d.slug}${d.published === false ? " (draft)" : ""}`);
  if (typeof d.ip === "string") parts.push(`from ${d.ip}`);
  if (typeof d.width === "number" && typeof d.height === "number") parts.push(`${d.width}×${d.height}`);
  if (Array.isArray(d.changed)) parts.push(d.changed.length ? d.changed.join(", ") : "nothing changed");
  return parts.join(" · ");
}

export function ActivityScreen() {
  const audit = useQuery({ ...trpc.admin.audit.queryOptions({ limit: 300 }), refetchInterval: 30_000 });
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900">Activity</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every change made in the back office: who, what and when (latest 300).
      </p>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        {audit.error && <LoadError message={errorMessage(audit.error, "The activity log could not be loaded.")} />}
        {audit.data && audit.data.length === 0 && <EmptyState>No changes recorded yet.</EmptyState>}
        {audit.data && audit.data.length > 0 && (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Record</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.map((a) => (
                  <tr key={a.id}>
                    <td className="whitespace-nowrap">{formatDateTime(a.createdAt)}</td>
                    <td>{a.adminName}</td>
                    <td>{ACTIONS[a.action] ?? a.action}</td>
                    <td className="whitespace-nowrap">
                      {a.entityType}
                      {a.entityId ? ` #${a.entityId}` : ""}
                    </td>
                    <td className="max-w-80 truncate" title={summarize(a.detail)}>
                      {summarize(a.detail)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}
