// The audit log: who changed what, written in the change's own transaction.
export type { Actor, AuditEntry } from "./audit.service";
export { auditedChange, CUSTOMER, entityAudit, listAudit, recordAudit, SYSTEM, WATCHER } from "./audit.service";
