// Add or edit a product. The form mirrors the API's productInput contract; the server validates again.

import { PRODUCT_CATEGORIES } from "@ch/api/contracts/constants";
import { variantUrl } from "@ch/api/contracts/media";
import { PRODUCT_TAX_CLASSES, type ProductTaxClass, TAX_CLASS_LABELS } from "@ch/api/contracts/pricing";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Dialog } from "../../components/dialog";
import { ImageUploadButton, type UploadedImage } from "../../components/image-upload";
import { humanize } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";
import type { RouterInputs, RouterOutputs } from "../../lib/types";

type Product = RouterOutputs["catalog"]["list"][number];
type ProductInput = RouterInputs["catalog"]["create"];
const SPEC_FIELDS = ["bedrooms", "bathrooms", "sqft", "containers", "units", "floors", "parking"] as const;
const SPEC_LABEL: Record<(typeof SPEC_FIELDS)[number], string> = {
  bedrooms: "Bedrooms",
  bathrooms: "Bathrooms",
  sqft: "Square feet",
  containers: "Containers",
  units: "Units",
  floors: "Floors",
  parking: "Parking spaces",
};

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
  const [name, setName] = useState(product?.name ?? "");
  const [description, setDescription] = useState(product?.description ?? "");
  const [category, setCategory] = useState<string>(product?.category ?? PRODUCT_CATEGORIES[0]);
  const [price, setPrice] = useState(product ? String(product.price) : "");
  const [featured, setFeatured] = useState(product?.featured ?? false);
  const [inStock, setInStock] = useState(product?.inStock ?? true);
  const [published, setPublished] = useState(product?.published ?? true);
  const [taxClass, setTaxClass] = useState<ProductTaxClass>(product?.taxClass ?? "general");
  const [specs, setSpecs] = useState<Record<string, string>>(
    Object.fromEntries(SPEC_FIELDS.map((f) => [f, product?.specs[f] === undefined ? "" : String(product.specs[f])])),
  );
  const [images, setImages] = useState<UploadedImage[]>(product?.imageDetails ?? []);
  const [errors, setErrors] = useState<string[]>([]);

  const done = async (title: string, description: string) => {
    await queryClient.invalidateQueries(trpc.catalog.pathFilter());
    await queryClient.invalidateQueries(trpc.admin.stats.pathFilter());
    await queryClient.invalidateQueries(trpc.admin.audit.pathFilter());
    toast({ title, description });
    onDone();
  };
  const failed = (error: unknown) => {
    const issues =
      (error as { data?: { issues?: { path: (string | number)[]; message: string }[] } }).data?.issues ?? [];
    setErrors(issues.map((i) => `${i.path.join(".")}: ${i.message}`));
    toast({ title: "Product Not Saved", description: errorMessage(error, "Check the form"), variant: "destructive" });
  };
  const create = useMutation(
    trpc.catalog.create.mutationOptions({
      onSuccess: (p) => done("Product Created", `${p.name} is now in the catalog.`),
      onError: failed,
    }),
  );
  const update = useMutation(
    trpc.catalog.update.mutationOptions({
      onSuccess: (p) => done("Product Updated", `${p.name} was saved.`),
      onError: failed,
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: string[] = [];
    const priceValue = Number(price);
    if (!Number.isFinite(priceValue) || priceValue < 0) problems.push("Price must be a positive number of dollars");
    const specValues: Record<string, number> = {};
    for (const f of SPEC_FIELDS) {
      const raw = specs[f]?.trim() ?? "";
      if (raw === "") continue;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0) problems.push(`${SPEC_LABEL[f]} must be a whole number`);
      else specValues[f] = n;
    }
    setErrors(problems);
    if (problems.length > 0) return;
    const data: ProductInput = {
      name,
      description,
      category: category as ProductInput["category"],
      price: Math.round(priceValue * 100) / 100,
      featured,
      inStock,
      published,
      taxClass,
      specs: specValues,
      images: images.map((i) => ({ url: i.url, width: i.width, height: i.height })),
    };
    if (product) update.mutate({ id: product.id, data });
    else create.mutate(data);
  };
  const pending = create.isPending || update.isPending;

  const move = (from: number, to: number) =>
    setImages((list) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate={false}>
      {errors.length > 0 && (
        <ul role="alert" className="list-disc rounded-md border border-red-200 bg-red-50 p-3 pl-8 text-sm text-red-800">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div>
        <label htmlFor="product-name" className="field-label">
          Name
        </label>
        <input
          id="product-name"
          className="field-input"
          required
          maxLength={120}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="product-description" className="field-label">
          Description
        </label>
        <textarea
          id="product-description"
          className="field-input"
          rows={4}
          required
          maxLength={4000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="product-category" className="field-label">
            Category
          </label>
          <select
            id="product-category"
            className="field-input"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            {PRODUCT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {humanize(c)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product-price" className="field-label">
            Price (USD)
          </label>
          <input
            id="product-price"
            className="field-input"
            type="number"
            min={0}
            step="0.01"
            required
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </div>
      </div>
      <div>
        <label htmlFor="product-tax-class" className="field-label">
          Tax class
        </label>
        <select
          id="product-tax-class"
          className="field-input"
          value={taxClass}
          onChange={(e) => setTaxClass(e.target.value as ProductTaxClass)}
          aria-describedby="product-tax-class-hint"
        >
          {PRODUCT_TAX_CLASSES.map((c) => (
            <option key={c} value={c}>
              {TAX_CLASS_LABELS[c]}
            </option>
          ))}
        </select>
        <p id="product-tax-class-hint" className="mt-1 text-xs text-slate-600">
          Which of the delivery state's sales-tax rates applies (Proposals → Price lists); ask your accountant.
        </p>
      </div>
      <fieldset>
        <legend className="field-label">Specifications (leave blank when not applicable)</legend>
        <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {SPEC_FIELDS.map((f) => (
            <div key={f}>
              <label htmlFor={`spec-${f}`} className="text-xs text-slate-700">
                {SPEC_LABEL[f]}
              </label>
              <input
                id={`spec-${f}`}
                className="field-input"
                type="number"
                min={0}
                step={1}
                value={specs[f] ?? ""}
                onChange={(e) => setSpecs((s) => ({ ...s, [f]: e.target.value }))}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4"
            checked={featured}
            onChange={(e) => setFeatured(e.target.checked)}
          />
          Featured on the home page
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4" checked={inStock} onChange={(e) => setInStock(e.target.checked)} />
          In stock
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4"
            checked={published}
            onChange={(e) => setPublished(e.target.checked)}
          />
          Published (unchecked: a draft only staff see)
        </label>
      </div>
      <fieldset>
        <legend className="field-label">Images (the first one is the main image)</legend>
        {images.length > 0 && (
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {images.map((img, i) => (
              <li key={img.url} className="rounded-md border border-slate-200 p-2">
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
                    onClick={() => move(i, i - 1)}
                    aria-label={`Move image ${i + 1} earlier`}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="btn-ghost"
                    disabled={i === images.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={`Move image ${i + 1} later`}
                  >
                    →
                  </button>
                  <button
                    type="button"
                    className="btn-ghost text-red-700"
                    onClick={() => setImages((list) => list.filter((_, j) => j !== i))}
                    aria-label={`Remove image ${i + 1}`}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-2">
          <ImageUploadButton
            label="Upload Images"
            onUploaded={(img) => setImages((list) => [...list, img].slice(0, 12))}
          />
        </div>
      </fieldset>
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Saving..." : product ? "Save Changes" : "Create Product"}
        </button>
      </div>
    </form>
  );
}
