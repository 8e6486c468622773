// The order's progress photos, stage by stage as the customer sees them in their portal, and a form to
// post one (on the order's current stage unless another is chosen; the customer is e-mailed).
import { variantUrl } from "@ch/contracts/media";
import { type ProjectPhotoDto, photoUploadQuery } from "@ch/contracts/projects";
import { ORDER_STAGE_LABELS, ORDER_STAGES, type OrderStage } from "@ch/contracts/stages";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../components/card";
import { InputField, SelectField } from "../../components/form";
import { Options } from "../../components/form-field";
import { formatDateTime } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { FileField, UploadForm, useUploadForm } from "./file-field";
import { fileInput, PHOTO_FILES, uploadProjectFile } from "./project-upload";

const photoForm = photoUploadQuery.extend({ file: fileInput(PHOTO_FILES) });
type PhotoValues = { stage: OrderStage; caption: string; file: File | null };

export function OrderPhotos({ orderId, stage }: { orderId: number; stage: string }) {
  const list = useQuery(trpc.projectFiles.photos.queryOptions({ id: orderId }));
  const photos = list.data?.photos ?? [];
  const groups = ORDER_STAGES.map((s) => ({ stage: s, photos: photos.filter((p) => p.stage === s) })).filter(
    (g) => g.photos.length > 0,
  );
  const current = (ORDER_STAGES as readonly string[]).includes(stage) ? (stage as OrderStage) : ORDER_STAGES[0];
  return (
    <section aria-labelledby="order-photos-title" className="space-y-3">
      <h3 id="order-photos-title" className="font-semibold text-slate-900">
        Progress photos
      </h3>
      {list.error ? <LoadError message={errorMessage(list.error, "The photos could not be loaded.")} /> : null}
      {list.isPending ? <p className="text-slate-600">Loading photos…</p> : null}
      {list.data && photos.length === 0 ? <p className="text-slate-600">No progress photos yet.</p> : null}
      {groups.map((g) => (
        <div key={g.stage} data-testid={`photos-${g.stage}`}>
          <h4 className="mb-2 text-sm font-semibold text-slate-800">{ORDER_STAGE_LABELS[g.stage]}</h4>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={`Photos: ${ORDER_STAGE_LABELS[g.stage]}`}>
            {g.photos.map((p) => (
              <Photo key={p.id} photo={p} />
            ))}
          </ul>
        </div>
      ))}
      <UploadPhoto orderId={orderId} stage={current} />
    </section>
  );
}

function Photo({ photo }: { photo: ProjectPhotoDto }) {
  return (
    <li>
      <figure>
        <a href={photo.url} target="_blank" rel="noreferrer" className="block">
          <img
            // the pipeline's 400 px WebP: a thumbnail needs no more
            src={variantUrl(photo.url, 400, "webp")}
            alt={photo.caption}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            className="aspect-[4/3] w-full rounded-md border border-slate-200 bg-slate-100 object-cover"
          />
        </a>
        <figcaption className="mt-1 text-xs">
          <span className="block text-slate-900">{photo.caption}</span>
          <span className="block text-slate-600">
            {photo.postedBy} · {formatDateTime(photo.createdAt)}
          </span>
        </figcaption>
      </figure>
    </li>
  );
}

function UploadPhoto({ orderId, stage }: { orderId: number; stage: OrderStage }) {
  const { control, submit, pending } = useUploadForm<PhotoValues, ProjectPhotoDto>({
    schema: photoForm,
    defaultValues: { stage, caption: "", file: null },
    send: ({ stage: on, caption, file }) =>
      uploadProjectFile(orderId, "photos", { stage: on, caption: caption.trim() }, file as File),
    list: trpc.projectFiles.photos.pathFilter(),
    done: (photo) => ({
      values: { stage: photo.stage, caption: "", file: null },
      title: "Photo Posted",
      description: "The customer is e-mailed and sees it in their portal.",
    }),
    failed: ["Upload Failed", "The photo could not be uploaded"],
  });
  return (
    <UploadForm title="Post a progress photo" onSubmit={submit} pending={pending} submitLabel="Post Photo">
      <SelectField control={control} name="stage" label="Stage">
        <Options values={ORDER_STAGES} label={(s) => ORDER_STAGE_LABELS[s]} />
      </SelectField>
      <InputField control={control} name="caption" label="Caption" maxLength={300} required />
      <FileField control={control} name="file" label="Photo" rule={PHOTO_FILES} className="sm:col-span-2" />
    </UploadForm>
  );
}
