import type { Env } from "../../env";

/** What the browser apps need to know about the business; one configuration used everywhere. */
export function siteConfig(env: Env) {
  const social = [
    { name: "Facebook", url: env.SOCIAL_FACEBOOK },
    { name: "Instagram", url: env.SOCIAL_INSTAGRAM },
    { name: "YouTube", url: env.SOCIAL_YOUTUBE },
    { name: "LinkedIn", url: env.SOCIAL_LINKEDIN },
  ].filter((s): s is { name: string; url: string } => Boolean(s.url));
  return {
    company: {
      name: env.COMPANY_NAME,
      phone: env.COMPANY_PHONE,
      email: env.COMPANY_EMAIL,
      street: env.COMPANY_STREET,
      city: env.COMPANY_CITY,
      region: env.COMPANY_REGION,
      postalCode: env.COMPANY_POSTAL_CODE,
    },
    usdtWalletAddress: env.USDT_WALLET_ADDRESS,
    social,
    gaMeasurementId: env.GA_MEASUREMENT_ID ?? null,
    siteUrl: env.PUBLIC_SITE_URL ?? env.storefrontOrigin,
  };
}
export type SiteConfig = ReturnType<typeof siteConfig>;
