import { cancellationTerms, hoursSentence, warrantySentence } from "@ch/contracts/business-facts";
import { Link } from "@tanstack/react-router";
import { pageRoute } from "../../lib/page-route";
import { phoneText, telHref, useSiteConfig } from "../../lib/site-config";
import { CardGrid } from "./blocks";
import { Bullets, LegalPage } from "./legal";

export function ReturnPolicyPage() {
  const config = useSiteConfig();
  const phone = config?.company.phone;
  const email = config?.company.email;
  const hours = config ? hoursSentence(config) : null;
  // the cancellation terms and warranty years are the business settings', as on the terms page
  const cancellation = config ? cancellationTerms(config.cancellation) : null;
  const warranty = config?.warranty;
  const years = (n: number) => `${n} ${n === 1 ? "year" : "years"}`;
  const contact = (
    <>
      {phone ? (
        <a href={telHref(phone)} className="font-semibold text-amber-800 underline">
          {phoneText(phone)}
        </a>
      ) : (
        "our phone line"
      )}{" "}
      or{" "}
      {email ? (
        <a href={`mailto:${email}`} className="font-semibold break-all text-amber-800 underline">
          {email}
        </a>
      ) : (
        "e-mail"
      )}
    </>
  );
  return (
    <LegalPage
      title="Return Policy & Quality Guarantee"
      intro="Custom-built homes cannot be returned like a parcel, so we protect you at every stage instead: before production, on delivery and for years after."
      updated="November 22, 2026"
      before={
        // the cards' h3 titles sit under this h2, not straight under the page's h1
        <section aria-labelledby="guarantees-heading" className="mx-auto max-w-6xl px-4 pt-12 sm:px-6">
          <h2 id="guarantees-heading" className="sr-only">
            Our guarantees at a glance
          </h2>
          <CardGrid
            cards={[
              {
                title: "Quality Guarantee",
                detail: warranty ? `${years(warranty.structuralYears)} on the structure` : "Written warranties",
                text: warranty
                  ? `Written warranties from delivery: ${warrantySentence(warranty)}.`
                  : "Written warranties from delivery on the structure, systems, finishes and installation.",
              },
              {
                title: "30-Day Inspection",
                detail: "30 days",
                text: "Report any legitimate issue within 30 days of delivery and we fix it free.",
              },
              {
                title: "Delivery Support",
                detail: "Business hours",
                text: hours
                  ? `Our team is available ${hours} to help with delivery, setup and claims.`
                  : "Our team is available during business hours to help with delivery, setup and claims.",
              },
            ]}
          />
        </section>
      }
      sections={[
        {
          id: "overview",
          title: "Policy Overview",
          body: (
            <>
              <p>
                Every container home is built to order. Because materials are cut, welded and finished for your design,
                the usual idea of a return does not apply once construction starts. This policy explains what you can
                cancel, what we inspect and repair, and what our guarantee covers.
              </p>
              <p>Your rights depend on the stage your order has reached:</p>
              <Bullets
                items={[
                  config && config.cancellation.fullRefundHours > 0
                    ? `A ${config.cancellation.fullRefundHours}-hour cancellation window with a full refund.`
                    : "Cancellation before production starts.",
                  config && config.cancellation.restockingFeePercent > 0
                    ? `Production, during which a cancellation we agree to carries a ${config.cancellation.restockingFeePercent}% restocking fee.`
                    : "Production, during which a cancellation needs our agreement.",
                  "Delivery and setup.",
                  "A 30-day post-delivery inspection period.",
                  warranty
                    ? `Written warranties: ${warrantySentence(warranty)}.`
                    : "Written warranties on the structure, systems, finishes and installation.",
                ]}
              />
            </>
          ),
        },
        {
          id: "cancellation",
          title: "Cancellation Before and During Production",
          body: cancellation ? (
            <>
              <Bullets
                items={[
                  ...(cancellation.window ? [cancellation.window] : []),
                  cancellation.beforeProduction,
                  cancellation.inProduction,
                ]}
              />
              <p>We tell you in writing before production of your home starts.</p>
            </>
          ) : (
            <p>
              The cancellation terms are set out in our{" "}
              <Link to={pageRoute("/terms-of-service")} className="font-semibold text-amber-800 underline">
                Terms of Service
              </Link>
              .
            </p>
          ),
        },
        {
          id: "inspection",
          title: "30-Day Post-Delivery Inspection Period",
          body: (
            <>
              <p>
                For <strong>30 days after delivery</strong>, inspect your home carefully. Any legitimate issue you
                report in that time is fixed free of charge, including:
              </p>
              <Bullets
                items={[
                  "Parts: defective or missing components",
                  "Labor: faulty workmanship",
                  "Modifications: items not built to the agreed design",
                ]}
              />
            </>
          ),
        },
        {
          id: "guarantee",
          title: "Warranties From Delivery",
          body: (
            <>
              <p>From the day your home is delivered, our written warranties cover:</p>
              <Bullets
                items={
                  warranty
                    ? [
                        `The structure (steel frame, welds, floor structure and roof): ${years(warranty.structuralYears)}`,
                        `Systems (electrical, plumbing and the HVAC installation): ${years(warranty.systemsYears)}`,
                        `Finishes (interior finishes, flooring, cabinetry, windows and doors): ${years(warranty.finishYears)}`,
                        `Installation work on your site: ${years(warranty.installationYears)}`,
                      ]
                    : ["The structure", "Systems", "Finishes", "Installation work on your site"]
                }
              />
              <p>Not covered:</p>
              <Bullets
                items={[
                  "Normal wear and tear",
                  "Damage caused by misuse or negligence",
                  "Modifications made by third parties",
                  "Weather damage beyond normal weatherproofing",
                ]}
              />
              <p>
                What each warranty covers in detail, and our maintenance plans, are described on our{" "}
                <Link to={pageRoute("/services/warranty-support")} className="font-semibold text-amber-800 underline">
                  Warranty & Support
                </Link>{" "}
                page.
              </p>
            </>
          ),
        },
        {
          id: "special",
          title: "Special Circumstances",
          body: (
            <>
              <p>
                If your circumstances change after delivery, we may offer to buy back a unit in excellent condition for{" "}
                <strong>60-80% of the original price</strong>. The offer depends on the home's age, condition and
                current market demand, and is made in writing after an inspection.
              </p>
              <p>
                Delays or damage caused by events outside anyone's control (severe weather, natural disasters,
                government action) are handled case by case, with our best effort to protect your schedule and
                investment.
              </p>
            </>
          ),
        },
        {
          id: "claims",
          title: "How to Initiate a Return or Claim",
          body: (
            <>
              <p>Contact us at {contact} with:</p>
              <Bullets items={["Your order number", "A description of the issue", "Photos or video where possible"]} />
              <p>
                We acknowledge your claim, and for warranty claims we schedule an{" "}
                <strong>on-site inspection within 5-7 business days</strong>.
                {hours ? (
                  <>
                    {" "}
                    Support hours are <strong>{hours}</strong>.
                  </>
                ) : null}
              </p>
            </>
          ),
        },
        {
          id: "rights",
          title: "Your Rights as a Customer",
          body: (
            <>
              <p>
                This policy adds to, and does not limit, your rights under Texas law, including the Texas Deceptive
                Trade Practices-Consumer Protection Act. If we cannot resolve a concern together, the dispute process in
                our{" "}
                <Link to={pageRoute("/terms-of-service")} className="font-semibold text-amber-800 underline">
                  Terms of Service
                </Link>{" "}
                applies.
              </p>
              <p>
                You are entitled to a written answer to every claim, and to copies of your contract and warranty
                documents.
              </p>
            </>
          ),
        },
      ]}
      after={
        <section className="bg-amber-500">
          <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:px-6">
            <h2 className="text-2xl font-bold text-slate-950">Questions About Returns or Claims?</h2>
            {hours ? <p className="mt-2 text-slate-900">Our team is here {hours}.</p> : null}
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {phone ? (
                <a
                  href={telHref(phone)}
                  className="inline-flex items-center justify-center rounded-lg bg-slate-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-slate-700"
                >
                  {phoneText(`Call ${phone}`)}
                </a>
              ) : null}
              {email ? (
                <a
                  href={`mailto:${email}`}
                  className="inline-flex items-center justify-center rounded-lg border border-slate-900 px-5 py-2.5 text-sm font-semibold text-slate-950 hover:bg-amber-400"
                >
                  Email Support
                </a>
              ) : null}
            </div>
          </div>
        </section>
      }
    />
  );
}
