import { variantUrl } from "@ch/contracts/media";
import { useMutation, useQuery } from "@tanstack/react-query";
import { lazy } from "react";
import { EmptyState, LoadError } from "../../components/card";
import { ConfirmDialog, EditFormDialog } from "../../components/dialog";
import { EditDeleteButtons } from "../../components/named-button";
import { PageHeader } from "../../components/page-header";
import { useEditDialogs } from "../../components/use-edit-dialogs";
import { humanize } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";
import { refreshGallery as refresh } from "./gallery-refresh";

type Item = RouterOutputs["content"]["gallery"][number];
const GalleryForm = lazy(() => import("./gallery-form"));

export function GalleryScreen() {
  const toast = useToast();
  const gallery = useQuery(trpc.content.gallery.queryOptions());
  const dialogs = useEditDialogs<Item>();
  const { deleting } = dialogs;
  const failure = useFailureToast();
  const failed = (title: string) => failure(title, "The change was not saved");
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
        dialogs.closeDelete();
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
      <PageHeader title="Manage Gallery">
        <button type="button" className="btn-primary" onClick={dialogs.add}>
          Add Gallery Item
        </button>
      </PageHeader>
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
                  <EditDeleteButtons dialogs={dialogs} item={item} name={item.title} className="btn-ghost" />
                </div>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <EditFormDialog dialogs={dialogs} titles={["Edit Gallery Item", "Add Gallery Item"]}>
        {(item, done) => <GalleryForm item={item} onDone={done} />}
      </EditFormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete gallery item?"
        message={`"${deleting?.title ?? ""}" will be removed from the storefront gallery.`}
        confirmLabel="Delete Item"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={dialogs.closeDelete}
      />
    </div>
  );
}
