// Recovery codes, shown once right after they are made: the server keeps only their hashes.
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">
        Save these recovery codes now. Each works once, if you lose your authenticator; they will not be shown again.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn-secondary mt-3"
        onClick={() => void navigator.clipboard?.writeText(codes.join("\n")).catch(() => undefined)}
      >
        Copy codes
      </button>
    </div>
  );
}
