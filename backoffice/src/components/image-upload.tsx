// Uploads one image to POST /api/admin/media (raw body); the API converts it to WebP and answers its URL and size.
import { type ChangeEvent, type Ref, useId, useState } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { readAnswer, serverMessage } from "../lib/http";
import { useToast } from "../lib/toast";
import { messageOf } from "./form";
import { Fieldset } from "./form-field";

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/** What the image pipeline takes (the API's media upload types and size). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const ACCEPT: readonly string[] = IMAGE_TYPES;
const MAX_BYTES = IMAGE_MAX_BYTES;

export async function uploadImage(file: File): Promise<UploadedImage> {
  const res = await fetch("/api/admin/media", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": file.type },
    body: file,
  });
  return readAnswer<UploadedImage>(res);
}

export function ImageUploadButton({
  label,
  onUploaded,
  inputRef,
}: {
  label: string;
  onUploaded: (image: UploadedImage) => void;
  /** The file input, for a form that focuses it when the image is refused. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const change = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const files = Array.from(input.files ?? []);
    input.value = "";
    for (const file of files) {
      if (!ACCEPT.includes(file.type)) {
        toast({
          title: "Upload Failed",
          description: `${file.name}: use a JPEG, PNG or WebP image`,
          variant: "destructive",
        });
        continue;
      }
      if (file.size > MAX_BYTES) {
        toast({
          title: "Upload Failed",
          description: `${file.name}: images must be 8 MB or smaller`,
          variant: "destructive",
        });
        continue;
      }
      setBusy(true);
      try {
        onUploaded(await uploadImage(file));
      } catch (error) {
        const message = serverMessage(error, "The image could not be uploaded");
        toast({ title: "Upload Failed", description: message, variant: "destructive" });
      } finally {
        setBusy(false);
      }
    }
  };
  return (
    <div>
      <label
        htmlFor={id}
        className="btn-secondary cursor-pointer focus-within:outline-2 focus-within:outline-slate-800"
      >
        {busy ? "Uploading..." : label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={ACCEPT.join(",")}
        multiple
        className="sr-only"
        onChange={change}
        disabled={busy}
      />
      <p className="mt-1 text-xs text-slate-600">JPEG, PNG or WebP, up to 8 MB; stored as WebP.</p>
    </div>
  );
}

/** A form's one image (its URL): the picture chosen, the upload button, and the field's error. */
export function ImageField<T extends FieldValues>({
  control,
  name,
  legend,
  alt,
  imageClassName,
  labels: [upload, replace],
}: {
  control: Control<T>;
  name: Path<T>;
  legend: string;
  alt: string;
  imageClassName: string;
  /** The button's words without an image, and with one. */
  labels: [string, string];
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Fieldset legend={legend} error={messageOf(fieldState.error)}>
      {field.value && <img src={field.value} alt={alt} className={imageClassName} />}
      <div className="mt-2">
        <ImageUploadButton
          label={field.value ? replace : upload}
          inputRef={field.ref}
          onUploaded={(img) => field.onChange(img.url)}
        />
      </div>
    </Fieldset>
  );
}
