// A native <select> with a visually hidden label, showing the current value as a coloured badge.
import { badgeClass, badgeColourName, statusLabel } from "../lib/format";

export function StatusSelect({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <label className="inline-block">
      <span className="sr-only">{label}</span>
      <select
        value={value}
        disabled={disabled}
        data-colour={badgeColourName(value)}
        onChange={(e) => onChange(e.target.value)}
        className={`cursor-pointer rounded-full border-0 py-1 pr-7 pl-2.5 text-xs font-medium capitalize ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-700 disabled:opacity-60 ${badgeClass(value)}`}
      >
        {options.map((o) => (
          <option key={o} value={o} className="bg-white text-slate-900">
            {statusLabel(o)}
          </option>
        ))}
      </select>
    </label>
  );
}
