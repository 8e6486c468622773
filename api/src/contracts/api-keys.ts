// API keys: the scopes a key may hold and the inputs of the owner's API-keys screen (tRPC apiKeys.*).
// Shared with the back office; no server imports.
import { z } from "zod";
import { requiredText } from "./fields";

/** The domains an integrator's key can be given, each with read and/or write. */
export const API_KEY_DOMAINS = ["catalog", "content", "leads", "orders", "proposals"] as const;
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
};

/** The longest life a key may be given (about five years). */
export const API_KEY_MAX_DAYS = 1830;

export const apiKeyCreateInput = z.strictObject({
  name: requiredText(80, "name"),
  scopes: z
    .array(z.enum(API_KEY_SCOPES as unknown as [ApiKeyScope, ...ApiKeyScope[]], { error: "unknown scope" }))
    .min(1, "pick at least one scope")
    .max(API_KEY_SCOPES.length)
    .transform((list) => [...new Set(list)].sort()),
  /** When the key stops working (ISO 8601 with a time zone); null or absent: never. */
  expiresAt: z.iso.datetime({ offset: true, error: "must be a date and time such as 2027-01-31T00:00:00Z" }).nullish(),
});

export const apiKeyIdInput = z.strictObject({ id: z.coerce.number().int().positive() });
