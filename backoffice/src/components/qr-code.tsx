// A QR code drawn locally (uqr, loaded on demand: only the screens that show one pay for it).
import { useEffect, useState } from "react";

export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    import("uqr")
      .then(({ renderSVG }) => {
        if (!cancelled)
          setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(value, { border: 2 }))}`);
      })
      .catch(() => {
        if (!cancelled) setSrc(null);
      });
    return () => {
      cancelled = true;
    };
  }, [value]);
  if (!src) return <div className="animate-pulse rounded-lg bg-slate-100" style={{ width: size, height: size }} />;
  return (
    <img
      src={src}
      width={size}
      height={size}
      alt={label}
      className="rounded-lg border border-slate-200 bg-white p-1"
      data-testid="qr-code"
    />
  );
}

/** An authenticator's new key: the QR code to scan and the key to type instead. */
export function AuthenticatorKey({
  otpauthUrl,
  secret,
  stacked = false,
}: {
  otpauthUrl: string;
  secret: string;
  /** The key centred below the code (a narrow card), else beside it. */
  stacked?: boolean;
}) {
  const qr = <QrCode value={otpauthUrl} label="QR code to add this account to an authenticator app" />;
  const key = (
    <p className={stacked ? "text-center text-xs break-all text-slate-600" : "text-sm break-all text-slate-600"}>
      Key:{" "}
      <span className="font-mono" data-testid="totp-secret">
        {secret}
      </span>
    </p>
  );
  if (!stacked) {
    return (
      <div className="flex flex-wrap items-center gap-4">
        {qr}
        {key}
      </div>
    );
  }
  return (
    <>
      <div className="flex justify-center">{qr}</div>
      {key}
    </>
  );
}
