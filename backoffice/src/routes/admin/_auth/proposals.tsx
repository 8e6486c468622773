import { createFileRoute } from "@tanstack/react-router";
import { ProposalsScreen, type ProposalsSearch } from "../../../features/proposals/proposals-screen";

const positive = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};

export const Route = createFileRoute("/admin/_auth/proposals")({
  validateSearch: (search: Record<string, unknown>): ProposalsSearch => {
    const id = positive(search.id);
    const lead = positive(search.lead);
    return {
      ...(id ? { id } : {}),
      ...(lead ? { lead } : {}),
      ...(search.edit === true || search.edit === "true" ? { edit: true } : {}),
    };
  },
  component: ProposalsRoute,
});

function ProposalsRoute() {
  return <ProposalsScreen search={Route.useSearch()} />;
}
