// Business details (phone, e-mail, address, hours, warranty, lead times, deposit, social links: the
// back office's business settings; USDT wallet and GA id from the environment) come from the server:
// embedded in the HTML as <script id="site-config" type="application/json">, or from the settings.config
// procedure (REST GET /api/config) when the page was not served by the API (Vite dev server). Components never hard-code them.

import type { SiteConfig } from "@ch/contracts/business-facts";
import { MILESTONE_DUE_LABELS } from "@ch/contracts/totals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { trpcClient } from "./trpc";

export type { SiteConfig };

export function readEmbeddedSiteConfig(): SiteConfig | null {
  const element = typeof document === "undefined" ? null : document.getElementById("site-config");
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SiteConfig;
  } catch {
    return null;
  }
}

let pending: Promise<SiteConfig> | null = null;

export function loadSiteConfig(): Promise<SiteConfig> {
  const embedded = readEmbeddedSiteConfig();
  if (embedded) return Promise.resolve(embedded);
  pending ??= trpcClient.settings.config.query().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

export const siteConfigQuery = queryOptions({
  queryKey: ["/api/config"],
  queryFn: loadSiteConfig,
  initialData: () => readEmbeddedSiteConfig() ?? undefined,
});

/** The site configuration, or undefined while it loads (dev server only). */
export function useSiteConfig(): SiteConfig | undefined {
  return useQuery(siteConfigQuery).data;
}

export function formatAddress(company: SiteConfig["company"]): string {
  return `${company.street}, ${company.city}, ${company.region} ${company.postalCode}`.trim();
}

export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** A phone number as link text that does not wrap at its spaces. */
export const phoneText = (phone: string): string => phone.replace(/ /g, "\u00a0");

/**
 * "50% deposit, balance due on delivery" (or full payment when the deposit is the whole total); with the
 * owner's own schedule, its milestones: "30% deposit, then 40% at production start and 30% on delivery".
 */
export function depositTerms(config: Pick<SiteConfig, "depositPercent" | "paymentSchedule">): string {
  if (config.depositPercent >= 100) return "Full payment when you order";
  const later = (config.paymentSchedule ?? []).slice(1);
  if (later.length < 2) return `${config.depositPercent}% deposit, balance due on delivery`;
  const parts = later.map((m) => `${m.percent}% ${MILESTONE_DUE_LABELS[m.dueOn]}`);
  return `${config.depositPercent}% deposit, then ${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
