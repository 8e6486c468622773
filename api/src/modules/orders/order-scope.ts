// What every admin operation on one order (/api/admin/orders/:id/…) declares alike, whichever module it is
// in (its build stage, change orders, project files): staff with a session or an API key, the orders tag,
// 404 for an unknown order.
// Kept free of imports so that any module's route list can spread it while the modules load.

export const adminOrderScope = { access: "admin" as const, tags: ["admin", "orders"], errors: [404 as const] };
