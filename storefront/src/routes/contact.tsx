import { createFileRoute } from "@tanstack/react-router";
import { ContactPage } from "../features/contact/contact-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/contact")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/contact")),
  component: ContactPage,
});
