// API-key scopes as plain values (no zod), so the back office's API-keys screen loads without the
// schema library. The inputs are in api-keys.ts.
/** The domains an integrator's key can be given, each with read and/or write. */
export const API_KEY_DOMAINS = ["catalog", "content", "leads", "orders", "proposals", "webhooks"] as const;
export type ApiKeyDomain = (typeof API_KEY_DOMAINS)[number];

export const API_KEY_SCOPES = API_KEY_DOMAINS.flatMap((d) => [`${d}:read`, `${d}:write`] as const);
export type ApiKeyScope = `${ApiKeyDomain}:${"read" | "write"}`;

/** What the owner reads next to each domain's checkboxes. */
export const API_KEY_DOMAIN_LABELS: Record<ApiKeyDomain, string> = {
  catalog: "Catalog (products)",
  content: "Content (gallery, blog, SEO)",
  leads: "Leads (enquiries, quotes)",
  orders: "Orders (stages, payments, pipeline)",
  proposals: "Proposals",
  webhooks: "Webhooks and events (endpoints, deliveries, the events feed)",
};
