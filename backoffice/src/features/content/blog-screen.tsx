import { useMutation, useQuery } from "@tanstack/react-query";
import { lazy, useState } from "react";
import type { Column } from "../../components/data-table";
import { ConfirmDialog, EditFormDialog } from "../../components/dialog";
import { QueryTable } from "../../components/list-card";
import { NamedButton } from "../../components/named-button";
import { PageHeader } from "../../components/page-header";
import { useEditDialogs } from "../../components/use-edit-dialogs";
import { formatDate, humanize } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { loadPost, type Post, type PostSummary, refreshPosts as refresh, toInput } from "./post-input";

const PAGE = 50;
const PostForm = lazy(() => import("./post-form"));

export function BlogScreen() {
  const toast = useToast();
  const [offset, setOffset] = useState(0);
  const posts = useQuery(trpc.content.posts.queryOptions({ limit: PAGE, offset }));
  // the form edits a whole post, the delete question names a row of the list
  const dialogs = useEditDialogs<Post>();
  const [opening, setOpening] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<PostSummary | null>(null);
  const failure = useFailureToast();
  const failed = (title: string) => failure(title, "The change was not saved");
  const toggle = useMutation(
    trpc.content.updatePost.mutationOptions({
      onSuccess: async (p) => {
        await refresh();
        toast({
          title: p.published ? "Post Published" : "Post Unpublished",
          description: p.published ? `"${p.title}" is live on the blog.` : `"${p.title}" is now a draft.`,
        });
      },
      onError: failed("Update Failed"),
    }),
  );
  const remove = useMutation(
    trpc.content.deletePost.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast({ title: "Post Deleted", description: `"${deleting?.title ?? "The post"}" was deleted.` });
        setDeleting(null);
      },
      onError: failed("Delete Failed"),
    }),
  );
  const openEditor = async (p: PostSummary) => {
    setOpening(p.id);
    try {
      dialogs.edit(await loadPost(p.id));
    } catch (error) {
      failed("Post Not Loaded")(error);
    } finally {
      setOpening(null);
    }
  };
  const togglePublished = async (p: PostSummary) => {
    try {
      const full = await loadPost(p.id);
      toggle.mutate({ id: p.id, data: { ...toInput(full), published: !p.published } });
    } catch (error) {
      failed("Update Failed")(error);
    }
  };
  const page = posts.data;
  const columns: Column<PostSummary>[] = [
    {
      header: "Title",
      hideable: false,
      cell: (p) => (
        <div className="w-56 whitespace-normal sm:w-auto">
          <div className="font-medium text-slate-900">{p.title}</div>
          <div className="text-xs break-all text-slate-600">/blog/{p.slug}</div>
        </div>
      ),
    },
    { header: "Category", className: "capitalize", cell: (p) => humanize(p.category) },
    {
      header: "State",
      cell: (p) => (
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${
            p.published ? "bg-green-100 text-green-900 ring-green-300" : "bg-gray-100 text-gray-800 ring-gray-300"
          }`}
        >
          {p.published ? "Published" : "Draft"}
        </span>
      ),
    },
    { header: "Updated", className: "whitespace-nowrap", cell: (p) => formatDate(p.updatedAt) },
    {
      header: "Actions",
      hideable: false,
      cell: (p) => (
        <div className="flex gap-2">
          <NamedButton
            label="Edit"
            name={p.title}
            className="btn-secondary py-1"
            disabled={opening === p.id}
            onClick={() => void openEditor(p)}
          />
          <NamedButton
            label={p.published ? "Unpublish" : "Publish"}
            name={p.title}
            className="btn-secondary py-1"
            disabled={toggle.isPending}
            onClick={() => void togglePublished(p)}
          />
          <NamedButton
            label="Delete"
            name={p.title}
            className="btn-secondary py-1 text-red-700"
            onClick={() => setDeleting(p)}
          />
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Blog">
        <button type="button" className="btn-primary" onClick={dialogs.add}>
          New Post
        </button>
      </PageHeader>
      <p className="mt-1 text-sm text-slate-600">
        Published posts appear on the storefront blog at once; drafts stay here.
      </p>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <QueryTable
          query={posts}
          loadError="Posts could not be loaded."
          label="Blog posts"
          columns={columns}
          rows={page?.posts}
          rowKey={(p) => p.id}
          loading="Loading posts…"
          empty="No posts yet."
        />
        {page && page.total > PAGE && (
          <nav aria-label="Posts pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
            <span className="text-slate-600">
              {page.offset + 1}–{page.offset + page.posts.length} of {page.total}
            </span>
            <span className="flex gap-2">
              <button
                type="button"
                className="btn-secondary py-1"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                Previous
              </button>
              <button
                type="button"
                className="btn-secondary py-1"
                disabled={page.offset + page.posts.length >= page.total}
                onClick={() => setOffset(offset + PAGE)}
              >
                Next
              </button>
            </span>
          </nav>
        )}
      </div>
      <EditFormDialog dialogs={dialogs} titles={["Edit Post", "New Post"]} wide>
        {(post, done) => <PostForm post={post} onDone={done} />}
      </EditFormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete post?"
        message={`"${deleting?.title ?? ""}" will be deleted and disappear from the blog.`}
        confirmLabel="Delete Post"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
