// The back office's core REST paths: sign-in and first-admin setup (no session), the order and contact lists
// and status changes, and the operations of the dashboard and visitor screens, each also its tRPC procedure
// admin.<name> (admin.router.ts).
import {
  adminContactList,
  adminContactListQuery,
  adminOrderList,
  adminOrderListQuery,
  dashboardStatsDto,
  loginAnswer,
  loginInput,
  sessionAnswer,
  setupAnswer,
  setupInput,
} from "@ch/contracts/admin";
import { okAnswer } from "@ch/contracts/responses";
import { visitorListQuery, visitorStatsDto, visitRecordList } from "@ch/contracts/visits";
import { route } from "../../http/route";
import { clearSessionCookie } from "../../http/session-cookie";
import { createdPageItems } from "../../lib/cursor";
import { unauthorized } from "../../lib/errors";
import { resolveSession } from "../access";
import { recentDashboardStats } from "../analytics";
import { listContactsForAdmin } from "../leads";
import { listOrdersForAdmin } from "../orders";
import { listVisits, visitorStats } from "../visits";
import { setupFirstAdmin, signIn, signOut, startSession } from "./auth.service";
import { readDeviceToken, rememberThisDevice } from "./device-cookie";

export const adminCoreOperations = {
  stats: route({
    method: "GET",
    url: "/api/admin/dashboard/stats",
    access: "admin",
    summary: "Dashboard cards, counts and the five most recent orders and contacts",
    operationId: "getDashboardStats",
    response: dashboardStatsDto,
    tags: ["admin"],
    answer:
      "{ totalOrders, pendingOrders (stage awaiting deposit), cancelledOrders, bookedOrders, revenueReceivedCents (cash: the ledger's recorded payments, refunds negative), refundedCents, revenueBookedCents (totals of every order whose stage is not cancelled, paid or not), totalRevenue and orderedAmount (the same two, under the spec's names), newContacts, totalProducts, roiCalculations, recentOrders (with their stage), recentContacts }",
    handler: ({ deps }) => recentDashboardStats(deps.db),
  }),
  visitors: route({
    method: "GET",
    url: "/api/admin/visitors",
    access: "admin",
    summary: "The latest 50 visitor records",
    operationId: "listVisitors",
    response: visitRecordList,
    tags: ["admin"],
    query: visitorListQuery,
    answer: "Array of visitor records",
    handler: ({ deps, query }) => listVisits(deps.db, 50, query),
  }),
  visitorStats: route({
    method: "GET",
    url: "/api/admin/visitor-stats",
    access: "admin",
    summary: "Visit totals and top pages, devices and browsers",
    operationId: "getVisitorStats",
    response: visitorStatsDto,
    tags: ["admin"],
    answer: "Visitor stats",
    handler: ({ deps }) => visitorStats(deps.db),
  }),
};

export const adminRoutes = [
  route({
    method: "POST",
    url: "/api/admin/setup",
    access: "adminAuth",
    summary: "Create the first admin (an owner) and sign it in; refused with 409 once any admin exists",
    operationId: "createFirstAdmin",
    response: setupAnswer,
    errors: [409, 429],
    tags: ["admin"],
    body: setupInput,
    successStatus: 201,
    answer:
      "201 with { id, username } and the new owner's session cookie (signed in: no second sign-in); `email`, optional, is where password reset links go; 409 once an admin exists; 429 with Retry-After past 10 requests from one address in 10 minutes",
    handler: async ({ deps, body, ip, req }) => {
      const admin = await setupFirstAdmin(deps, body, ip);
      await startSession(deps, admin, ip, req);
      return admin;
    },
  }),
  route({
    method: "POST",
    url: "/api/admin/login",
    access: "adminAuth",
    summary: "Sign in; sets an httpOnly session cookie",
    operationId: "signIn",
    response: loginAnswer,
    errors: [401, 429, 503],
    tags: ["admin"],
    body: loginInput,
    answer:
      "{ ok, username, expiresAt }; with two-factor sign-in { ok: false, step: 'code' | 'enrol', challenge, expiresAt } (then POST /api/admin/login/verify); 401 for a wrong pair; 429 with Retry-After after repeated failures; 503 with Retry-After when too many sign-ins are being checked at once",
    handler: async ({ deps, body, req, reply, ip }) => {
      const result = await signIn(deps, body, ip, req, readDeviceToken(req, deps.env));
      if ("challenge" in result) {
        return {
          ok: false as const,
          step: result.purpose,
          challenge: result.challenge,
          expiresAt: result.expiresAt.toISOString(),
        };
      }
      await rememberThisDevice(deps, req, reply, result.admin.id);
      req.log.info({ admin: result.admin.username }, "admin signed in");
      return { ok: true as const, username: result.admin.username, expiresAt: result.expiresAt.toISOString() };
    },
  }),
  route({
    method: "POST",
    url: "/api/admin/logout",
    access: "adminAuth",
    summary: "Sign out; ends the session on every API process",
    operationId: "signOut",
    response: okAnswer,
    tags: ["admin"],
    answer: "{ ok: true }",
    handler: async ({ deps, req, reply }) => {
      await signOut(req);
      clearSessionCookie(reply, deps.env);
      return { ok: true as const };
    },
  }),
  route({
    method: "GET",
    url: "/api/admin/session",
    access: "adminAuth",
    summary: "The signed-in admin, or 401",
    operationId: "getSession",
    response: sessionAnswer,
    errors: [401],
    tags: ["admin"],
    answer: "{ authenticated: true, username }",
    handler: async ({ req }) => {
      const admin = resolveSession(req);
      if (!admin) throw unauthorized();
      return { authenticated: true as const, username: admin.username };
    },
  }),
  adminCoreOperations.stats,
  route({
    method: "GET",
    url: "/api/admin/orders",
    access: "admin",
    summary: "Orders, newest first; q searches number, name and e-mail; status filters",
    operationId: "listOrders",
    response: adminOrderList,
    tags: ["admin"],
    query: adminOrderListQuery,
    answer: "Array of orders (admin view)",
    // the next page is in the Link header only: the body stays a plain array
    handler: ({ deps, query, req, reply }) =>
      createdPageItems({ req, reply }, query, (filter) => listOrdersForAdmin(deps.db, filter)),
  }),
  route({
    method: "GET",
    url: "/api/admin/contacts",
    access: "admin",
    summary: "Every lead (contact forms, quotes, calls, ROI results, chats), newest first",
    operationId: "listContacts",
    response: adminContactList,
    tags: ["admin"],
    query: adminContactListQuery,
    answer: "Array of contacts (admin view)",
    handler: ({ deps, query, req, reply }) =>
      createdPageItems({ req, reply }, query, (filter) => listContactsForAdmin(deps.db, filter)),
  }),
  adminCoreOperations.visitors,
  adminCoreOperations.visitorStats,
];
