import { CardSection } from "./blocks";
import { BROWSE_HOMES, ServicePage } from "./service-page";

export function SitePreparationPage() {
  return (
    <ServicePage
      eyebrow="Services · Site Preparation"
      title="Site Preparation & Foundations"
      intro="A container home is only as good as the ground under it. We get your site permitted, cleared, level and connected before delivery day."
      features={[
        {
          title: "Permits & Surveys",
          text: "We handle the building permit, surveys and utility applications with your county or city.",
        },
        {
          title: "Clearing & Grading",
          text: "Brush and tree removal, grading and drainage so water runs away from your home, not under it.",
        },
        {
          title: "Foundations & Utilities",
          text: "The right foundation for your soil and design, with water, sewer or septic and power brought to the pad.",
        },
      ]}
      processTitle="Site Preparation Process"
      steps={[
        {
          title: "Initial Site Visit",
          text: "We walk the lot, check access for trucks and cranes, and note soil, slope, trees and existing utilities.",
        },
        {
          title: "Permits & Planning",
          text: "We prepare the site plan and apply for the permits and utility connections your location requires.",
        },
        {
          title: "Site Clearing & Grading",
          text: "The build area is cleared, levelled and graded for drainage, with a stable access route for delivery.",
        },
        {
          title: "Foundation Installation",
          text: "Footings, piers or a slab are formed and poured to the engineered drawings, with anchor plates set.",
        },
        {
          title: "Utilities & Final Prep",
          text: "Water, sewer or septic and electrical service are stubbed up at the pad, ready for delivery day.",
        },
      ]}
      whyTitle="Why Choose Us for Site Preparation"
      why={[
        "Foundations engineered for your soil and the exact weight of your container design.",
        "We know the permit offices across the San Antonio area and Texas, so paperwork moves faster.",
        "Drainage designed in from the start, to protect the steel from standing water.",
        "One schedule for site work, production and delivery: your pad is ready when your home is.",
        "Licensed, insured crews and clean-up when the work is done.",
      ]}
      closing={{
        title: "Get Your Site Ready",
        text: "Tell us about your lot and we will plan the site work, or browse homes to see what will stand on it.",
        contactLabel: "Schedule a Site Visit",
        also: BROWSE_HOMES,
      }}
    >
      <CardSection
        title="Foundation Options"
        intro="We recommend one after the site visit, based on soil, slope, budget and design."
        cards={[
          {
            title: "Concrete Slab",
            text: "A reinforced slab on grade: durable, low-maintenance and well suited to flat lots and single-storey homes.",
          },
          {
            title: "Pier & Beam",
            text: "Concrete piers under the container's corner castings and load points: ideal for sloped lots and good airflow beneath.",
          },
          {
            title: "Crawl Space",
            text: "A perimeter foundation with a short crawl space, giving easy access to plumbing and wiring under the home.",
          },
        ]}
      />
    </ServicePage>
  );
}
