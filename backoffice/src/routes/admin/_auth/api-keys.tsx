import { createFileRoute } from "@tanstack/react-router";
import { ApiKeysScreen } from "../../../features/api-keys/api-keys-screen";

export const Route = createFileRoute("/admin/_auth/api-keys")({
  head: () => ({ meta: [{ title: "API Keys · Admin" }] }),
  component: ApiKeysScreen,
});
