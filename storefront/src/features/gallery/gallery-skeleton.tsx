import { Skeleton } from "../../components/ui";

export function GallerySkeleton({ count }: { count: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" aria-busy="true">
      <span className="sr-only">Loading projects</span>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="aspect-[3/2] rounded-xl" />
      ))}
    </div>
  );
}
