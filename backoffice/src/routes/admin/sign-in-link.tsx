import { createFileRoute } from "@tanstack/react-router";
import { SignInLinkScreen } from "../../features/auth/sign-in-link-screen";

export const Route = createFileRoute("/admin/sign-in-link")({
  head: () => ({ meta: [{ title: "Sign-in link · Admin" }] }),
  component: SignInLinkScreen,
});
