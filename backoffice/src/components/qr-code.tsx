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
