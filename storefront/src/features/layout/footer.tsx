import { Link } from "@tanstack/react-router";
import { CompanyContactList } from "../../components/company-contact";
import { useHydrated } from "../../lib/hydrated";
import { pageRoute } from "../../lib/page-route";
import { type SiteConfig, useSiteConfig } from "../../lib/site-config";
import { SITE_NAME } from "../../lib/site-name";

const QUICK_LINKS = [
  { label: "Products", to: "/products/{-$category}", params: { category: undefined } },
  { label: "Gallery", to: "/gallery" },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
] as const;

const SERVICES = [
  { label: "Custom Design", to: pageRoute("/services/custom-design") },
  { label: "Site Preparation", to: pageRoute("/services/site-preparation") },
  { label: "Installation", to: pageRoute("/services/installation") },
  { label: "Warranty & Support", to: pageRoute("/services/warranty-support") },
] as const;

const linkClass = "rounded text-slate-300 hover:text-amber-400";

function FooterAbout({ config }: { config: SiteConfig | undefined }) {
  return (
    <div>
      <p className="text-lg font-bold text-white">{SITE_NAME}</p>
      <p className="mt-3 text-sm leading-relaxed">
        Custom shipping-container homes, offices and commercial buildings, designed and built in San Antonio and
        delivered across Texas.
      </p>
      {config && config.social.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-3">
          {config.social.map((s) => (
            <li key={s.name}>
              <a href={s.url} target="_blank" rel="noopener noreferrer" className={`${linkClass} text-sm`}>
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FooterContact({ config }: { config: SiteConfig | undefined }) {
  return (
    <div>
      <h2 className="font-semibold text-white">Contact</h2>
      {config ? <CompanyContactList company={config.company} look="footer" /> : null}
    </div>
  );
}

function FooterBottom({ year }: { year: number }) {
  return (
    <div className="border-t border-slate-800">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 pt-6 pb-24 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>
          © {year > 2024 ? `2024-${year}` : "2024"} {SITE_NAME}. All rights reserved.
        </p>
        <ul className="flex flex-wrap gap-4">
          <li>
            <Link to={pageRoute("/privacy-policy")} className={linkClass}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link to={pageRoute("/terms-of-service")} className={linkClass}>
              Terms of Service
            </Link>
          </li>
          <li>
            <Link to={pageRoute("/return-policy")} className={linkClass}>
              Return Policy
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}

export function Footer() {
  const config = useSiteConfig();
  // the server's year (UTC) until hydrated, then the reader's own (they differ only around New Year)
  const hydrated = useHydrated();
  const year = hydrated ? new Date().getFullYear() : new Date().getUTCFullYear();
  return (
    <footer className="bg-slate-950 text-slate-300 max-sm:pb-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <FooterAbout config={config} />
        <div>
          <h2 className="font-semibold text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} params={"params" in l ? l.params : undefined} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Services</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {SERVICES.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <FooterContact config={config} />
      </div>
      <FooterBottom year={year} />
    </footer>
  );
}
