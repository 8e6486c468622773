import { variantUrl } from "@ch/contracts/media";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { StatCard } from "../../components/card";
import type { Column } from "../../components/data-table";
import { ConfirmDialog } from "../../components/dialog";
import { QueryTable } from "../../components/list-card";
import { EditDeleteButtons } from "../../components/named-button";
import { useEditDialogs } from "../../components/use-edit-dialogs";
import { formatUsd, humanize } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { queryClient, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";
import { ProductFormDialog } from "./product-form-dialog";

type Stats = RouterOutputs["admin"]["stats"];
type Product = RouterOutputs["catalog"]["list"][number];

export function ProductsTab({ stats }: { stats: Stats | undefined }) {
  const toast = useToast();
  const failed = useFailureToast();
  const products = useQuery(trpc.catalog.list.queryOptions());
  const dialogs = useEditDialogs<Product>();
  const { deleting } = dialogs;
  const remove = useMutation(
    trpc.catalog.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.catalog.pathFilter());
        await queryClient.invalidateQueries(trpc.admin.stats.pathFilter());
        await queryClient.invalidateQueries(trpc.admin.audit.pathFilter());
        toast({
          title: "Product Deleted",
          description: `${deleting?.name ?? "The product"} was removed from the catalog.`,
        });
        dialogs.closeDelete();
      },
      onError: failed("Delete Failed", "The product was not deleted"),
    }),
  );
  const columns: Column<Product>[] = [
    {
      header: "Product",
      hideable: false,
      cell: (p) => (
        <div className="flex items-center gap-3">
          {p.images[0] ? (
            <img
              src={variantUrl(p.images[0], 400, "webp")}
              alt=""
              className="h-10 w-15 rounded object-cover"
              loading="lazy"
            />
          ) : (
            <span className="inline-block h-10 w-15 rounded bg-slate-100" />
          )}
          <span className="font-medium text-slate-900">{p.name}</span>
          {!p.published && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Draft</span>
          )}
        </div>
      ),
    },
    { header: "Category", className: "capitalize", cell: (p) => humanize(p.category) },
    { header: "Price", className: "tabular-nums", cell: (p) => formatUsd(p.price) },
    { header: "Featured", cell: (p) => (p.featured ? "Yes" : "No") },
    { header: "In stock", cell: (p) => (p.inStock ? "Yes" : "No") },
    {
      header: "Actions",
      hideable: false,
      cell: (p) => (
        <div className="flex gap-2">
          <EditDeleteButtons dialogs={dialogs} item={p} name={p.name} className="btn-secondary py-1" />
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      {/* the count is the catalog's own list (every role of this tab reads it); the ROI calculations are
          leads, shown only with the dashboard's figures (sales and the owner), never a placeholder */}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="product-cards">
        <StatCard
          label="Total Products"
          value={products.data ? products.data.length : "…"}
          hint={products.data ? `${products.data.filter((p) => p.published).length} published` : undefined}
        />
        {stats ? (
          <StatCard label="ROI Calculations" value={stats.roiCalculations} hint="Saved from the ROI calculator" />
        ) : null}
      </div>
      <section aria-labelledby="products-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id="products-heading" className="text-base font-semibold text-slate-900">
            Products
          </h2>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary" onClick={dialogs.add}>
              Add Product
            </button>
            <Link to="/admin/gallery" className="btn-secondary">
              Manage Gallery
            </Link>
            <Link to="/admin/blog" className="btn-secondary">
              Manage Blog
            </Link>
          </div>
        </div>
        <QueryTable
          query={products}
          loadError="Products could not be loaded."
          label="Products"
          columns={columns}
          rowKey={(p) => p.id}
          loading="Loading products…"
          empty="No products yet. Add the first one."
        />
      </section>
      <ProductFormDialog open={dialogs.formOpen} product={dialogs.editing} onClose={dialogs.closeForm} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete product?"
        message={`"${deleting?.name ?? ""}" will be removed from the catalog and the storefront. This cannot be undone.`}
        confirmLabel="Delete Product"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={dialogs.closeDelete}
      />
    </div>
  );
}
