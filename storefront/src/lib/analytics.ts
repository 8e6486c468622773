// Add-to-cart and spec-sheet events go to Google Analytics when a measurement id is configured.
// gtag.js is loaded only then (the server's CSP allows its origin only then); otherwise a warning.
import { loadSiteConfig } from "./site-config";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

let loadedFor: string | null = null;

function ensureGtag(measurementId: string): void {
  if (loadedFor === measurementId && window.gtag) return;
  loadedFor = measurementId;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array
    // biome-ignore lint/complexity/noArguments: the gtag.js contract
    window.dataLayer!.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", measurementId, { send_page_view: false });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

export async function trackEvent(name: string, params: Record<string, unknown>): Promise<void> {
  let measurementId: string | null = null;
  try {
    measurementId = (await loadSiteConfig()).gaMeasurementId;
  } catch {
    measurementId = null;
  }
  if (!measurementId) {
    console.warn(`Analytics: no Google Analytics measurement id is configured; "${name}" was not sent.`);
    return;
  }
  ensureGtag(measurementId);
  window.gtag?.("event", name, params);
}
