import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/")({
  component: () => (
    <main>
      <h1>Containerized HOMES Built Different</h1>
    </main>
  ),
});
