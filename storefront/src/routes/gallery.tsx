import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { GalleryPage } from "../features/gallery/gallery-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/gallery")({
  head: () => headFor(staticPageMeta("/gallery")),
  component: GalleryPage,
});
