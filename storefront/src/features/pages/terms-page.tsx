import { cancellationTerms, deliveryWindow, warrantySentence } from "@ch/contracts/business-facts";
import { Link } from "@tanstack/react-router";
import { pageRoute } from "../../lib/page-route";
import { formatAddress, useSiteConfig } from "../../lib/site-config";
import { Bullets, LegalPage } from "./legal";

const link = "font-semibold text-amber-800 underline";

export function TermsPage() {
  const config = useSiteConfig();
  const company = config?.company;
  // the cancellation terms, the delivery window and the warranties are the business settings'
  const cancellation = config ? cancellationTerms(config.cancellation) : null;
  return (
    <LegalPage
      title="Terms of Service"
      intro="The terms that apply when you use this website and when you order a container home or building from us."
      updated="November 22, 2026"
      sections={[
        {
          id: "agreement",
          title: "Agreement to These Terms",
          body: (
            <p>
              By using this website or placing an order with {company?.name ?? "Container Homes of Texas"} ("we", "us")
              you agree to these terms. Your written sales contract, if it says something different, takes precedence
              for your order.
            </p>
          ),
        },
        {
          id: "products",
          title: "Products, Prices and Quotes",
          body: (
            <>
              <p>
                Product descriptions, photos and specifications are accurate to the best of our knowledge; finished
                homes may differ slightly in color, finish and fittings. Prices are in US dollars. Sales tax is added at
                checkout and delivery is charged separately as shown on your order.
              </p>
              <p>
                A quote is valid for 30 days unless it states otherwise. We may correct obvious pricing errors before we
                accept an order.
              </p>
            </>
          ),
        },
        {
          id: "orders",
          title: "Orders and Acceptance",
          body: (
            <p>
              Submitting an order on this site is an offer to buy. An order is accepted when we confirm it in writing
              and receive your deposit. We may decline an order, for example when a site cannot be reached by delivery
              vehicles or a design cannot be permitted.
            </p>
          ),
        },
        {
          id: "payment",
          title: "Payment Terms",
          body: (
            <>
              <Bullets
                items={[
                  <>
                    A <strong>{config ? `${config.depositPercent}% deposit` : "deposit"}</strong> is due when the order
                    is confirmed; production is scheduled once it is received.
                  </>,
                  <>
                    The <strong>balance is due on delivery</strong>, before the home is unloaded and installed.
                  </>,
                  "We accept USDT on the TRC20 network and bank transfer. Payments sent on another network may be lost and cannot be refunded by us.",
                  <>
                    <strong>USDT:</strong> each invoice asks for an exact amount, to the last digit. A transfer of that
                    amount is recorded automatically once it confirms on the TRON network; you need not send us
                    anything.
                  </>,
                  <>
                    <strong>Bank transfer:</strong>{" "}
                    {config?.bankTransferReady === false
                      ? "we e-mail you our bank details; your order confirmation page and e-mail give your invoice's payment reference."
                      : "your order confirmation page and e-mail give our bank details and your invoice's payment reference."}{" "}
                    Include the reference with the transfer; we match it to your order and e-mail you when it is
                    recorded.
                  </>,
                ]}
              />
            </>
          ),
        },
        {
          id: "cancellation",
          title: "Cancellation and Restocking",
          body: (
            <>
              {cancellation ? (
                <Bullets
                  items={[
                    ...(cancellation.window ? [cancellation.window] : []),
                    cancellation.beforeProduction,
                    cancellation.inProduction,
                  ]}
                />
              ) : null}
              <p>
                How this applies at each stage of your order, and what we inspect and repair after delivery, is set out
                in our{" "}
                <Link to={pageRoute("/return-policy")} className={link}>
                  Return Policy
                </Link>
                .
              </p>
            </>
          ),
        },
        {
          id: "delivery",
          title: "Production, Delivery and Site Readiness",
          body: (
            <>
              <p>
                Delivery dates are estimates
                {config ? `; typical delivery is ${deliveryWindow(config)}` : ""}. You are responsible for a site that
                is accessible to delivery trucks and cranes, a foundation that meets the approved drawings (unless we
                prepare it), and the permits we have not agreed in writing to obtain.
              </p>
              <p>
                If delivery cannot take place because the site is not ready, we will agree a new date; reasonable extra
                transport or storage costs may be charged.
              </p>
            </>
          ),
        },
        {
          id: "warranty",
          title: "Warranties",
          body: (
            <p>
              {config
                ? `Your home is covered from delivery for ${warrantySentence(config.warranty)}, as`
                : "Your home is covered by the warranties"}{" "}
              described on our{" "}
              <Link to={pageRoute("/services/warranty-support")} className={link}>
                Warranty & Support
              </Link>{" "}
              page and in your warranty documents. Except for those warranties and rights that cannot be excluded under
              Texas law, the products are provided without other warranties.
            </p>
          ),
        },
        {
          id: "liability",
          title: "Limitation of Liability",
          body: (
            <p>
              To the extent the law allows, our total liability for any claim about an order is limited to the amount
              you paid for that order, and we are not liable for indirect or consequential losses such as lost rent or
              profits. Nothing in these terms limits liability for death or personal injury caused by negligence, or for
              fraud.
            </p>
          ),
        },
        {
          id: "website",
          title: "Use of This Website",
          body: (
            <p>
              You may use this site for personal and business research and to place orders. Do not misuse it: no
              attempts to break its security, scrape it at scale or send false orders. Estimates from the rental return
              calculator are illustrations only, not financial advice. Site content, designs and photos belong to us or
              our licensors.
            </p>
          ),
        },
        {
          id: "disputes",
          title: "Disputes and Arbitration",
          body: (
            <>
              <p>
                If a problem arises, contact us first; most issues are resolved quickly. If we cannot resolve a dispute
                within 30 days, it will be settled by <strong>binding arbitration</strong> administered by the American
                Arbitration Association under its Consumer or Commercial Arbitration Rules, held in Bexar County, Texas,
                unless we both agree otherwise. Either party may bring an individual claim in small claims court
                instead.
              </p>
              <p>Claims may only be brought individually, not as part of a class action.</p>
            </>
          ),
        },
        {
          id: "law",
          title: "Governing Law",
          body: <p>These terms are governed by the laws of the State of Texas and applicable federal law.</p>,
        },
        {
          id: "changes",
          title: "Changes and Contact",
          body: (
            <p>
              We may update these terms; the version in force when you place an order applies to that order. Questions:{" "}
              {company ? (
                <>
                  <a href={`mailto:${company.email}`} className={`${link} break-all`}>
                    {company.email}
                  </a>
                  , {company.phone}, {formatAddress(company)}.
                </>
              ) : (
                "see our contact page."
              )}
            </p>
          ),
        },
      ]}
    />
  );
}
