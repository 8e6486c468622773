// Search box, status filter and CSV export link shared by the Orders and Contacts tabs.
import { InputBox, Options, SelectBox } from "../../components/form-field";
import { statusLabel } from "../../lib/format";

export function ListFilters({
  idPrefix,
  searchLabel,
  q,
  status,
  statuses,
  onQ,
  onStatus,
  exportHref,
}: {
  idPrefix: string;
  searchLabel: string;
  q: string;
  status: string;
  statuses: readonly string[];
  onQ: (q: string) => void;
  onStatus: (s: string) => void;
  exportHref: string;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <InputBox
        id={`${idPrefix}-q`}
        label={searchLabel}
        className="flex-1"
        type="search"
        value={q}
        onChange={onQ}
        placeholder="Name, e-mail…"
      />
      <SelectBox
        id={`${idPrefix}-status`}
        label="Filter by status"
        className="sm:w-48"
        selectClassName="field-input capitalize"
        value={status}
        onChange={onStatus}
      >
        <option value="">All statuses</option>
        <Options values={statuses} label={statusLabel} />
      </SelectBox>
      <a href={exportHref} className="btn-secondary" download>
        Export CSV
      </a>
    </div>
  );
}

/** Rows a page of the Orders and Contacts tables ("Load more" asks for the next). */
export const LIST_PAGE_SIZE = 100;

export function listParams(q: string, status: string) {
  const input = { ...(q.trim() ? { q: q.trim() } : {}), ...(status ? { status } : {}) };
  const search = new URLSearchParams(input).toString();
  return { input, search: search ? `?${search}` : "" };
}
