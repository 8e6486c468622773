import { createFileRoute } from "@tanstack/react-router";
import { WarrantyScreen } from "../../../features/warranty/warranty-screen";

export const Route = createFileRoute("/admin/_auth/warranty")({
  head: () => ({ meta: [{ title: "Warranty Claims · Admin" }] }),
  component: WarrantyScreen,
});
