// The column shapes the tables share. Not exported from the schema's index: it holds no table.
import { type AnyPgColumn, integer, serial, text, timestamp } from "drizzle-orm/pg-core";

/** The generated integer key of a table. */
export const id = () => serial("id").primaryKey();

/** Every point in time in the schema is a `timestamp with time zone`. */
export const timestamptz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A required link to the row this one belongs to: deleting that row deletes this one. */
export const parentRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: "cascade" });

/** An optional link to a row that may be deleted: the link is then cleared. */
export const optionalRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: "set null" });

/** The state of an outbox row a worker delivers: claimed by lease (`lockedUntil`), retried at `nextAttemptAt`. */
export const deliveryState = () => ({
  status: text("status").notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
  lockedUntil: timestamptz("locked_until"),
});
