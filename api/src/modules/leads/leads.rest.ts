// The public lead operations (storefront origin, rate-limited): a contact enquiry, a quote request, a saved
// ROI calculation, each a REST path and a procedure leads.<name> (leads.router.ts).
import {
  contactAnswer,
  contactInput,
  quoteRequestAnswer,
  quoteRequestInput,
  roiAnswer,
  roiInput,
} from "@ch/contracts/leads";
import { route } from "../../http/route";
import { saveRoi, submitContact, submitQuoteRequest } from "./leads.service";

/** What the storefront's lead forms share: a public POST, rate-limited by its own rule, 201 with what was stored. */
const leadForm = { method: "POST" as const, access: "public" as const, tags: ["leads"], successStatus: 201 };

export const leadOperations = {
  contact: route({
    ...leadForm,
    url: "/api/contact",
    summary: "Send a contact enquiry",
    operationId: "sendContactEnquiry",
    response: contactAnswer,
    body: contactInput,
    rateLimit: "contact",
    answer: "201 with the stored enquiry's id and status",
    handler: async ({ deps, body }) => {
      const enquiry = await submitContact(deps, body);
      return { id: enquiry.id, status: enquiry.status, message: "Thank you for your inquiry." };
    },
  }),
  requestQuote: route({
    ...leadForm,
    url: "/api/quote-requests",
    summary: "Request a quote or a call (optionally about one product, with a preferred time)",
    operationId: "requestQuote",
    response: quoteRequestAnswer,
    errors: [404],
    body: quoteRequestInput,
    rateLimit: "quote",
    answer: "201 with the stored enquiry's id and source",
    handler: async ({ deps, body }) => {
      const enquiry = await submitQuoteRequest(deps, body);
      return { id: enquiry.id, source: enquiry.source, status: enquiry.status };
    },
  }),
  saveRoi: route({
    ...leadForm,
    url: "/api/roi",
    summary: "Save an ROI calculation; the server recomputes the figures from the inputs",
    operationId: "saveRoiCalculation",
    response: roiAnswer,
    body: roiInput,
    rateLimit: "roi",
    answer: "201 with { id, monthlyIncome, roiPercent, paybackMonths } as computed by the server",
    handler: ({ deps, body }) => saveRoi(deps, body),
  }),
};

/** The documented paths, in order. */
export const leadRoutes = Object.values(leadOperations);
