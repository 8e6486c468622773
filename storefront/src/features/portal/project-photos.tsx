// The build in pictures: the progress photos staff post, under the stage they were taken at.
import type { ProjectPhotoDto } from "@ch/contracts/projects";
import { ResponsiveImage } from "../../components/responsive-image";
import { stageLabel } from "./portal-format";
import { PortalSection } from "./portal-section";

export default function ProjectPhotos({ photos }: { photos: ProjectPhotoDto[] }) {
  if (photos.length === 0) return null;
  const stages = [...new Set(photos.map((p) => p.stage))];
  return (
    <PortalSection id="photos-title" title="Your home, stage by stage">
      <ol className="mt-3 grid gap-6" data-testid="project-photos">
        {stages.map((stage) => (
          <li key={stage}>
            <h3 className="text-sm font-semibold text-slate-800">{stageLabel(stage)}</h3>
            <ul className="mt-2 grid gap-3 sm:grid-cols-2">
              {photos
                .filter((p) => p.stage === stage)
                .map((p) => (
                  <li key={p.id}>
                    <figure>
                      <ResponsiveImage
                        image={p}
                        alt={p.caption}
                        sizes="(min-width: 640px) 360px, 100vw"
                        className="aspect-[3/2] w-full rounded-xl object-cover"
                      />
                      <figcaption className="mt-1 text-xs text-slate-600">
                        {p.caption} · {new Date(p.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
                      </figcaption>
                    </figure>
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ol>
    </PortalSection>
  );
}
