/**
 * Which scope an API key needs for each admin REST path: the one table, default deny like the role
 * policy (modules/access/access-policy.ts).
 * 1. A path that no rule names is closed to keys (403): the owner's things (settings, staff, API keys,
 *    notifications, two-factor, one's account) have no rule and so can never be reached with one. Webhooks
 *    and the events feed are the owner's too, but an integrator's key may be given their scope.
 * 2. Patterns are the route's own (`:id`); a trailing `/*` covers the path and everything under it; the
 *    longest matching pattern wins.
 * 3. GET and HEAD need `<domain>:read`, every other method `<domain>:write`; write includes read.
 * 4. A key never does more than the account that made it may do now: at each request its scopes are cut
 *    to those the creator's current role covers (effectiveScopes), and the path must be one that role may
 *    use (access/access-policy.ts). A demoted creator's keys shrink with the role at once.
 * api/test/api-keys.test.ts walks the route list against it.
 */
import { API_KEY_SCOPES, type ApiKeyDomain, type ApiKeyScope } from "@ch/contracts/api-keys";
import type { StaffRole } from "@ch/contracts/staff-roles";
import { mayCallPath } from "../access";

/** One domain, or several (each needed: the dashboard's figures are orders and leads). */
export const SCOPE_RULES: Record<string, readonly ApiKeyDomain[]> = {
  "/api/admin/dashboard/*": ["orders", "leads"],
  "/api/admin/orders/*": ["orders"],
  "/api/admin/orders.csv": ["orders"],
  "/api/admin/payments/*": ["orders"],
  "/api/admin/usdt-transfers/*": ["orders"],
  "/api/admin/pipeline/*": ["orders"],
  "/api/admin/warranty-claims/*": ["orders"],
  "/api/admin/contacts/*": ["leads"],
  "/api/admin/contacts.csv": ["leads"],
  "/api/admin/leads/*": ["leads"],
  "/api/admin/leads.csv": ["leads"],
  "/api/admin/proposals/*": ["proposals"],
  "/api/admin/funnel/*": ["proposals"],
  "/api/admin/products/*": ["catalog"],
  "/api/admin/products.csv": ["catalog"],
  "/api/admin/categories/*": ["catalog"],
  "/api/admin/gallery/*": ["content"],
  "/api/admin/blog/*": ["content"],
  "/api/admin/posts/*": ["content"],
  "/api/admin/seo/*": ["content"],
  "/api/admin/media/*": ["content"],
  "/api/admin/webhooks/*": ["webhooks"],
  "/api/admin/events/*": ["webhooks"],
};

function domainsForPath(url: string): readonly ApiKeyDomain[] | null {
  const exact = SCOPE_RULES[url];
  if (exact) return exact;
  let best: { length: number; domains: readonly ApiKeyDomain[] } | undefined;
  for (const [key, domains] of Object.entries(SCOPE_RULES)) {
    if (!key.endsWith("/*")) continue;
    const prefix = key.slice(0, -2);
    if ((url === prefix || url.startsWith(`${prefix}/`)) && prefix.length > (best?.length ?? -1)) {
      best = { length: prefix.length, domains };
    }
  }
  return best?.domains ?? null;
}

/** The scopes a key needs for `method url` (the route's declared pattern), or null: keys may not use it. */
export function scopesForPath(method: string, url: string): ApiKeyScope[] | null {
  const domains = domainsForPath(url);
  if (!domains) return null;
  const access = method.toUpperCase() === "GET" || method.toUpperCase() === "HEAD" ? "read" : "write";
  return domains.map((domain) => `${domain}:${access}` as ApiKeyScope);
}

/** Whether a key holding `held` covers `needed` (a write scope includes the read of its domain). */
export function holdsScope(held: readonly string[], needed: ApiKeyScope): boolean {
  if (held.includes(needed)) return true;
  const [domain, access] = needed.split(":");
  return access === "read" && held.includes(`${domain}:write`);
}

/** The scopes of `needed` a key lacks, in order. */
export function missingScopes(held: readonly string[], needed: readonly ApiKeyScope[]): ApiKeyScope[] {
  return needed.filter((scope) => !holdsScope(held, scope));
}

const roleScopes = new Map<StaffRole, ReadonlySet<ApiKeyScope>>();

/**
 * The scopes a staff role covers: `<domain>:read` when the role may read a path of the domain,
 * `<domain>:write` when it may write one (the role table of access/access-policy.ts; the owner covers all).
 */
export function scopesOfRole(role: StaffRole): ReadonlySet<ApiKeyScope> {
  let scopes = roleScopes.get(role);
  if (!scopes) {
    scopes = new Set(
      API_KEY_SCOPES.filter((scope) => {
        const [domain, access] = scope.split(":") as [ApiKeyDomain, "read" | "write"];
        return Object.entries(SCOPE_RULES).some(
          ([pattern, domains]) =>
            domains.includes(domain) &&
            mayCallPath(role, access === "read" ? "GET" : "POST", pattern.replace(/\/\*$/, "")),
        );
      }),
    );
    roleScopes.set(role, scopes);
  }
  return scopes;
}

/** What a key holding `held` may do while its creator has `role`: each scope both grant (write includes read). */
export function effectiveScopes(held: readonly string[], role: StaffRole): ApiKeyScope[] {
  const covered = scopesOfRole(role);
  return API_KEY_SCOPES.filter((scope) => covered.has(scope) && holdsScope(held, scope));
}
