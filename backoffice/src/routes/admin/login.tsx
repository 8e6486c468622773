import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/admin/login")({
  component: () => (
    <main>
      <h1>Admin sign-in</h1>
      <p>Sign in to access dashboard</p>
    </main>
  ),
});
