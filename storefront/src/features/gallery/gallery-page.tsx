import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PageHeader } from "../../components/ui";
import { galleryQuery } from "../../lib/queries";
import { GalleryGrid } from "./gallery-grid";
import { GallerySkeleton } from "./gallery-skeleton";

const FILTERS = [
  { label: "All", value: "all" },
  { label: "Exterior", value: "exterior" },
  { label: "Interior", value: "interior" },
  { label: "Commercial", value: "commercial" },
];

export function GalleryPage() {
  const gallery = useQuery(galleryQuery);
  const [filter, setFilter] = useState("all");
  const items = (gallery.data ?? []).filter((item) => filter === "all" || item.category === filter);
  return (
    <>
      <PageHeader
        title="Project Gallery"
        intro="Exterior, interior and commercial container builds from across Texas."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <fieldset className="mb-8 flex flex-wrap justify-center gap-2">
          <legend className="sr-only">Filter projects by category</legend>
          {FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
              className={`rounded-full px-4 py-2 text-sm font-medium ${
                filter === f.value
                  ? "bg-slate-900 text-white"
                  : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
              }`}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
        {gallery.isPending ? (
          <GallerySkeleton count={9} />
        ) : items.length === 0 ? (
          <p className="py-16 text-center text-lg text-slate-600">No images found</p>
        ) : (
          <GalleryGrid shown={items} lightboxItems={items} eagerCount={4} />
        )}
      </div>
    </>
  );
}
