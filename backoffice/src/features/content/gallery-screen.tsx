import { variantUrl } from "@ch/api/contracts/media";
import { useMutation, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { EmptyState, LoadError } from "../../components/card";
import { ConfirmDialog, Dialog } from "../../components/dialog";
import { humanize } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";
import { refreshGallery as refresh } from "./gallery-refresh";

type Item = RouterOutputs["content"]["gallery"][number];
const GalleryForm = lazy(() => import("./gallery-form"));

export function GalleryScreen() {
  const toast = useToast();
  const gallery = useQuery(trpc.content.gallery.queryOptions());
  const [editing, setEditing] = useState<Item | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, "The change was not saved"), variant: "destructive" });
  const reorder = useMutation(
    trpc.content.reorderGallery.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast({ title: "Gallery Reordered", description: "The new order shows on the storefront now." });
      },
      onError: failed("Reorder Failed"),
    }),
  );
  const remove = useMutation(
    trpc.content.deleteGalleryItem.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast({ title: "Gallery Item Deleted", description: `${deleting?.title ?? "The item"} was removed.` });
        setDeleting(null);
      },
      onError: failed("Delete Failed"),
    }),
  );
  const items = gallery.data ?? [];
  const move = (index: number, to: number) => {
    const ids = items.map((i) => i.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(to, 0, id);
    reorder.mutate({ ids });
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Manage Gallery</h1>
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          Add Gallery Item
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600">Items appear on the storefront gallery in this order.</p>
      <div className="mt-4">
        {gallery.error && <LoadError message={errorMessage(gallery.error, "The gallery could not be loaded.")} />}
        {gallery.data && items.length === 0 && <EmptyState>The gallery is empty. Add the first picture.</EmptyState>}
        <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, i) => (
            <li
              key={item.id}
              className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
              data-testid="gallery-item"
            >
              <img
                src={variantUrl(item.image, 400, "webp")}
                alt={item.title}
                className="aspect-[3/2] w-full object-cover"
                loading="lazy"
              />
              <div className="p-3">
                <p className="font-medium text-slate-900">
                  <span className="text-slate-600">{i + 1}.</span> {item.title}
                </p>
                <p className="text-sm capitalize text-slate-600">{humanize(item.category)}</p>
                <div className="mt-2 flex flex-wrap gap-1">
                  <button
                    type="button"
                    className="btn-ghost"
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(i, i - 1)}
                    aria-label={`Move ${item.title} up`}
                  >
                    ↑ Up
                  </button>
                  <button
                    type="button"
                    className="btn-ghost"
                    disabled={i === items.length - 1 || reorder.isPending}
                    onClick={() => move(i, i + 1)}
                    aria-label={`Move ${item.title} down`}
                  >
                    ↓ Down
                  </button>
                  <button
                    type="button"
                    className="btn-ghost"
                    onClick={() => {
                      setEditing(item);
                      setFormOpen(true);
                    }}
                  >
                    Edit<span className="sr-only"> {item.title}</span>
                  </button>
                  <button type="button" className="btn-ghost text-red-700" onClick={() => setDeleting(item)}>
                    Delete<span className="sr-only"> {item.title}</span>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <Dialog
        open={formOpen}
        onClose={() => setFormOpen(false)}
        title={editing ? "Edit Gallery Item" : "Add Gallery Item"}
      >
        {formOpen && (
          <Suspense fallback={<p className="text-sm text-slate-600">Loading…</p>}>
            <GalleryForm key={editing?.id ?? "new"} item={editing} onDone={() => setFormOpen(false)} />
          </Suspense>
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete gallery item?"
        message={`"${deleting?.title ?? ""}" will be removed from the storefront gallery.`}
        confirmLabel="Delete Item"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
