import { GALLERY_CATEGORIES } from "@ch/contracts/constants";
import { galleryItemInput } from "@ch/contracts/content";
import { z } from "zod";
import { InputField, useApiForm } from "../../components/form";
import { ImageField } from "../../components/image-upload";
import { trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";
import { CategoryField, ContentFormEnd, useContentSave } from "./content-save";
import { refreshGallery as refresh } from "./gallery-refresh";

type Item = RouterOutputs["content"]["gallery"][number];

// the API's gallery item; without a picture, the form asks for one first
const itemForm = galleryItemInput.extend({
  image: z.string().min(1, "Upload a picture first.").pipe(galleryItemInput.shape.image),
});
type ItemValues = z.input<typeof itemForm>;

export default function GalleryForm({ item, onDone }: { item: Item | null; onDone: () => void }) {
  const form = useApiForm<ItemValues>({
    schema: itemForm,
    defaultValues: {
      title: item?.title ?? "",
      category: (item?.category ?? GALLERY_CATEGORIES[0]) as ItemValues["category"],
      image: item?.image ?? "",
    },
    toField: (path) => path.replace(/^data\./, ""),
    toasted: true,
  });
  const save = useContentSave({
    refresh,
    description: () => "The storefront gallery shows it now.",
    notSaved: "Gallery Item Not Saved",
    onDone,
    create: ["Gallery Item Added", (callbacks) => trpc.content.createGalleryItem.mutationOptions(callbacks)],
    update: ["Gallery Item Updated", (callbacks) => trpc.content.updateGalleryItem.mutationOptions(callbacks)],
  });
  const { control } = form;
  return (
    <form onSubmit={save.submit(form, item?.id)} className="space-y-4">
      <InputField control={control} name="title" id="gallery-title" label="Title" required maxLength={160} />
      <CategoryField control={control} id="gallery-category" values={GALLERY_CATEGORIES} />
      <ImageField
        control={control}
        name="image"
        legend="Picture"
        alt="Selected"
        imageClassName="mt-2 aspect-[3/2] w-full rounded-md object-cover"
        labels={["Upload Picture", "Replace Picture"]}
      />
      <ContentFormEnd message={form.message} save={save} label="Save" />
    </form>
  );
}
