import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { ContactPage } from "../features/contact/contact-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/contact")({
  head: () => headFor(staticPageMeta("/contact")),
  component: ContactPage,
});
