/** The spec: dashboard figures and lists reload every 30 seconds. */
export const STATS_REFRESH_MS = 30_000;
