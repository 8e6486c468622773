import type { ReactNode } from "react";
import { StatusBadge } from "../../components/badge";
import { Card, EmptyState } from "../../components/card";
import { formatDate, formatUsd, truncate } from "../../lib/format";
import { leadName, leadProject, sourceLabel } from "../../lib/labels";
import type { RouterOutputs } from "../../lib/types";
import { StageBadge } from "./stage-badge";

type Stats = RouterOutputs["admin"]["stats"];

export function OverviewTab({ stats }: { stats: Stats | undefined }) {
  if (!stats) return <p className="text-sm text-slate-600">Loading…</p>;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <RecentCard title="Recent Orders" items={stats.recentOrders} empty="No orders yet.">
        {(o) => (
          <>
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{o.customerName}</p>
              <p className="truncate text-sm text-slate-600">{o.productName}</p>
              <p className="text-xs text-slate-600">{formatDate(o.createdAt)}</p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span className="font-medium tabular-nums text-slate-900">{formatUsd(o.totalAmount)}</span>
              <StageBadge stage={o.stage} />
            </div>
          </>
        )}
      </RecentCard>
      <RecentCard title="Recent Contacts" items={stats.recentContacts} empty="No contacts yet.">
        {(c) => (
          <>
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{leadName(c)}</p>
              {/* a chat message or an ROI result has no project or budget: its message says what it is */}
              <p className="truncate text-sm text-slate-600">
                {leadProject(c) ?? (c.message ? truncate(c.message, 80) : "No details given")}
              </p>
              <p className="text-xs text-slate-600">{sourceLabel(c.source)}</p>
            </div>
            <StatusBadge value={c.status} />
          </>
        )}
      </RecentCard>
    </div>
  );
}

/** The latest few of something, one line each (or a word that there are none yet). */
function RecentCard<T extends { id: number }>({
  title,
  items,
  empty,
  children,
}: {
  title: string;
  items: T[];
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <Card title={title}>
      {items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 py-3">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
