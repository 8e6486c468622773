// Recording payments: bank and staff entries, USDT on TRON (hashes, the watcher) and the order's settling.
export { createPaymentReminderJob, REMINDER_AFTER_DAYS, sendPaymentReminders } from "./payment-reminders";
export { adminPaymentRoutes, paymentRoutes } from "./payments.rest";
export { adminPaymentsRouter, paymentsRouter } from "./payments.router";
export { settleOrder } from "./payments.service";
export type { TronWatcher } from "./tron-watcher";
export { createTronWatcher, createTronWatcherJob } from "./tron-watcher";
export { adminUsdtTransferRoutes } from "./usdt-transfers.rest";
