import { formatAddress, useSiteConfig } from "../../lib/site-config";
import { Bullets, LegalPage } from "./legal";

export function PrivacyPolicyPage() {
  const config = useSiteConfig();
  const company = config?.company;
  return (
    <LegalPage
      title="Privacy Policy"
      intro="What personal information we collect when you use this website or buy from us, why, who we share it with, and the choices you have."
      updated="November 22, 2026"
      sections={[
        {
          id: "who",
          title: "Who We Are",
          body: (
            <p>
              This website is operated by {company?.name ?? "Container Homes of Texas"}
              {company ? `, ${formatAddress(company)}` : ""} ("we", "us"). We are responsible for the personal
              information described in this policy.
            </p>
          ),
        },
        {
          id: "collect",
          title: "Information We Collect",
          body: (
            <>
              <p>Information you give us:</p>
              <Bullets
                items={[
                  "Contact and quote requests: your name, e-mail address, phone number, project type, budget and message.",
                  "Orders: your name, e-mail, phone, delivery address, delivery notes, the products ordered and the payment method chosen.",
                  "The rental-return calculator, if you choose to save a result: the figures you entered and, optionally, your e-mail address.",
                  "Chat messages you send to our assistant, and messages forwarded to our team.",
                ]}
              />
              <p>Information collected automatically:</p>
              <Bullets
                items={[
                  "Page visits: the page address, the referring page and your device type and browser, for visitor statistics. Your IP address is not stored with them: with your browser's user-agent text it only makes a code that changes every day and cannot be traced back, so we count visitors without recognising anyone. Known bots are not counted. Your IP address is also used to limit abusive request rates.",
                  "Your cart, kept in your own browser's storage until you clear it or place your order.",
                  "If analytics is switched on for this site, Google Analytics measures page views and events such as adding to cart.",
                ]}
              />
              <p>
                We do not collect payment-card numbers. USDT payments happen on the blockchain; bank-transfer details
                are exchanged by e-mail.
              </p>
            </>
          ),
        },
        {
          id: "use",
          title: "How We Use Your Information",
          body: (
            <Bullets
              items={[
                "To answer your enquiries, prepare quotes and schedule consultations.",
                "To process, build, deliver and support the homes you order, including warranty claims.",
                "To send you messages about your order, such as confirmations and delivery updates.",
                "To understand how the site is used and improve it.",
                "To protect the site and our customers against fraud and abuse, and to meet legal obligations such as tax records.",
              ]}
            />
          ),
        },
        {
          id: "share",
          title: "Sharing Your Information",
          body: (
            <>
              <p>We do not sell your personal information. We share it only with:</p>
              <Bullets
                items={[
                  "Service providers who work for us: hosting, e-mail delivery, the messaging service our team uses for notifications, and analytics when enabled.",
                  "Delivery, installation and trade partners who need your address and contact details to carry out your project.",
                  "Authorities, when the law requires it or to protect our rights and the safety of others.",
                ]}
              />
            </>
          ),
        },
        {
          id: "cookies",
          title: "Cookies and Browser Storage",
          body: (
            <p>
              The public site keeps your cart in your browser's local storage and does not use advertising cookies. If
              Google Analytics is enabled it sets its own cookies to count visits; you can block them in your browser
              settings without losing any function of the site.
            </p>
          ),
        },
        {
          id: "retention",
          title: "How Long We Keep It",
          body: (
            <p>
              Enquiries are kept while we are in contact with you and for a reasonable time afterwards. Order and
              warranty records are kept for as long as your warranties run and as long as tax law requires. Visitor
              statistics are deleted automatically after a fixed retention period.
            </p>
          ),
        },
        {
          id: "security",
          title: "Security",
          body: (
            <p>
              We protect your information with encrypted connections, access limited to staff who need it, and regular
              updates of our systems. No method of transmission or storage is completely secure, but we work to protect
              your data and will notify you as the law requires if a breach affects you.
            </p>
          ),
        },
        {
          id: "choices",
          title: "Your Choices and Rights",
          body: (
            <>
              <p>You may ask us to:</p>
              <Bullets
                items={[
                  "tell you what personal information we hold about you and give you a copy;",
                  "correct information that is wrong;",
                  "delete information we no longer need to keep;",
                  "stop sending you messages that are not about an active order.",
                ]}
              />
              <p>We answer requests within 45 days and will not treat you differently for making one.</p>
            </>
          ),
        },
        {
          id: "children",
          title: "Children",
          body: (
            <p>This site is not directed to children under 13, and we do not knowingly collect their information.</p>
          ),
        },
        {
          id: "changes",
          title: "Changes to This Policy",
          body: (
            <p>
              We will post any changes on this page and update the date above. Significant changes will be highlighted
              on the site before they take effect.
            </p>
          ),
        },
        {
          id: "contact",
          title: "Contact Us",
          body: (
            <p>
              Questions or requests about your privacy:{" "}
              {company ? (
                <>
                  e-mail{" "}
                  <a href={`mailto:${company.email}`} className="font-semibold break-all text-amber-800 underline">
                    {company.email}
                  </a>
                  , call {company.phone}, or write to us at {formatAddress(company)}.
                </>
              ) : (
                "use the contact page."
              )}
            </p>
          ),
        },
      ]}
    />
  );
}
