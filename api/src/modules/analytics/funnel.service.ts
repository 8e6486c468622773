// The sales funnel over a period: visitors → leads → proposals sent → accepted → deposit paid. Visitors
// are counted by where they came from (utm_source in the landing path, else the referrer's host, else
// "direct"); a lead and everything after it by the lead's source (the form it came through, or "direct"
// for a proposal made from scratch), since a lead is not linked to a visit.
import { type Executor, rowsOf } from "@ch/db";
import { sql } from "drizzle-orm";

export interface FunnelStep {
  source: string;
  count: number;
}

export interface SalesFunnelDto {
  from: string;
  to: string;
  visitors: FunnelStep[];
  leads: FunnelStep[];
  proposalsSent: FunnelStep[];
  accepted: FunnelStep[];
  depositPaid: FunnelStep[];
}

const steps = (rows: { source: string | null; n: number | string }[]): FunnelStep[] =>
  rows.map((r) => ({ source: r.source ?? "direct", count: Number(r.n) })).sort((a, b) => b.count - a.count);

export async function salesFunnel(db: Executor, period: { from: Date; to: Date }): Promise<SalesFunnelDto> {
  // as ISO text with a cast: postgres.js cannot send a Date through a raw sql template
  const from = sql`${period.from.toISOString()}::timestamptz`;
  const to = sql`${period.to.toISOString()}::timestamptz`;
  const visitors = rowsOf<{ source: string | null; n: number }>(
    await db.execute(sql`
      select coalesce(
          nullif(substring(path from '[?&]utm_source=([^&#]+)'), ''),
          nullif(substring(referrer from '^[a-z]+://([^/:?#]+)'), '')
        ) as source,
        count(distinct visitor_hash)::int as n
      from visits where created_at >= ${from} and created_at < ${to}
      group by 1`),
  );
  const leads = rowsOf<{ source: string | null; n: number }>(
    await db.execute(sql`
      select source, count(*)::int as n from enquiries
      where created_at >= ${from} and created_at < ${to} group by 1`),
  );
  const sent = rowsOf<{ source: string | null; n: number }>(
    await db.execute(sql`
      select e.source, count(distinct p.id)::int as n
      from proposals p
      join proposal_versions v on v.proposal_id = p.id and v.sent_at >= ${from} and v.sent_at < ${to}
      left join enquiries e on e.id = p.enquiry_id
      group by 1`),
  );
  const accepted = rowsOf<{ source: string | null; n: number }>(
    await db.execute(sql`
      select e.source, count(*)::int as n
      from proposal_acceptances a join proposals p on p.id = a.proposal_id
      left join enquiries e on e.id = p.enquiry_id
      where a.accepted_at >= ${from} and a.accepted_at < ${to}
      group by 1`),
  );
  const deposit = rowsOf<{ source: string | null; n: number }>(
    await db.execute(sql`
      select e.source, count(distinct o.id)::int as n
      from order_events ev join orders o on o.id = ev.order_id
      join proposals p on p.id = o.proposal_id
      left join enquiries e on e.id = p.enquiry_id
      where ev.kind = 'stage' and ev.to_stage = 'deposit_received'
        and ev.created_at >= ${from} and ev.created_at < ${to}
      group by 1`),
  );
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    visitors: steps(visitors),
    leads: steps(leads),
    proposalsSent: steps(sent),
    accepted: steps(accepted),
    depositPaid: steps(deposit),
  };
}
