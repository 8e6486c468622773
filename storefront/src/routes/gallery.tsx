import { createFileRoute } from "@tanstack/react-router";
import { GalleryPage } from "../features/gallery/gallery-page";
import { lazyHead } from "../features/seo/lazy-head";
import { galleryQuery, prefetchPageData } from "../lib/queries";

export const Route = createFileRoute("/gallery")({
  loader: ({ context }) => prefetchPageData(context.queryClient, [galleryQuery]),
  head: () => lazyHead((seo) => seo.staticPageMeta("/gallery")),
  component: GalleryPage,
});
