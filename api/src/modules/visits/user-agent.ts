// User-agent rules for the visitor report. Bots come from isbot's maintained list (crawlers, link previews,
// monitors, headless browsers, HTTP libraries such as curl); device and browser are a few explicit rules.
import { isbot } from "isbot";

/** True for crawlers and scripts, and for requests without a user agent: they are not counted. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || isbot(userAgent);
}

export function detectDevice(userAgent: string): "Mobile" | "Tablet" | "Desktop" {
  if (/ipad|tablet|kindle|silk\/|playbook|(android(?!.*mobile))/i.test(userAgent)) return "Tablet";
  if (/mobi|iphone|ipod|android.*mobile|windows phone|blackberry|opera mini/i.test(userAgent)) return "Mobile";
  return "Desktop";
}

export type BrowserName = "Edge" | "Opera" | "Samsung Internet" | "Chrome" | "Firefox" | "Safari" | "Unknown";

/** Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari". */
export function detectBrowser(userAgent: string): BrowserName {
  if (/edg(e|a|ios)?\//i.test(userAgent)) return "Edge";
  if (/opr\/|opera|opt\//i.test(userAgent)) return "Opera";
  if (/samsungbrowser\//i.test(userAgent)) return "Samsung Internet";
  if (/firefox\/|fxios\//i.test(userAgent)) return "Firefox";
  if (/chrome\/|crios\/|chromium\//i.test(userAgent)) return "Chrome";
  if (/safari\//i.test(userAgent) && /version\/|mobile\//i.test(userAgent)) return "Safari";
  return "Unknown";
}
