import { type Database, type Executor, schema, type Tx } from "@ch/db";
import { and, desc, eq } from "drizzle-orm";

const { auditLog } = schema;

/** Who did it: a staff account (id), an API key ("api key <name> (<prefix>)"), or "customer" / "watcher" / "system" (id null). */
export interface Actor {
  id: number | null;
  username: string;
}

export const CUSTOMER: Actor = { id: null, username: "customer" };
export const WATCHER: Actor = { id: null, username: "watcher" };
export const SYSTEM: Actor = { id: null, username: "system" };

export async function recordAudit(
  db: Executor,
  actor: Actor,
  action: string,
  entityType: string,
  entityId: string | number | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({
    adminId: actor.id,
    adminName: actor.username,
    action,
    entityType,
    entityId: entityId === null ? null : String(entityId),
    detail,
  });
}

/** recordAudit's arguments after the actor: what was done to which entity, and its details. */
export type AuditEntry = [
  action: string,
  entityType: string,
  entityId: string | number | null,
  detail?: Record<string, unknown>,
];

/**
 * The entries of one kind of entity's changes, named from the changed entity, by action:
 * `entityAudit("product", (p: ProductDto) => ({ name: p.name }))("product.create")` for auditedChange.
 */
export const entityAudit =
  <T extends { id: number }>(entityType: string, detail: (entity: T) => Record<string, unknown>) =>
  (action: string) =>
  (entity: T): AuditEntry => [action, entityType, entity.id, detail(entity)];

/** Runs a change and writes its audit row (fixed, or named from the change's result) in one transaction. */
export function auditedChange<T>(
  db: Database,
  actor: Actor,
  change: (tx: Tx) => Promise<T>,
  entry: AuditEntry | ((result: T) => AuditEntry),
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    await recordAudit(tx, actor, ...(typeof entry === "function" ? entry(result) : entry));
    return result;
  });
}

export async function listAudit(
  db: Executor,
  filter: { entityType?: string; entityId?: string | number; limit?: number } = {},
) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
        filter.entityId !== undefined ? eq(auditLog.entityId, String(filter.entityId)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit ?? 200);
  return rows.map((r) => ({
    id: r.id,
    adminName: r.adminName,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    detail: r.detail,
    createdAt: r.createdAt.toISOString(),
  }));
}
