import { GALLERY_CATEGORIES } from "@ch/api/contracts/constants";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ImageUploadButton } from "../../components/image-upload";
import { humanize } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import type { RouterInputs, RouterOutputs } from "../../lib/types";
import { refreshGallery as refresh } from "./gallery-refresh";

type Item = RouterOutputs["content"]["gallery"][number];
type ItemInput = RouterInputs["content"]["createGalleryItem"];

export default function GalleryForm({ item, onDone }: { item: Item | null; onDone: () => void }) {
  const toast = useToast();
  const [title, setTitle] = useState(item?.title ?? "");
  const [category, setCategory] = useState<string>(item?.category ?? GALLERY_CATEGORIES[0]);
  const [image, setImage] = useState(item?.image ?? "");
  const ok = (t: string) => async () => {
    await refresh();
    toast({ title: t, description: "The storefront gallery shows it now." });
    onDone();
  };
  const failed = (error: unknown) =>
    toast({
      title: "Gallery Item Not Saved",
      description: errorMessage(error, "Check the form"),
      variant: "destructive",
    });
  const create = useMutation(
    trpc.content.createGalleryItem.mutationOptions({ onSuccess: ok("Gallery Item Added"), onError: failed }),
  );
  const update = useMutation(
    trpc.content.updateGalleryItem.mutationOptions({ onSuccess: ok("Gallery Item Updated"), onError: failed }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!image) {
      toast({ title: "Image Required", description: "Upload a picture first.", variant: "destructive" });
      return;
    }
    const data: ItemInput = { title, category: category as ItemInput["category"], image };
    if (item) update.mutate({ id: item.id, data });
    else create.mutate(data);
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <div>
        <label htmlFor="gallery-title" className="field-label">
          Title
        </label>
        <input
          id="gallery-title"
          className="field-input"
          required
          maxLength={160}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="gallery-category" className="field-label">
          Category
        </label>
        <select
          id="gallery-category"
          className="field-input capitalize"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        >
          {GALLERY_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {humanize(c)}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="field-label">Picture</legend>
        {image && <img src={image} alt="Selected" className="mt-2 aspect-[3/2] w-full rounded-md object-cover" />}
        <div className="mt-2">
          <ImageUploadButton
            label={image ? "Replace Picture" : "Upload Picture"}
            onUploaded={(img) => setImage(img.url)}
          />
        </div>
      </fieldset>
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
