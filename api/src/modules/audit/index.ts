// The audit log: who changed what, written in the change's own transaction.
export type { Actor } from "./audit.service";
export { CUSTOMER, listAudit, recordAudit, SYSTEM, WATCHER } from "./audit.service";
