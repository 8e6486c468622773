// Add or edit a product. The form mirrors the API's productInput contract; the server validates again.

import { productInput } from "@ch/contracts/catalog";
import { PRODUCT_CATEGORIES } from "@ch/contracts/constants";
import { variantUrl } from "@ch/contracts/media";
import { PRODUCT_TAX_CLASSES, type ProductTaxClass, TAX_CLASS_LABELS } from "@ch/contracts/pricing";
import { useMutation } from "@tanstack/react-query";
import { type Control, useFieldArray, useFormState } from "react-hook-form";
import { z } from "zod";
import { Dialog, DialogActions } from "../../components/dialog";
import {
  CheckboxField,
  FormMessage,
  InputField,
  messageOf,
  SelectField,
  TextareaField,
  useApiForm,
} from "../../components/form";
import { Options } from "../../components/form-field";
import { ImageUploadButton, type UploadedImage } from "../../components/image-upload";
import { humanize } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { queryClient, trpc } from "../../lib/trpc";
import type { RouterInputs, RouterOutputs } from "../../lib/types";

type Product = RouterOutputs["catalog"]["list"][number];
type ProductInput = RouterInputs["catalog"]["create"];
const SPEC_FIELDS = ["bedrooms", "bathrooms", "sqft", "containers", "units", "floors", "parking"] as const;
type SpecField = (typeof SPEC_FIELDS)[number];
const SPEC_LABEL: Record<SpecField, string> = {
  bedrooms: "Bedrooms",
  bathrooms: "Bathrooms",
  sqft: "Square feet",
  containers: "Containers",
  units: "Units",
  floors: "Floors",
  parking: "Parking spaces",
};

/** What is typed: dollars and whole numbers as text, converted when sent. */
interface ProductValues {
  name: string;
  description: string;
  category: string;
  price: string;
  taxClass: ProductTaxClass;
  featured: boolean;
  inStock: boolean;
  published: boolean;
  specs: Record<SpecField, string>;
  images: UploadedImage[];
}

const isWhole = (raw: string) => raw.trim() === "" || (Number.isInteger(Number(raw)) && Number(raw) >= 0);
// the API's name, description and images; the price and the specs as typed here
const productForm = z.object({
  name: productInput.shape.name,
  description: productInput.shape.description,
  price: z
    .string()
    .refine((raw) => Number.isFinite(Number(raw)) && Number(raw) >= 0, "Price must be a positive number of dollars"),
  specs: z.object(
    Object.fromEntries(
      SPEC_FIELDS.map((f) => [f, z.string().refine(isWhole, `${SPEC_LABEL[f]} must be a whole number`)]),
    ),
  ),
  images: productInput.shape.images,
});

function valuesOf(product: Product | null): ProductValues {
  return {
    name: product?.name ?? "",
    description: product?.description ?? "",
    category: product?.category ?? PRODUCT_CATEGORIES[0],
    price: product ? String(product.price) : "",
    taxClass: product?.taxClass ?? "general",
    featured: product?.featured ?? false,
    inStock: product?.inStock ?? true,
    published: product?.published ?? true,
    specs: Object.fromEntries(
      SPEC_FIELDS.map((f) => [f, product?.specs[f] === undefined ? "" : String(product.specs[f])]),
    ) as Record<SpecField, string>,
    images: product?.imageDetails ?? [],
  };
}

function toInput(v: ProductValues): ProductInput {
  return {
    name: v.name,
    description: v.description,
    category: v.category as ProductInput["category"],
    price: Math.round(Number(v.price) * 100) / 100,
    featured: v.featured,
    inStock: v.inStock,
    published: v.published,
    taxClass: v.taxClass,
    specs: Object.fromEntries(SPEC_FIELDS.filter((f) => v.specs[f].trim() !== "").map((f) => [f, Number(v.specs[f])])),
    images: v.images.map((i) => ({ url: i.url, width: i.width, height: i.height })),
  };
}

export function ProductFormDialog({
  open,
  product,
  onClose,
}: {
  open: boolean;
  product: Product | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={product ? `Edit ${product.name}` : "Add Product"} wide>
      {open && <ProductForm key={product?.id ?? "new"} product={product} onDone={onClose} />}
    </Dialog>
  );
}

function ProductForm({ product, onDone }: { product: Product | null; onDone: () => void }) {
  const toast = useToast();
  const failed = useFailureToast();
  // an update's issues are under "data."
  const form = useApiForm<ProductValues>({
    schema: productForm,
    defaultValues: valuesOf(product),
    toField: (path) => path.replace(/^data\./, ""),
    toasted: true,
  });
  const done = (title: string, says: (p: Product) => string) => async (p: Product) => {
    await queryClient.invalidateQueries(trpc.catalog.pathFilter());
    await queryClient.invalidateQueries(trpc.admin.stats.pathFilter());
    await queryClient.invalidateQueries(trpc.admin.audit.pathFilter());
    toast({ title, description: says(p) });
    onDone();
  };
  const onError = failed("Product Not Saved", "Check the form");
  const create = useMutation(
    trpc.catalog.create.mutationOptions({
      onSuccess: done("Product Created", (p) => `${p.name} is now in the catalog.`),
      onError,
    }),
  );
  const update = useMutation(
    trpc.catalog.update.mutationOptions({ onSuccess: done("Product Updated", (p) => `${p.name} was saved.`), onError }),
  );
  const submit = form.submit((values) =>
    product ? update.mutateAsync({ id: product.id, data: toInput(values) }) : create.mutateAsync(toInput(values)),
  );
  const pending = create.isPending || update.isPending;
  const { control } = form;
  return (
    <form onSubmit={submit} className="space-y-4">
      <FormMessage message={form.message} />
      <ProductDetails control={control} />
      <div className="flex flex-wrap gap-6">
        <CheckboxField control={control} name="featured" label="Featured on the home page" />
        <CheckboxField control={control} name="inStock" label="In stock" />
        <CheckboxField control={control} name="published" label="Published (unchecked: a draft only staff see)" />
      </div>
      <ProductImages control={control} count={() => form.getValues("images").length} />
      <DialogActions
        onCancel={onDone}
        pending={pending}
        label={product ? "Save Changes" : "Create Product"}
        pendingLabel="Saving..."
        divided
      />
    </form>
  );
}

/** The product's images, in order (the first is the main one): move, remove, upload more (12 at most). */
function ProductImages({ control, count }: { control: Control<ProductValues>; count: () => number }) {
  const images = useFieldArray({ control, name: "images" });
  const error = messageOf(useFormState({ control, name: "images" }).errors.images);
  return (
    <fieldset>
      <legend className="field-label">Images (the first one is the main image)</legend>
      {images.fields.length > 0 && (
        <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.fields.map((img, i) => (
            <li key={img.id} className="rounded-md border border-slate-200 p-2">
              <img
                src={variantUrl(img.url, 400, "webp")}
                alt={`Product ${i + 1}`}
                className="aspect-[3/2] w-full rounded object-cover"
              />
              <div className="mt-2 flex flex-wrap gap-1">
                <button
                  type="button"
                  className="btn-ghost"
                  disabled={i === 0}
                  onClick={() => images.move(i, i - 1)}
                  aria-label={`Move image ${i + 1} earlier`}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="btn-ghost"
                  disabled={i === images.fields.length - 1}
                  onClick={() => images.move(i, i + 1)}
                  aria-label={`Move image ${i + 1} later`}
                >
                  →
                </button>
                <button
                  type="button"
                  className="btn-ghost text-red-700"
                  onClick={() => images.remove(i)}
                  aria-label={`Remove image ${i + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
      <div className="mt-2">
        <ImageUploadButton
          label="Upload Images"
          onUploaded={(img) => {
            if (count() < 12) images.append(img);
          }}
        />
      </div>
    </fieldset>
  );
}

/** What the product is, costs and is taxed as, and its specifications. */
function ProductDetails({ control }: { control: Control<ProductValues> }) {
  return (
    <>
      <InputField control={control} name="name" id="product-name" label="Name" required maxLength={120} />
      <TextareaField
        control={control}
        name="description"
        id="product-description"
        label="Description"
        rows={4}
        required
        maxLength={4000}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={control} name="category" id="product-category" label="Category">
          <Options values={PRODUCT_CATEGORIES} label={humanize} />
        </SelectField>
        <InputField
          control={control}
          name="price"
          id="product-price"
          label="Price (USD)"
          type="number"
          min={0}
          step="0.01"
          required
        />
      </div>
      <SelectField
        control={control}
        name="taxClass"
        id="product-tax-class"
        label="Tax class"
        hint="Which of the delivery state's sales-tax rates applies (Proposals → Price lists); ask your accountant."
      >
        <Options values={PRODUCT_TAX_CLASSES} label={(c) => TAX_CLASS_LABELS[c]} />
      </SelectField>
      <fieldset>
        <legend className="field-label">Specifications (leave blank when not applicable)</legend>
        <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {SPEC_FIELDS.map((f) => (
            <InputField
              key={f}
              control={control}
              name={`specs.${f}`}
              id={`spec-${f}`}
              label={SPEC_LABEL[f]}
              type="number"
              min={0}
              step={1}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}
