// A project's messages: the customer writes in the portal, staff on the order page. Each side is told
// of a new message (staff by Telegram and e-mail, the customer by e-mail), and reading the thread marks
// the other side's messages read, which is what the unread counts count.
import type { MessageDto, MessageThreadDto } from "@ch/contracts/portal";
import { type Executor, schema } from "@ch/db";
import { type AnyColumn, and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { type Actor, CUSTOMER, recordAudit } from "../audit";
import { documentsByIds } from "../documents";
import { type ObjectStore, objectStoreOf } from "../media";
import { composeEmail, enqueue, escapeHtml } from "../notifications";
import { settingsIn, siteUrlOf } from "../settings";
import { emitWebhookEvent } from "../webhooks";

const { orders, orderMessages, projectDocuments, warrantyClaims } = schema;

type Author = "customer" | "staff";
type OrderRow = typeof orders.$inferSelect;
type MessageRow = typeof orderMessages.$inferSelect;

/** Where each reader downloads a project's files: the portal's path or the back office's. */
export const documentUrlFor = (order: OrderRow, reader: Author) =>
  reader === "customer"
    ? (id: number) => `/api/portal/projects/${order.orderNumber}/documents/${id}`
    : (id: number) => `/api/admin/orders/${order.id}/documents/${id}`;

async function toDtos(
  db: Executor,
  store: ObjectStore,
  order: OrderRow,
  rows: MessageRow[],
  reader: Author,
): Promise<MessageDto[]> {
  const files = await documentsByIds(
    db,
    store,
    order.id,
    rows.flatMap((r) => r.attachments),
    documentUrlFor(order, reader),
  );
  return rows.map((row) => ({
    id: row.id,
    author: row.author,
    authorName: row.author === "customer" ? `${order.firstName} ${order.lastName}` : (row.staffName ?? "Our team"),
    body: row.body,
    attachments: files.filter((f) => row.attachments.includes(f.id)),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }));
}

/** Whether a thread's file went with a message or a warranty claim (it then stays with it). */
const sentWith = (documentId: AnyColumn) =>
  sql`(exists (select 1 from ${orderMessages} where ${orderMessages.attachments} @> to_jsonb(${documentId}))
    or exists (select 1 from ${warrantyClaims} where ${warrantyClaims.photos} @> to_jsonb(${documentId})))`;

/**
 * Files uploaded to this order's thread and not yet sent (with a message or a warranty claim): 400 naming
 * `field` otherwise. `images`: only images may go (a claim's photos).
 */
export async function checkUnsentFiles(
  tx: Executor,
  orderId: number,
  ids: number[],
  field: "attachments" | "photos",
  images = false,
) {
  if (ids.length === 0) return;
  const files = await tx
    .select({ id: projectDocuments.id })
    .from(projectDocuments)
    .where(
      and(
        eq(projectDocuments.orderId, orderId),
        eq(projectDocuments.kind, "attachment"),
        inArray(projectDocuments.id, ids),
        images ? sql`${projectDocuments.contentType} like 'image/%'` : undefined,
        sql`not ${sentWith(projectDocuments.id)}`,
      ),
    );
  if (files.length !== new Set(ids).size) {
    const message = `must be ${images ? "images" : "files"} uploaded to this project's thread and not sent yet`;
    throw badRequest(`Invalid body: ${field} ${message}`, [{ path: [field], message }]);
  }
}

/** Deletes a file uploaded to the thread and not sent: 404 for none on this order, 409 once sent. */
export async function discardUnsentFile(deps: Pick<Deps, "db">, orderId: number, id: number, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const [file] = await tx
      .select({ id: projectDocuments.id, sent: sql<boolean>`${sentWith(projectDocuments.id)}` })
      .from(projectDocuments)
      .where(
        and(
          eq(projectDocuments.id, id),
          eq(projectDocuments.orderId, orderId),
          eq(projectDocuments.kind, "attachment"),
        ),
      )
      .for("update");
    if (!file) throw notFound("File not found");
    if (file.sent) throw conflict("This file was sent and stays with its message");
    await tx.delete(projectDocuments).where(eq(projectDocuments.id, id));
    await recordAudit(tx, actor, "order.file_discard", "order", orderId, { documentId: id });
    return { ok: true as const };
  });
}

/** The thread as `reader` reads it: the other side's messages are marked read from now on. */
export async function readThread(deps: Deps, order: OrderRow, reader: Author): Promise<MessageThreadDto> {
  const now = deps.clock.now();
  const read = await deps.db
    .update(orderMessages)
    .set({ readAt: now })
    .where(and(eq(orderMessages.orderId, order.id), ne(orderMessages.author, reader), isNull(orderMessages.readAt)))
    .returning({ id: orderMessages.id });
  const rows = await deps.db
    .select()
    .from(orderMessages)
    .where(eq(orderMessages.orderId, order.id))
    .orderBy(asc(orderMessages.id));
  return { messages: await toDtos(deps.db, objectStoreOf(deps.env), order, rows, reader), unread: read.length };
}

/** Writes a message and tells the other side, in one transaction. */
export async function postMessage(
  deps: Deps,
  order: OrderRow,
  author: { kind: "customer" } | { kind: "staff"; actor: Actor },
  input: { body: string; attachments: number[] },
): Promise<MessageDto> {
  const { body, attachments } = input;
  const { company } = await settingsIn(deps.db, deps);
  const site = siteUrlOf(deps.env);
  const message: typeof orderMessages.$inferInsert = {
    orderId: order.id,
    author: author.kind,
    staffName: author.kind === "staff" ? author.actor.username : null,
    body,
    attachments: [...new Set(attachments)],
    createdAt: deps.clock.now(),
  };
  return deps.db.transaction(async (tx) => {
    await checkUnsentFiles(tx, order.id, attachments, "attachments");
    const [row] = await tx.insert(orderMessages).values(message).returning();
    const customer = `${order.firstName} ${order.lastName}`;
    if (author.kind === "customer") {
      await enqueue(tx, deps.env, [
        {
          channel: "telegram",
          kind: "order-message",
          bodyText: `💬 <b>Message from ${escapeHtml(customer)}</b> on order ${escapeHtml(order.orderNumber)}:\n${escapeHtml(body.slice(0, 1000))}`,
          entityType: "order",
          entityId: order.id,
        },
        {
          channel: "email",
          kind: "order-message-staff",
          recipient: company.email,
          subject: `Message from ${customer} on order ${order.orderNumber}`,
          ...composeEmail(company, [`${customer} wrote on order ${order.orderNumber}:`, body]),
          entityType: "order",
          entityId: order.id,
        },
      ]);
    } else {
      await enqueue(tx, deps.env, [
        {
          channel: "email",
          kind: "order-message-customer",
          recipient: order.email,
          subject: `A message about your order ${order.orderNumber}`,
          ...composeEmail(company, [
            `Hello ${order.firstName},`,
            `${company.name} wrote about your order ${order.orderNumber}:`,
            body,
            {
              href: `${site}/portal/${order.orderNumber}`,
              label: "Answer in your projects",
              text: "Read and answer it in your projects (sign in with this e-mail address):",
            },
          ]),
          entityType: "order",
          entityId: order.id,
        },
      ]);
    }
    const actor = author.kind === "staff" ? author.actor : CUSTOMER;
    await recordAudit(tx, actor, "order.message", "order", order.id, { messageId: row!.id, author: author.kind });
    await emitWebhookEvent(
      tx,
      "order.message",
      {
        orderId: order.id,
        orderNumber: order.orderNumber,
        messageId: row!.id,
        author: author.kind,
        attachments: row!.attachments.length,
        createdAt: row!.createdAt.toISOString(),
      },
      row!.createdAt,
    );
    const [dto] = await toDtos(tx, objectStoreOf(deps.env), order, [row!], author.kind);
    return dto!;
  });
}
