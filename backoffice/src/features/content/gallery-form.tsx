import { GALLERY_CATEGORIES } from "@ch/api/contracts/constants";
import { galleryItemInput } from "@ch/api/contracts/content";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { FormMessage, InputField, SelectField, useApiForm } from "../../components/form";
import { ImageField } from "../../components/image-upload";
import { humanize } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";
import { refreshGallery as refresh } from "./gallery-refresh";

type Item = RouterOutputs["content"]["gallery"][number];

// the API's gallery item; without a picture, the form asks for one first
const itemForm = galleryItemInput.extend({
  image: z.string().min(1, "Upload a picture first.").pipe(galleryItemInput.shape.image),
});
type ItemValues = z.input<typeof itemForm>;

export default function GalleryForm({ item, onDone }: { item: Item | null; onDone: () => void }) {
  const toast = useToast();
  const failed = useFailureToast();
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
  const ok = (t: string) => async () => {
    await refresh();
    toast({ title: t, description: "The storefront gallery shows it now." });
    onDone();
  };
  const onError = failed("Gallery Item Not Saved", "Check the form");
  const create = useMutation(
    trpc.content.createGalleryItem.mutationOptions({ onSuccess: ok("Gallery Item Added"), onError }),
  );
  const update = useMutation(
    trpc.content.updateGalleryItem.mutationOptions({ onSuccess: ok("Gallery Item Updated"), onError }),
  );
  const submit = form.submit((data) => (item ? update.mutateAsync({ id: item.id, data }) : create.mutateAsync(data)), {
    invalid: (errors) =>
      errors.image &&
      toast({ title: "Image Required", description: errors.image.message ?? "", variant: "destructive" }),
  });
  const { control } = form;
  return (
    <form onSubmit={submit} className="space-y-4">
      <InputField control={control} name="title" id="gallery-title" label="Title" required maxLength={160} />
      <SelectField
        control={control}
        name="category"
        id="gallery-category"
        label="Category"
        inputClassName="field-input capitalize"
      >
        {GALLERY_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {humanize(c)}
          </option>
        ))}
      </SelectField>
      <ImageField
        control={control}
        name="image"
        legend="Picture"
        alt="Selected"
        imageClassName="mt-2 aspect-[3/2] w-full rounded-md object-cover"
        labels={["Upload Picture", "Replace Picture"]}
      />
      <FormMessage message={form.message} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={create.isPending || update.isPending}>
          {create.isPending || update.isPending ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
