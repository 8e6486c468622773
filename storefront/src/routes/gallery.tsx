import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { GalleryPage } from "../features/gallery/gallery-page";
import { headFor } from "../features/seo/head";
import { galleryQuery, prefetchPageData } from "../lib/queries";

export const Route = createFileRoute("/gallery")({
  loader: ({ context }) => prefetchPageData(context.queryClient, [galleryQuery]),
  head: () => headFor(staticPageMeta("/gallery")),
  component: GalleryPage,
});
