// User-agent rules for the visitor report. Bots come from isbot's maintained list (crawlers, link previews,
// monitors, headless browsers, HTTP libraries such as curl) plus what it cannot know; device and browser
// are a few explicit rules.
import { createIsbotFromList, list } from "isbot";

/**
 * Lighthouse run from the CLI, Node or DevTools (12.x; `npm run bench` runs it) sends its emulated phone's
 * user agent and nothing else: "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36
 * (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36", with no "Chrome-Lighthouse" (PageSpeed
 * Insights still adds that, and isbot's list has it) and no "HeadlessChrome" (isbot's "headless"). No real
 * Chrome sends this shape: since its user-agent reduction (Chrome 110+) Chrome on Android says
 * "Android 10; K" instead of the model, and the version ends in .0.0.0 only in reduced agents.
 */
export const LIGHTHOUSE_EMULATED_PHONE = String.raw`android 11; moto g power \(2022\)\) applewebkit/537\.36 \(khtml, like gecko\) chrome/\d+\.0\.0\.0 mobile safari/537\.36$`;

/** isbot's list (case-insensitive patterns) and the agents it misses. */
const detectBot = createIsbotFromList([...list, LIGHTHOUSE_EMULATED_PHONE]);

/** True for crawlers, scripts, headless browsers and Lighthouse, and for requests without a user agent: they are not counted. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || detectBot(userAgent);
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
