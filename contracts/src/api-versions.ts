// The API's versions, newest first (dates, as Stripe's are). What changed in each is the changelog in
// api/src/http/api-version.ts; a webhook endpoint names the version its deliveries follow.
export const API_VERSIONS = ["2026-12-02", "2026-11-28"] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const API_VERSION: ApiVersion = API_VERSIONS[0];

/** The version from which admin answers, webhooks and the events feed state money as { amount, currency }. */
export const MONEY_FORM_SINCE: ApiVersion = "2026-12-02";
export const speaksMoneyForm = (version: string): boolean => version >= MONEY_FORM_SINCE;
