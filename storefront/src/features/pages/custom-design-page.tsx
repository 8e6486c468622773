import { ServicePage } from "./service-page";

export function CustomDesignPage() {
  return (
    <ServicePage
      eyebrow="Services · Custom Design"
      title="Custom Container Home Design"
      intro="A home drawn around your land, your budget and the way you live, by designers who know what steel containers can and cannot do."
      features={[
        {
          title: "Floor Plans Made for You",
          text: "Single 20ft studios to stacked multi-container homes: room layout, window placement and cut-outs planned around your needs.",
        },
        {
          title: "3D Views Before We Build",
          text: "See the exterior, interior finishes and furniture layout in 3D, and change them before a single cut is made.",
        },
        {
          title: "Permit-Ready Drawings",
          text: "Structural, electrical and plumbing drawings prepared for your county or city permit office in Texas.",
        },
      ]}
      processTitle="Our Design Process"
      steps={[
        {
          title: "Initial Consultation",
          text: "We talk through how you will use the home, your budget, your timeline and the look you want.",
        },
        {
          title: "Site Assessment",
          text: "We review your lot: access for delivery trucks and cranes, slope, soil, utilities and local zoning rules.",
        },
        {
          title: "Concept Development",
          text: "You receive floor-plan options and 3D concepts that fit the site, with an estimated price for each.",
        },
        {
          title: "Design Refinement",
          text: "We adjust layouts, finishes, windows and systems with you until the design is exactly right.",
        },
        {
          title: "Final Documentation",
          text: "Construction drawings, specifications and a fixed quote: everything needed for permits and production.",
        },
      ]}
      whyTitle="Why Choose Our Design Team"
      why={[
        "Designs engineered for container steel: every opening is reinforced and every load path checked.",
        "Energy-smart choices for the Texas climate: insulation, shading and mini-split HVAC sized to the space.",
        "One team from the first sketch to delivery, so nothing is lost between design and build.",
        "Clear prices at every step: you know what each design choice costs before you decide.",
        "Unlimited revisions during design refinement, until you approve the final drawings.",
      ]}
      closing={{
        title: "Ready to Design Your Container Home?",
        text: "Book a free consultation, or look through finished projects for ideas.",
        contactLabel: "Start Your Design",
        also: { label: "View Our Gallery", to: "/gallery" },
      }}
    />
  );
}
