// A QR code of the wallet address, drawn locally (uqr, loaded only on checkout with USDT selected).
import { useEffect, useState } from "react";
import { Skeleton } from "../../components/ui";

export function WalletQr({
  value,
  label = "QR code of the USDT (TRC20) wallet address",
}: {
  value: string;
  label?: string;
}) {
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
  if (!src) return <Skeleton className="h-44 w-44" />;
  return (
    <img
      src={src}
      width={176}
      height={176}
      alt={label}
      className="h-44 w-44 rounded-lg border border-slate-200 bg-white p-1"
      data-testid="wallet-qr"
      data-qr-value={value}
    />
  );
}
