// A payment schedule as the business settings and a proposal set it: milestones that add up to 100 %, the
// first on acceptance, each later one at a later build stage. The arithmetic is in ./totals (the apps bundle it).
import { z } from "zod";
import { requiredText } from "./fields";
import { MILESTONE_DUE, MILESTONE_DUE_LABELS, type PaymentMilestone } from "./totals";

export { MILESTONE_DUE, MILESTONE_DUE_LABELS, type MilestoneDue, type PaymentMilestone } from "./totals";

export const MAX_MILESTONES = 6;

export const paymentMilestone = z.strictObject({
  label: requiredText(60, "the milestone's name"),
  percent: z
    .number({ error: "must be a number" })
    .int("must be a whole percent")
    .min(1, "must be 1 to 100")
    .max(100, "must be 1 to 100"),
  dueOn: z.enum(MILESTONE_DUE, { error: `must be one of ${MILESTONE_DUE.join(", ")}` }),
});

export const paymentSchedule = z
  .array(paymentMilestone)
  .min(1, "needs at least one milestone")
  .max(MAX_MILESTONES, `at most ${MAX_MILESTONES} milestones`)
  .superRefine((milestones, ctx) => {
    const sum = milestones.reduce((s, m) => s + m.percent, 0);
    if (sum !== 100) ctx.addIssue({ code: "custom", message: `the percents add up to ${sum}, not 100` });
    if (milestones[0] && milestones[0].dueOn !== "acceptance") {
      ctx.addIssue({ code: "custom", path: [0, "dueOn"], message: "the first milestone is due on acceptance" });
    }
    milestones.forEach((m, i) => {
      const before = milestones[i - 1];
      if (i > 0 && before && MILESTONE_DUE.indexOf(m.dueOn) <= MILESTONE_DUE.indexOf(before.dueOn)) {
        ctx.addIssue({
          code: "custom",
          path: [i, "dueOn"],
          message: `must be a later stage than the milestone before (${MILESTONE_DUE_LABELS[before.dueOn]})`,
        });
      }
    });
  });

/** "30 % on acceptance, 40 % at production start, 30 % on delivery". */
export const describeSchedule = (milestones: readonly PaymentMilestone[]) =>
  milestones
    .filter((m) => m.percent > 0)
    .map((m) => `${m.percent} % ${MILESTONE_DUE_LABELS[m.dueOn]}`)
    .join(", ");
