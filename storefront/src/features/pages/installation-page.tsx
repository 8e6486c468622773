import { useSiteConfig } from "../../lib/site-config";
import { CardSection } from "./blocks";
import { BROWSE_HOMES, ServicePage } from "./service-page";

export function InstallationPage() {
  const installationYears = useSiteConfig()?.warranty.installationYears;
  return (
    <ServicePage
      eyebrow="Services · Installation"
      title="Container Home Delivery & Installation"
      intro="From the factory floor to your foundation: we deliver, set, connect and test your container home, then hand you the keys."
      features={[
        {
          title: "Delivery Across Texas",
          text: "Your home travels on our scheduled transport with route planning, permits and escorts where required.",
        },
        {
          title: "Professional Crane Set",
          text: "Certified operators lift and place each container on its foundation and anchor it to the plates.",
        },
        {
          title: "Connected & Tested",
          text: "Water, sewer and power are connected and every system is tested before handover.",
        },
      ]}
      processTitle="Installation Process"
      steps={[
        {
          title: "Pre-Installation Inspection",
          text: "We confirm the foundation, anchor plates, utility stubs and site access are ready before the truck leaves.",
        },
        {
          title: "Container Delivery",
          text: "The home is delivered on a scheduled day, with the route and unloading area planned in advance.",
        },
        {
          title: "Structural Setup",
          text: "Each container is craned into place, levelled, welded or bolted to the anchors and joined where stacked.",
        },
        {
          title: "Utilities Connection",
          text: "Licensed trades connect water, sewer or septic and electrical service, and commission the HVAC.",
        },
        {
          title: "Final Testing & Handover",
          text: "We test every system, walk through the home with you and hand over the keys and documentation.",
        },
      ]}
      whyTitle="Why Choose Our Installation Team"
      why={[
        "In-house crews who know our homes, not subcontractors meeting them for the first time.",
        "A single installation day for most single-container homes, thanks to factory-finished interiors.",
        ...(installationYears
          ? [`Every installation is covered by our ${installationYears}-year installation warranty.`]
          : []),
        "Site protection and clean-up included: we leave the lot as tidy as we found it.",
        "A walk-through on handover day so you know how every system works.",
      ]}
      closing={{
        title: "Plan Your Delivery",
        text: "Talk to us about scheduling, or choose the home you want delivered.",
        contactLabel: "Schedule Installation",
        also: BROWSE_HOMES,
      }}
    >
      <CardSection
        title="Installation Timeline"
        intro="On-site time after delivery; most homes are installed in 1-3 days, larger commercial projects take longer."
        tone="white"
        cards={[
          {
            title: "Single Container",
            detail: "1 day",
            text: "Delivery, crane set, anchoring and utility hook-up of a 20ft or 40ft home in one working day.",
          },
          {
            title: "Multi-Container",
            detail: "2-3 days",
            text: "Stacked or joined containers need extra time for welding, sealing the joints and connecting systems.",
          },
          {
            title: "Commercial Projects",
            detail: "1-2 weeks",
            text: "Offices and commercial or industrial buildings with several units, inspections and site coordination.",
          },
        ]}
      />
    </ServicePage>
  );
}
