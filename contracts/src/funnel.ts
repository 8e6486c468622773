// The sales funnel's period, shared with the back office's period picker: a preset number of days
// ending now, or a range of whole days (UTC, both ends included). No imports from the server here.
import { z } from "zod";

/** The presets the back office offers; any whole number of days from 1 to FUNNEL_MAX_DAYS is accepted. */
export const FUNNEL_PRESET_DAYS = [7, 30, 90, 365] as const;
/** The longest period one funnel covers (a leap year). */
export const FUNNEL_MAX_DAYS = 366;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "must be a real date");

const DAY_MS = 86_400_000;

export const funnelPeriodInput = z
  .strictObject({
    /** The last N days up to now. */
    days: z.coerce
      .number()
      .int("must be a whole number of days")
      .min(1, "must be at least 1")
      .max(FUNNEL_MAX_DAYS, `is at most ${FUNNEL_MAX_DAYS}`)
      .optional(),
    /** First day included (with `to`). */
    from: day.optional(),
    /** Last day included (with `from`). */
    to: day.optional(),
  })
  .superRefine((p, ctx) => {
    const range = p.from !== undefined || p.to !== undefined;
    if (range && p.days !== undefined) {
      ctx.addIssue({ code: "custom", path: ["days"], message: "give either days or from and to, not both" });
      return;
    }
    if (!range) return;
    if (p.from === undefined) ctx.addIssue({ code: "custom", path: ["from"], message: "is required with to" });
    if (p.to === undefined) ctx.addIssue({ code: "custom", path: ["to"], message: "is required with from" });
    if (p.from === undefined || p.to === undefined) return;
    const from = Date.parse(`${p.from}T00:00:00Z`);
    const to = Date.parse(`${p.to}T00:00:00Z`);
    if (Number.isNaN(from) || Number.isNaN(to)) return; // the date's own message says so
    if (from > to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
    } else if ((to - from) / DAY_MS + 1 > FUNNEL_MAX_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `the period is at most ${FUNNEL_MAX_DAYS} days` });
    }
  });
export type FunnelPeriodInput = z.input<typeof funnelPeriodInput>;

/** The half-open instant range [from, to) a valid period covers; the last 30 days when nothing is given. */
export function funnelRange(p: z.output<typeof funnelPeriodInput> | undefined, now: Date): { from: Date; to: Date } {
  if (p?.from && p.to) {
    return { from: new Date(`${p.from}T00:00:00Z`), to: new Date(Date.parse(`${p.to}T00:00:00Z`) + DAY_MS) };
  }
  return { from: new Date(now.getTime() - (p?.days ?? 30) * DAY_MS), to: now };
}

const funnelSteps = z.array(z.object({ source: z.string(), count: z.number().int() }));
/** The funnel: from and to are ISO instants (to excluded); each step counted by source, largest first. */
export const salesFunnelAnswer = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  visitors: funnelSteps,
  leads: funnelSteps,
  proposalsSent: funnelSteps,
  accepted: funnelSteps,
  depositPaid: funnelSteps,
});
