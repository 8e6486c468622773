// API keys: the scopes a key may hold and the inputs of the owner's API-keys screen (tRPC apiKeys.*).
// Shared with the back office; no server imports.
import { z } from "zod";
import { API_KEY_SCOPES, type ApiKeyScope } from "./api-key-scopes";
import { requiredText } from "./fields";

export * from "./api-key-scopes";

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
