// Full-screen viewer: close, previous, next, title and "n of total"; Escape closes, arrows move and
// wrap at both ends. A modal <dialog> keeps focus inside and hands it back to the opener.
import { useEffect, useRef } from "react";
import { trapTab } from "../../components/focus-trap";
import { ChevronLeft, ChevronRight, CloseIcon } from "../../components/icons";
import { ResponsiveImage } from "../../components/responsive-image";
import { capitalize } from "../../lib/format";
import type { GalleryItemDto } from "../../lib/queries";

export const wrapIndex = (index: number, total: number): number => ((index % total) + total) % total;

export function Lightbox({
  items,
  openId,
  onChange,
  onClose,
}: {
  items: GalleryItemDto[];
  openId: number | null;
  onChange: (id: number) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const index = items.findIndex((item) => item.id === openId);
  const item = index >= 0 ? items[index] : undefined;
  const open = item !== undefined;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, [open]);

  const move = (step: number) => {
    const next = items[wrapIndex(index + step, items.length)];
    if (next) onChange(next.id);
  };

  if (!item) return null;
  return (
    <dialog
      ref={ref}
      aria-label={`${item.title}, image ${index + 1} of ${items.length}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        trapTab(event);
        if (event.key === "ArrowLeft") {
          event.preventDefault();
          move(-1);
        } else if (event.key === "ArrowRight") {
          event.preventDefault();
          move(1);
        }
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950/95 p-0 text-white"
      data-testid="lightbox"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 p-4">
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold">{item.title}</h2>
            <p className="text-sm text-slate-300" data-testid="lightbox-counter">
              {index + 1} of {items.length}
              {item.category ? ` · ${capitalize(item.category)}` : ""}
            </p>
          </div>
          <button type="button" onClick={onClose} aria-label="Close" className="rounded-full p-2 hover:bg-white/10">
            <CloseIcon className="h-7 w-7" />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-6 sm:px-16">
          <ResponsiveImage
            key={item.image}
            image={{ url: item.image, width: item.width, height: item.height }}
            alt={item.title}
            sizes="(min-width: 640px) calc(100vw - 8rem), 100vw"
            loading="eager"
            className="max-h-full max-w-full rounded-lg object-contain"
          />
          <button
            type="button"
            onClick={() => move(-1)}
            aria-label="Previous image"
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-black/50 p-2 hover:bg-black/70 sm:left-4"
          >
            <ChevronLeft className="h-7 w-7" />
          </button>
          <button
            type="button"
            onClick={() => move(1)}
            aria-label="Next image"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-black/50 p-2 hover:bg-black/70 sm:right-4"
          >
            <ChevronRight className="h-7 w-7" />
          </button>
        </div>
      </div>
    </dialog>
  );
}
