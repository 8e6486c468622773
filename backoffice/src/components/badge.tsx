import { badgeClass, badgeColourName, statusLabel } from "../lib/format";

export function StatusBadge({ value }: { value: string }) {
  return (
    <span
      data-colour={badgeColourName(value)}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ring-1 ring-inset ${badgeClass(value)}`}
    >
      {statusLabel(value)}
    </span>
  );
}
