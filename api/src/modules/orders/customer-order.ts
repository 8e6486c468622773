// The order a customer names by its number and e-mail (the order look-up and the USDT hash submission).
// No imports from payments: the payments module reads it too.
import { type Executor, schema } from "@ch/db";
import { and, eq, sql } from "drizzle-orm";
import { notFound } from "../../lib/errors";

const { orders } = schema;

/** The same "not found" for an unknown number and a wrong e-mail. */
export async function customerOrderRow(db: Executor, orderNumber: string, email: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber.trim().toUpperCase()), sql`lower(${orders.email}) = lower(${email})`))
    .limit(1);
  if (!order) throw notFound("No order matches that order number and e-mail address");
  return order;
}
