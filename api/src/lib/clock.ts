/** Injectable time, so tests can move past throttling windows and session timeouts. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
