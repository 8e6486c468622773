// Small, explicit user-agent rules: enough for the visitor report, no library needed.

const BOT_PATTERN =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|slackbot|linkedinbot|twitterbot|pinterest|yandex|baiduspider|duckduckgo|semrush|ahrefs|mj12|dotbot|petalbot|applebot|google-inspectiontool|lighthouse|headlesschrome|phantomjs|python-requests|curl\/|wget\/|httpclient|okhttp|go-http-client|node-fetch|axios|postman|insomnia/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_PATTERN.test(userAgent);
}

export function detectDevice(userAgent: string): "Mobile" | "Tablet" | "Desktop" {
  if (/ipad|tablet|(android(?!.*mobile))/i.test(userAgent)) return "Tablet";
  if (/mobi|iphone|ipod|android.*mobile|windows phone/i.test(userAgent)) return "Mobile";
  return "Desktop";
}

export function detectBrowser(userAgent: string): "Edge" | "Opera" | "Chrome" | "Firefox" | "Safari" | "Unknown" {
  if (/edg\//i.test(userAgent)) return "Edge";
  if (/opr\/|opera/i.test(userAgent)) return "Opera";
  if (/firefox|fxios/i.test(userAgent)) return "Firefox";
  if (/chrome|crios|chromium/i.test(userAgent)) return "Chrome";
  if (/safari/i.test(userAgent)) return "Safari";
  return "Unknown";
}
