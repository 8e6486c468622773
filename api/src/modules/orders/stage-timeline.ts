// An order's timeline of stages (order_events): writing a row, and reading the stages reached, a move that
// was undone and its undo left out. A move's row keeps what its undo needs (data.undo).

import { ORDER_STAGES, type OrderStage } from "@ch/contracts/stages";
import { type Executor, schema } from "@ch/db";
import { and, asc, eq, inArray } from "drizzle-orm";

const { orderEvents } = schema;

/** What a move's timeline row keeps for its undo (order_events.data.undo). */
export interface UndoRecord {
  group: string;
  until: string;
  back: OrderStage;
  backSince: string;
  emailIds: number[];
}

export const undoRecordOf = (data: unknown): UndoRecord | null => {
  const undo = (data as { undo?: UndoRecord } | null)?.undo;
  return undo && typeof undo.group === "string" && typeof undo.until === "string" ? undo : null;
};

export interface OrderEventInput {
  orderId: number;
  kind: string;
  actor: string;
  fromStage?: string | null;
  toStage?: string | null;
  data?: Record<string, unknown>;
  at?: Date;
}

/** Adds one row to the order's timeline. */
export async function recordOrderEvent(db: Executor, event: OrderEventInput): Promise<void> {
  await db.insert(orderEvents).values({
    orderId: event.orderId,
    kind: event.kind,
    actor: event.actor,
    fromStage: event.fromStage ?? null,
    toStage: event.toStage ?? null,
    data: event.data ?? {},
    ...(event.at ? { createdAt: event.at } : {}),
  });
}

export const isStage = (value: string): value is OrderStage => (ORDER_STAGES as readonly string[]).includes(value);

/**
 * The order's stage history (oldest first): when each stage was reached and who moved it. A move that was
 * undone, and its undo, are left out.
 */
export async function listStageEvents(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const events = await db
    .select({
      id: orderEvents.id,
      orderId: orderEvents.orderId,
      fromStage: orderEvents.fromStage,
      toStage: orderEvents.toStage,
      actor: orderEvents.actor,
      data: orderEvents.data,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.kind, "stage")))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const undoneIds = (data: Record<string, unknown>) => (Array.isArray(data.undoes) ? (data.undoes as number[]) : []);
  const undone = new Set(events.flatMap((e) => undoneIds(e.data)));
  return events.filter((e) => !undone.has(e.id) && undoneIds(e.data).length === 0);
}

/** The stages an order has reached, with their dates, for the customer's order-status page. */
export async function stageHistory(db: Executor, orderId: number) {
  const events = await listStageEvents(db, [orderId]);
  return events.map((e) => ({ stage: e.toStage, at: e.createdAt.toISOString() }));
}
