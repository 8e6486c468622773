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

export const leadOperations = {
  contact: route({
    method: "POST",
    url: "/api/contact",
    access: "public",
    summary: "Send a contact enquiry",
    operationId: "sendContactEnquiry",
    tags: ["leads"],
    response: contactAnswer,
    body: contactInput,
    successStatus: 201,
    rateLimit: "contact",
    answer: "201 with the stored enquiry's id and status",
    handler: async ({ deps, body }) => {
      const enquiry = await submitContact(deps, body);
      return { id: enquiry.id, status: enquiry.status, message: "Thank you for your inquiry." };
    },
  }),
  requestQuote: route({
    method: "POST",
    url: "/api/quote-requests",
    access: "public",
    summary: "Request a quote or a call (optionally about one product, with a preferred time)",
    operationId: "requestQuote",
    tags: ["leads"],
    response: quoteRequestAnswer,
    errors: [404],
    body: quoteRequestInput,
    successStatus: 201,
    rateLimit: "quote",
    answer: "201 with the stored enquiry's id and source",
    handler: async ({ deps, body }) => {
      const enquiry = await submitQuoteRequest(deps, body);
      return { id: enquiry.id, source: enquiry.source, status: enquiry.status };
    },
  }),
  saveRoi: route({
    method: "POST",
    url: "/api/roi",
    access: "public",
    summary: "Save an ROI calculation; the server recomputes the figures from the inputs",
    operationId: "saveRoiCalculation",
    tags: ["leads"],
    response: roiAnswer,
    body: roiInput,
    successStatus: 201,
    rateLimit: "roi",
    answer: "201 with { id, monthlyIncome, roiPercent, paybackMonths } as computed by the server",
    handler: ({ deps, body }) => saveRoi(deps, body),
  }),
};

/** The documented paths, in order. */
export const leadRoutes = Object.values(leadOperations);
