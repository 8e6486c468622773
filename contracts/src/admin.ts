import { z } from "zod";
import { changeFilters } from "./change-filters";
import { CONTACT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from "./constants";
import { cursorParam, id, listLimit, optionalEmail, optionalText, requiredText, text } from "./fields";
import { inCents, inDollars } from "./money";
import { changeTimes, instant, int } from "./responses";
import { ORDER_STAGES } from "./stages";

/** The same rule as every new password (contracts/staff.ts newPassword). */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

export const loginInput = z.strictObject({
  username: requiredText(64, "username"),
  password: z.string().min(1, "password is required").max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
  /** A current authenticator code sent with the password: both factors at once (and past the per-user slow-down). */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "must be the 6-digit code from your authenticator app")
    .optional(),
});

export const setupInput = z.strictObject({
  username: requiredText(64, "username").pipe(
    z.string().regex(/^[A-Za-z0-9._@-]+$/, "may use letters, digits and . _ @ - only"),
  ),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
  /** Where password reset links go (optional here, asked by the back office's form). */
  email: optionalEmail(),
  setupToken: text(200).optional(),
});

export const orderStatusInput = z.strictObject({
  status: z.enum(ORDER_STATUSES),
  /** Required to cancel. */
  reason: optionalText(500),
});
export const paymentStatusInput = z.strictObject({ paymentStatus: z.enum(PAYMENT_STATUSES) });
export const contactStatusInput = z.strictObject({ status: z.enum(CONTACT_STATUSES) });
export const idParams = z.strictObject({ id: id() });
export const noteInput = z.strictObject({ body: requiredText(4000, "note") });

export { cursorParam };

export const adminListQuery = z.strictObject({
  q: text(200).optional(),
  status: text(40).optional(),
  limit: listLimit(),
});

export const adminOrderDto = z.object({
  id: int(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  productName: z.string(),
  totalAmount: inDollars(),
  /** Derived from the stage (the order's one state). */
  status: z.string(),
  /** Derived from the ledger: paid once the payments recorded cover every invoice. */
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  /** The build stage (contracts/src/stages.ts). */
  stage: z.string(),
  /** On the orders list: the customer's messages staff have not read yet. */
  unreadMessages: int().optional(),
  ...changeTimes(),
});
export type AdminOrderDto = z.infer<typeof adminOrderDto>;
export const adminOrderList = z.array(adminOrderDto);

export const adminContactDto = z.object({
  id: int(),
  source: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  projectType: z.string().nullable(),
  budget: z.string().nullable(),
  message: z.string().nullable(),
  preferredTime: z.string().nullable(),
  deliveryZip: z.string().nullable(),
  deliveryState: z.string().nullable(),
  productId: int().nullable(),
  status: z.string(),
  ...changeTimes(),
});
export type AdminContactDto = z.infer<typeof adminContactDto>;
export const adminContactList = z.array(adminContactDto);

/**
 * The dashboard cards. Two revenues, never mixed: received is cash (the payment ledger), booked is what
 * customers ordered (paid or not). Amounts in integer cents; totalRevenue and orderedAmount are the same
 * two figures in dollars, kept for integrators.
 */
export const dashboardStatsDto = z.object({
  totalOrders: int().describe("Every order, cancelled ones included"),
  pendingOrders: int().describe("Orders at the stage awaiting deposit"),
  cancelledOrders: int().describe("Orders at the stage cancelled"),
  bookedOrders: int().describe("Orders whose stage is not cancelled (paid or not)"),
  revenueReceivedCents: inCents().describe(
    "Revenue received (cash): the sum of the payments recorded in the ledger (status recorded), refunds counted negative, whatever the order's stage",
  ),
  refundedCents: inCents().describe("The refunds among them, as a positive amount"),
  revenueBookedCents: inCents().describe(
    "Revenue booked: the sum of the totals (tax and delivery included) of every order whose stage is not cancelled, paid or not",
  ),
  /** Dollars: revenueReceivedCents / 100. */
  totalRevenue: inDollars().describe("Revenue received: the same figure as revenueReceivedCents (the spec's field)"),
  /** Dollars: revenueBookedCents / 100. */
  orderedAmount: inDollars().describe("Revenue booked: the same figure as revenueBookedCents (the spec's field)"),
  newContacts: int(),
  totalProducts: int(),
  roiCalculations: int(),
  recentOrders: z.array(adminOrderDto),
  recentContacts: z.array(adminContactDto),
});
export type DashboardStatsDto = z.infer<typeof dashboardStatsDto>;

/**
 * The Analytics tab (admin.analytics). Amounts in integer cents. Booked = totals of orders whose stage is
 * not cancelled, by the day the order was placed; received = payments recorded in the ledger (refunds
 * negative), by the day the money arrived (received_at, else when it was recorded). Months and weeks are UTC.
 */
export const analyticsDto = z.object({
  monthlyRevenue: z.array(
    z.object({
      /** YYYY-MM */
      month: z.string(),
      bookedCents: inCents(),
      receivedCents: inCents(),
      /** Orders placed that month whose stage is not cancelled. */
      orders: int(),
    }),
  ),
  /** Every order by its stage, in the stages' order (all time). */
  ordersByStage: z.array(z.object({ stage: z.enum(ORDER_STAGES), count: int() })),
  weeklyOrders: z.array(z.object({ weekStart: z.string(), orders: int() })),
  customerAcquisition: z.object({
    totalCustomers: int(),
    enquirers: int(),
    convertedEnquirers: int(),
    conversionRate: z.number(),
    /** Orders whose stage is not cancelled, and the sum of their totals (all time). */
    bookedOrders: int(),
    bookedCents: inCents(),
    /** Payments recorded, net of refunds (all time). */
    receivedCents: inCents(),
    /** bookedCents / bookedOrders, rounded to the cent. */
    averageOrderValueCents: inCents(),
    /** bookedCents / totalCustomers, rounded to the cent. */
    customerLifetimeValueCents: inCents(),
  }),
});
export type AnalyticsDto = z.infer<typeof analyticsDto>;

// ---- sign-in answers

export const setupAnswer = z
  .object({ id: int(), username: z.string() })
  .meta({ examples: [{ id: 1, username: "owner" }] });
/** Signed in, or (two-factor) the challenge to answer at /api/admin/login/verify or /enrol. */
export const loginAnswer = z.union([
  z.object({ ok: z.literal(true), username: z.string(), expiresAt: z.iso.datetime({ offset: true }) }),
  z.object({
    ok: z.literal(false),
    step: z.enum(["code", "enrol"]),
    challenge: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
]);
export const sessionAnswer = z.object({ authenticated: z.literal(true), username: z.string() });

// ---- cursor pages (admin REST lists; api/src/lib/cursor.ts makes and reads the cursors) ----------------

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;

/** `limit` rows (default 50, at most 200) after `cursor`. */
export const pageQuery = z.strictObject({
  cursor: cursorParam.optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  ...changeFilters,
});

/** The body of a cursor-paginated list: the page's rows and the next page's URL (null on the last page). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    next: z.string().nullable().describe("URL of the next page (same filters, a new cursor); null on the last page"),
  });

const isoDateOrInstant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "must be a date (YYYY-MM-DD) or an ISO instant" })
  .transform((value) => new Date(value));

/**
 * GET /api/admin/contacts: adminListQuery and a cursor from the `Link: <…>; rel="next"` header of the
 * previous page (the body stays a plain array). Without `limit`, 500 rows a page.
 */
export const adminContactListQuery = adminListQuery.extend({ cursor: cursorParam.optional(), ...changeFilters });

/** GET /api/admin/orders: adminContactListQuery's fields and the order's own filters. */
export const adminOrderListQuery = adminContactListQuery.extend({
  stage: text(40).optional(),
  paymentStatus: text(40).optional(),
  /** Placed at or after this date/instant (a date is its UTC midnight). */
  from: isoDateOrInstant.optional(),
  /** Placed before this instant; a date includes its whole UTC day. */
  to: z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "must be a date (YYYY-MM-DD) or an ISO instant" })
    .transform((value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(value) + 86_400_000) : new Date(value),
    )
    .optional(),
});

/**
 * The back office's orders and contacts tables (tRPC orders.list / leads.list): the REST lists' filters, a
 * server-side sort shaped as one item of TanStack Table's SortingState ({ id, desc }; default createdAt,
 * newest first) and the opaque cursor of the previous page's `nextCursor`. Without `limit`, 500 rows.
 * `direction` is what tRPC's infinite queries send beside the cursor (always forward here).
 */
export const ADMIN_ORDER_SORTS = ["createdAt", "totalAmount", "customerName"] as const;
export const ADMIN_CONTACT_SORTS = ["createdAt", "name"] as const;
export type AdminOrderSort = { id: (typeof ADMIN_ORDER_SORTS)[number]; desc: boolean };
export type AdminContactSort = { id: (typeof ADMIN_CONTACT_SORTS)[number]; desc: boolean };

/** What tRPC's infinite queries send beside the cursor of every page (always forward here). */
export const infiniteDirection = z.enum(["forward", "backward"]).optional();

export const adminOrderPageInput = adminListQuery.extend({
  cursor: cursorParam.optional(),
  direction: infiniteDirection,
  sort: z.strictObject({ id: z.enum(ADMIN_ORDER_SORTS), desc: z.boolean() }).optional(),
});
export const adminContactPageInput = adminListQuery.extend({
  cursor: cursorParam.optional(),
  direction: infiniteDirection,
  sort: z.strictObject({ id: z.enum(ADMIN_CONTACT_SORTS), desc: z.boolean() }).optional(),
});

/** A staff note on an order or a lead. */
export const noteResponse = z.object({ id: int(), adminName: z.string(), body: z.string(), createdAt: instant() });
export const noteList = z.array(noteResponse);

/** An audit entry about one record: who did what, when. */
export const auditEntryResponse = z.object({
  id: int(),
  adminName: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: instant(),
});

/** GET /api/admin/contacts/:id: the lead, its product's name, its notes (newest first) and its timeline. */
export const contactDetailsResponse = adminContactDto.extend({
  productName: z.string().nullable(),
  notes: z.array(noteResponse),
  timeline: z.array(auditEntryResponse),
});
