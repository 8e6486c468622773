import { z } from "zod";
import { CONTACT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from "./constants";
import { id, requiredText, text } from "./fields";

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
  setupToken: text(200).optional(),
});

export const orderStatusInput = z.strictObject({ status: z.enum(ORDER_STATUSES) });
export const paymentStatusInput = z.strictObject({ paymentStatus: z.enum(PAYMENT_STATUSES) });
export const contactStatusInput = z.strictObject({ status: z.enum(CONTACT_STATUSES) });
export const idParams = z.strictObject({ id: id() });
export const noteInput = z.strictObject({ body: requiredText(4000, "note") });

export const adminListQuery = z.strictObject({
  q: text(200).optional(),
  status: text(40).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export interface AdminOrderDto {
  id: number;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  productName: string;
  totalAmount: number;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  createdAt: string;
}

export interface AdminContactDto {
  id: number;
  source: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  projectType: string | null;
  budget: string | null;
  message: string | null;
  preferredTime: string | null;
  productId: number | null;
  status: string;
  createdAt: string;
}

export interface DashboardStatsDto {
  totalOrders: number;
  pendingOrders: number;
  /** Money received: recorded payments in the ledger, net of refunds (not what was merely ordered). */
  totalRevenue: number;
  /** The totals of orders that are not cancelled, paid or not. */
  orderedAmount: number;
  newContacts: number;
  totalProducts: number;
  roiCalculations: number;
  recentOrders: AdminOrderDto[];
  recentContacts: AdminContactDto[];
}
