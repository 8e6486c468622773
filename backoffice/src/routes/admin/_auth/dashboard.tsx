import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/admin/_auth/dashboard")({
  component: () => (
    <main>
      <h1>Admin dashboard</h1>
    </main>
  ),
});
