import { visitAnswer, visitInput } from "@ch/contracts/visits";
import { route } from "../../http/route";
import { recordVisit } from "./visits.service";

export const visitRoutes = [
  route({
    method: "POST",
    url: "/api/visits",
    access: "public",
    summary: "Report a page view (also client-side navigations); bots are not counted",
    operationId: "recordVisit",
    tags: ["visits"],
    response: visitAnswer,
    body: visitInput,
    successStatus: 202,
    rateLimit: "visits",
    answer: "202 with { recorded, newVisitor }",
    handler: async ({ deps, body, req }) => {
      const visit = await recordVisit(deps, body, { ipAddress: req.ip, userAgent: req.headers["user-agent"] });
      return { recorded: visit !== null, newVisitor: visit?.newVisitor ?? false };
    },
  }),
];
