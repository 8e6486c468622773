import { createFileRoute } from "@tanstack/react-router";
import { GalleryScreen } from "../../../features/content/gallery-screen";

export const Route = createFileRoute("/admin/_auth/gallery")({
  component: GalleryScreen,
});
