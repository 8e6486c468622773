// Small, explicit user-agent rules: enough for the visitor report, no library needed.

/**
 * Crawlers, link-preview fetchers, monitors, headless browsers and HTTP libraries. "bot" alone would
 * also catch Cubot phones, and "duckduckgo" / "pinterest" the real in-app browsers of those apps
 * (their crawlers are DuckDuckBot and Pinterestbot, caught by "bot").
 */
const BOT_PATTERN =
  /(?<!cu)bot(?:\b|[/_-])|crawl|spider|slurp|bingpreview|mediapartners-google|googleother|google-inspectiontool|google-read-aloud|feedfetcher|facebookexternalhit|facebookcatalog|meta-externalagent|embedly|quora link preview|whatsapp\/|skypeuripreview|vkshare|ia_archiver|yandex(?!browser)|baiduspider|semrush|ahrefs|mj12|dotbot|petalbot|bytespider|lighthouse|pagespeed|gtmetrix|pingdom|uptimerobot|statuscake|headlesschrome|phantomjs|prerender|python-requests|python-urllib|aiohttp|httpx|scrapy|curl\/|wget\/|libwww|httpclient|okhttp|go-http-client|java\/|node-fetch|undici|axios|postman|insomnia/i;

/** True for crawlers and scripts, and for requests without a user agent: they are not counted. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || BOT_PATTERN.test(userAgent);
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
