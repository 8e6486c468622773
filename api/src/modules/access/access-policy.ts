/**
 * Who may call what: the one table of roles for every admin tRPC procedure and every admin REST path.
 * 1. Default deny: a procedure or path that no rule names is the owner's alone, so a new one (API keys,
 *    webhooks, …) is closed to sales and content until a rule here opens it.
 * 2. The owner may do everything; the rules say which other roles may too.
 * 3. Exact rules win over prefix rules, and a longer prefix over a shorter one: `orders.*` opens a whole
 *    router, `proposals.save*` closes the price-list writes of an open router again.
 * 4. While the owner requires two-factor sign-in, a session whose account has none may call only what it
 *    needs to set it up (BEFORE_ENROLMENT); everything else is refused with 403 and
 *    `code: "two_factor_enrolment_required"` (session-access.ts).
 * Enforced in adminProcedure (trpc/trpc.ts), the REST admin check (http/route.ts) and the upload route;
 * api/test/staff-roles.test.ts walks the router and the route list against it.
 */
import type { StaffArea, StaffRole } from "@ch/contracts/staff";

type Others = readonly Exclude<StaffRole, "owner">[];

const ANY: Others = ["sales", "content"];
const SALES: Others = ["sales"];
const CONTENT: Others = ["content"];
const OWNER_ONLY: Others = [];

/**
 * tRPC procedures written by hand: `router.procedure` exactly, or a prefix ending in `*` (`router.*`,
 * `router.save*`). A procedure made from a declared operation (trpc/operations.ts) is its route's: the
 * REST rules below decide for it, and no exact rule here may name it (api/test/staff-roles.test.ts).
 */
export const PROCEDURE_RULES: Record<string, Others> = {
  // one's own account
  "admin.me": ANY,
  // the dashboard's cards are orders, revenue and leads; traffic is for both
  "admin.analytics": SALES,
  "admin.audit": OWNER_ONLY,
  // sales
  "orders.*": SALES,
  "payments.*": SALES,
  "leads.*": SALES,
  "proposals.*": SALES,
  "stages.*": SALES,
  "pipeline.*": SALES,
  "funnel.*": SALES,
  // prices and taxes are business settings: sales read the price list, the owner changes it
  // (saveOption, deleteOption, saveDeliveryBand, deleteDeliveryBand, saveTaxRate, deleteTaxRate, …)
  "proposals.save*": OWNER_ONLY,
  "proposals.delete*": OWNER_ONLY,
  "priceLists.*": OWNER_ONLY,
  // content
  "catalog.*": CONTENT,
  "content.*": CONTENT,
  "seo.*": CONTENT,
  "media.*": CONTENT,
  // the owner's: settings, staff, the outbox (it holds invite and reset links), API keys, webhooks
  "settings.*": OWNER_ONLY,
  "staff.*": OWNER_ONLY,
  "notifications.*": OWNER_ONLY,
  "webhooks.*": OWNER_ONLY,
  "apiKeys.*": OWNER_ONLY,
};

/**
 * REST: "METHOD /path" or "/path" (every method), with the route's own pattern (`:id`); a trailing
 * `/*` matches the path itself and everything under it.
 */
export const REST_RULES: Record<string, Others> = {
  "GET /api/admin/account": ANY,
  "POST /api/admin/password/change": ANY,
  "PUT /api/admin/account/email": ANY,
  "GET /api/admin/two-factor": ANY,
  "POST /api/admin/two-factor/enrol": ANY,
  "POST /api/admin/two-factor/confirm": ANY,
  "POST /api/admin/two-factor/disable": ANY,
  "POST /api/admin/two-factor/recovery-codes": ANY,
  "/api/admin/two-factor/policy": OWNER_ONLY,
  "/api/admin/dashboard/*": SALES,
  "/api/admin/orders/*": SALES,
  "/api/admin/orders.csv": SALES,
  "/api/admin/contacts/*": SALES,
  "/api/admin/contacts.csv": SALES,
  "/api/admin/proposals/*": SALES,
  "/api/admin/pipeline/*": SALES,
  "/api/admin/payments/*": SALES,
  "/api/admin/usdt-transfers/*": SALES,
  "/api/admin/warranty-claims/*": SALES,
  "/api/admin/funnel/*": SALES,
  "/api/admin/price-lists/*": OWNER_ONLY,
  "/api/admin/visitors": ANY,
  "/api/admin/visitor-stats": ANY,
  "/api/admin/seo/*": CONTENT,
  "/api/admin/media/*": CONTENT,
  "/api/admin/products/*": CONTENT,
  "/api/admin/gallery/*": CONTENT,
  "/api/admin/blog/*": CONTENT,
  "/api/admin/settings/*": OWNER_ONLY,
  "/api/admin/staff/*": OWNER_ONLY,
  "/api/admin/notifications/*": OWNER_ONLY,
  "/api/admin/webhooks/*": OWNER_ONLY,
  "/api/admin/api-keys/*": OWNER_ONLY,
};

/**
 * What a session that must set up two-factor first may still call: who it is (the back office's shell
 * reads it), the two-factor status, enrolment and its confirmation. Sign-out and the session check are
 * sign-in paths (no role check at all). Exact names only: a new procedure or path is closed until named.
 */
const BEFORE_ENROLMENT = {
  procedures: new Set(["admin.me"]),
  paths: new Set([
    "GET /api/admin/account",
    "GET /api/admin/two-factor",
    "POST /api/admin/two-factor/enrol",
    "POST /api/admin/two-factor/confirm",
  ]),
};

export const mayCallProcedureBeforeEnrolment = (path: string) => BEFORE_ENROLMENT.procedures.has(path);
export const mayCallPathBeforeEnrolment = (method: string, url: string) =>
  BEFORE_ENROLMENT.paths.has(`${method.toUpperCase()} ${url}`);

/**
 * Procedure paths and route patterns are the app's own (fixed sets), so each is looked up once, not at
 * every request (the prefix rules are a scan); the maps cannot grow with requests.
 */
function lookedUpOnce(rules: Map<string, Others>, key: string, lookUp: () => Others): Others {
  let others = rules.get(key);
  if (!others) {
    others = lookUp();
    rules.set(key, others);
  }
  return others;
}

const procedureRules = new Map<string, Others>();
const othersForProcedure = (path: string) => lookedUpOnce(procedureRules, path, () => procedureRuleOf(path));

function procedureRuleOf(path: string): Others {
  const exact = PROCEDURE_RULES[path];
  if (exact) return exact;
  let best: { length: number; others: Others } | undefined;
  for (const [key, others] of Object.entries(PROCEDURE_RULES)) {
    if (!key.endsWith("*")) continue;
    const prefix = key.slice(0, -1);
    if (path.startsWith(prefix) && prefix.length > (best?.length ?? -1)) best = { length: prefix.length, others };
  }
  return best?.others ?? OWNER_ONLY;
}

const pathRules = new Map<string, Others>();
const othersForPath = (method: string, url: string) =>
  lookedUpOnce(pathRules, `${method} ${url}`, () => pathRuleOf(method, url));

function pathRuleOf(method: string, url: string): Others {
  const exact = REST_RULES[`${method} ${url}`] ?? REST_RULES[url];
  if (exact) return exact;
  // the longest prefix rule that covers the path wins
  let best: { length: number; others: Others } | undefined;
  for (const [key, others] of Object.entries(REST_RULES)) {
    if (!key.endsWith("/*")) continue;
    const [ruleMethod, rulePath] = key.includes(" ") ? key.split(" ", 2) : [undefined, key];
    if (ruleMethod && ruleMethod !== method) continue;
    const prefix = rulePath!.slice(0, -2);
    if ((url === prefix || url.startsWith(`${prefix}/`)) && prefix.length > (best?.length ?? -1)) {
      best = { length: prefix.length, others };
    }
  }
  return best?.others ?? OWNER_ONLY;
}

export function rolesForProcedure(path: string): StaffRole[] {
  return ["owner", ...othersForProcedure(path)];
}

/** `url` is the route's declared pattern (e.g. /api/admin/orders/:id/status), not the request's path. */
export function rolesForPath(method: string, url: string): StaffRole[] {
  return ["owner", ...othersForPath(method.toUpperCase(), url)];
}

export const mayCallProcedure = (role: StaffRole, path: string) => rolesForProcedure(path).includes(role);
export const mayCallPath = (role: StaffRole, method: string, url: string) => rolesForPath(method, url).includes(role);

/**
 * The back office's areas and what each one's screen opens with (a hand-written procedure, or the
 * route of one made from a declared operation, "GET /path"): a role sees an area it may read.
 */
const AREA_PROBES: Record<StaffArea, string> = {
  dashboard: "GET /api/admin/dashboard/stats",
  orders: "orders.list",
  leads: "leads.list",
  proposals: "GET /api/admin/proposals",
  pipeline: "GET /api/admin/pipeline",
  visitors: "GET /api/admin/visitors",
  catalog: "catalog.list",
  gallery: "content.gallery",
  blog: "content.posts",
  seo: "GET /api/admin/seo/report",
  activity: "admin.audit",
  notifications: "GET /api/admin/notifications",
  settings: "GET /api/admin/settings",
  staff: "GET /api/admin/staff",
  webhooks: "GET /api/admin/webhooks",
  apiKeys: "apiKeys.list",
};

const mayOpen = (role: StaffRole, probe: string) => {
  const [method, url] = probe.split(" ");
  return url ? mayCallPath(role, method!, url) : mayCallProcedure(role, probe);
};

export function areasOf(role: StaffRole): StaffArea[] {
  return (Object.keys(AREA_PROBES) as StaffArea[]).filter((area) => mayOpen(role, AREA_PROBES[area]));
}

export const isStaffRole = (value: string): value is StaffRole =>
  value === "owner" || value === "sales" || value === "content";
