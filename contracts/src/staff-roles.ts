// Roles, areas and the password length: plain values (no zod), so the back office's first load can
// import them without the schema library.
export const STAFF_ROLES = ["owner", "sales", "content"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who makes a back-office call: a signed-in account, or the creator of the API key used. */
export interface SessionAdmin {
  id: number;
  username: string;
  /** What the account may do (api/src/modules/access/access-policy.ts). */
  role: StaffRole;
  sessionId: string;
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  sales: "Sales",
  content: "Content",
};

/**
 * The back office's areas: what the navigation shows. Which role has which is the server's answer
 * (staff.me, from api/src/modules/access/access-policy.ts), never decided in the browser.
 */
export const STAFF_AREAS = [
  "dashboard",
  "orders",
  "leads",
  "proposals",
  "pipeline",
  "visitors",
  "catalog",
  "gallery",
  "blog",
  "seo",
  "activity",
  "notifications",
  "settings",
  "staff",
  "webhooks",
  "apiKeys",
] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/** New passwords (setup, invites, change, reset): at least 12 characters, and not a common password. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
