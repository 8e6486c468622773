import { createFileRoute, redirect } from "@tanstack/react-router";

// The back-office origin has nothing at /: the admin area starts at /admin.
export const Route = createFileRoute("/")({
  beforeLoad: () => {
    throw redirect({ to: "/admin", replace: true });
  },
});
