import { useState } from "react";
import { ResponsiveImage } from "../../components/responsive-image";
import { capitalize } from "../../lib/format";
import type { GalleryItemDto } from "../../lib/queries";
import { Lightbox } from "./lightbox";

/** Tiles that open the lightbox; `lightboxItems` are the images the lightbox steps through. */
export function GalleryGrid({
  shown,
  lightboxItems,
  eagerCount = 0,
}: {
  shown: GalleryItemDto[];
  lightboxItems: GalleryItemDto[];
  eagerCount?: number;
}) {
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {shown.map((item, i) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => setOpenId(item.id)}
              className="group relative block aspect-[3/2] w-full overflow-hidden rounded-xl bg-slate-100 shadow-sm"
              aria-label={`Open ${item.title}`}
              data-testid="gallery-tile"
            >
              <ResponsiveImage
                image={{ url: item.image, width: item.width, height: item.height }}
                alt=""
                sizes="(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 768px) 32vw, 48vw"
                loading={i < eagerCount ? "eager" : "lazy"}
                className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
              <span className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-slate-950/80 via-slate-950/10 to-transparent p-3 text-left text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                <span className="text-sm font-semibold">{item.title}</span>
                {item.category ? <span className="text-xs text-slate-200">{capitalize(item.category)}</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Lightbox items={lightboxItems} openId={openId} onChange={setOpenId} onClose={() => setOpenId(null)} />
    </>
  );
}
