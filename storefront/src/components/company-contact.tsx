// The shop's phone, e-mail and address as a list, wherever they are shown (contact page, home page,
// footer); each place keeps its own look, named here.
import { formatAddress, phoneText, type SiteConfig, telHref } from "../lib/site-config";
import { MailIcon, PhoneIcon, PinIcon } from "./icons";

/** Each row's classes: [list item, icon, link]. */
type RowClasses = readonly [string, string, string?];

const LOOKS = {
  /** a card on a light page (/contact) */
  card: {
    list: "mt-4 space-y-3 text-slate-700",
    phone: ["flex items-center gap-3", "h-5 w-5 text-amber-600", "rounded hover:text-amber-700"],
    email: ["flex items-center gap-3", "h-5 w-5 shrink-0 text-amber-600", "rounded break-all hover:text-amber-700"],
    address: ["flex items-start gap-3", "h-5 w-5 shrink-0 text-amber-600"],
  },
  /** the home page's dark contact section */
  dark: {
    list: "mt-8 space-y-4",
    phone: ["flex items-center gap-3", "h-5 w-5 text-amber-400", "rounded hover:text-amber-400"],
    email: ["flex items-center gap-3", "h-5 w-5 shrink-0 text-amber-400", "rounded break-all hover:text-amber-400"],
    address: ["flex items-center gap-3", "h-5 w-5 shrink-0 text-amber-400"],
  },
  footer: {
    list: "mt-3 space-y-3 text-sm",
    phone: [
      "flex gap-2",
      "h-4 w-4 shrink-0 translate-y-0.5 text-amber-400",
      "rounded text-slate-300 hover:text-amber-400",
    ],
    email: [
      "flex gap-2",
      "h-4 w-4 shrink-0 translate-y-0.5 text-amber-400",
      "rounded text-slate-300 hover:text-amber-400 break-all",
    ],
    address: ["flex gap-2", "h-4 w-4 shrink-0 translate-y-0.5 text-amber-400"],
  },
} satisfies Record<string, { list: string; phone: RowClasses; email: RowClasses; address: RowClasses }>;

export function CompanyContactList({ company, look }: { company: SiteConfig["company"]; look: keyof typeof LOOKS }) {
  const { list, phone, email, address } = LOOKS[look];
  return (
    <ul className={list}>
      <li className={phone[0]}>
        <PhoneIcon className={phone[1]} />
        <a href={telHref(company.phone)} className={phone[2]}>
          {phoneText(company.phone)}
        </a>
      </li>
      <li className={email[0]}>
        <MailIcon className={email[1]} />
        <a href={`mailto:${company.email}`} className={email[2]}>
          {company.email}
        </a>
      </li>
      <li className={address[0]}>
        <PinIcon className={address[1]} />
        <span>{formatAddress(company)}</span>
      </li>
    </ul>
  );
}
