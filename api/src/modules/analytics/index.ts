// Dashboard figures and the sales funnel, computed from leads, orders and visits.
export { recentAnalytics, recentDashboardStats } from "./analytics.service";
export { salesFunnel } from "./funnel.service";
