// Change orders: a change to the build after the contract, signed by the customer as the contract was.
export { adminChangeOrderRoutes } from "./change-orders.rest";
export { adminChangeOrdersRouter } from "./change-orders.router";
export { listChangeOrders, requestChangeOrderCode, signChangeOrder } from "./change-orders.service";
