// What a staff account sees at an address its role may not open: which screen, which role, and where
// to go instead (never a silent jump to another screen).
import { ROLE_LABELS, type StaffArea, type StaffRole } from "@ch/contracts/staff-roles";
import { Link } from "@tanstack/react-router";
import { AREA_LABELS, areaOfPath, homeOf } from "../staff/use-account";

export function NoAccess({ pathname, role, areas }: { pathname: string; role: StaffRole; areas: StaffArea[] }) {
  const area = areaOfPath(pathname);
  const what = area && area !== "dashboard-any" ? AREA_LABELS[area] : "this screen";
  const home = homeOf(areas);
  return (
    <section
      aria-labelledby="no-access-title"
      className="mx-auto max-w-xl rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950"
      data-testid="no-access"
    >
      <h1 id="no-access-title" className="text-2xl font-semibold">
        No access
      </h1>
      <p className="mt-2">
        Your role, <strong>{ROLE_LABELS[role]}</strong>, cannot open <strong>{what}</strong>. If you need it, ask the
        owner to change your role.
      </p>
      <p className="mt-2 text-sm">You can open: {areas.map((a) => AREA_LABELS[a]).join(", ") || "your account"}.</p>
      <Link to={home as "/admin"} className="btn-primary mt-4">
        Go to a screen you can open
      </Link>
    </section>
  );
}
