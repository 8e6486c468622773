// Orders: placing one, the customer's links, staff commands and the build stages.

export { customerOrderRow } from "./customer-order";
export { setOrderStatusByStaff, setPaymentStatusByStaff } from "./order-commands";
export { createOrder } from "./order-core";
export { adminOrderScope } from "./order-scope";
export { orderRoutes } from "./orders.rest";
export { adminOrdersRouter, ordersRouter } from "./orders.router";
export { customerReceipt, listOrdersForAdmin, orderById, unreadMessageCounts } from "./orders.service";
export { adminOrderRoutes } from "./orders-admin.rest";
export { stageHistory } from "./stage-timeline";
export { adminStageRoutes } from "./stages.rest";
export { adminStagesRouter } from "./stages.router";
export { moveOrderStage } from "./stages.service";
