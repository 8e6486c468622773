import { createFileRoute } from "@tanstack/react-router";
import { BlogScreen } from "../../../features/content/blog-screen";

export const Route = createFileRoute("/admin/_auth/blog")({
  component: BlogScreen,
});
