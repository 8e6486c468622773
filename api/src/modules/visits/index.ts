// Visits: recording storefront visitors (one device per day, anonymised) and their report.
export { visitRoutes } from "./visits.rest";
export { deleteOldVisits, listVisits, visitorStats } from "./visits.service";
