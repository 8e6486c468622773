import { createFileRoute } from "@tanstack/react-router";
import { SeoScreen } from "../../../features/seo/seo-screen";

export const Route = createFileRoute("/admin/_auth/seo")({
  component: SeoScreen,
});
