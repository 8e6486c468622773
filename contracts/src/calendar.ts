// The weekdays and time zones the business settings name: plain constants, shared by the settings schema
// (./settings) and the words made from the settings (./business-facts).
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The time zones a Texas business may state its hours in, with the label shown next to the hours. */
export const TIME_ZONES = {
  "America/Chicago": "Central Time",
  "America/Denver": "Mountain Time",
  "America/New_York": "Eastern Time",
  "America/Los_Angeles": "Pacific Time",
  "America/Phoenix": "Arizona Time",
} as const;
export type TimeZoneId = keyof typeof TIME_ZONES;
