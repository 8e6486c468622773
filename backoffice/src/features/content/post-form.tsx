import { BLOG_CATEGORIES } from "@ch/api/contracts/constants";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ImageUploadButton } from "../../components/image-upload";
import { humanize } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { type Post, type PostInput, refreshPosts as refresh, toInput } from "./post-input";

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 160);

export default function PostForm({ post, onDone }: { post: Post | null; onDone: () => void }) {
  const toast = useToast();
  const [form, setForm] = useState<PostInput>(
    post
      ? toInput(post)
      : { slug: "", title: "", excerpt: "", content: "", category: BLOG_CATEGORIES[0], image: "", published: false },
  );
  const [slugTouched, setSlugTouched] = useState(post !== null);
  const set = <K extends keyof PostInput>(key: K, value: PostInput[K]) => setForm((f) => ({ ...f, [key]: value }));
  const ok = (t: string) => async () => {
    await refresh();
    toast({ title: t, description: form.published ? "It is live on the storefront blog." : "Saved as a draft." });
    onDone();
  };
  const failed = (error: unknown) =>
    toast({ title: "Post Not Saved", description: errorMessage(error, "Check the form"), variant: "destructive" });
  const create = useMutation(
    trpc.content.createPost.mutationOptions({ onSuccess: ok("Post Created"), onError: failed }),
  );
  const update = useMutation(
    trpc.content.updatePost.mutationOptions({ onSuccess: ok("Post Updated"), onError: failed }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.image) {
      toast({ title: "Image Required", description: "Upload a cover image first.", variant: "destructive" });
      return;
    }
    if (post) update.mutate({ id: post.id, data: form });
    else create.mutate(form);
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <div>
        <label htmlFor="post-title" className="field-label">
          Title
        </label>
        <input
          id="post-title"
          className="field-input"
          required
          maxLength={200}
          value={form.title}
          onChange={(e) => {
            set("title", e.target.value);
            if (!slugTouched) set("slug", slugify(e.target.value));
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="post-slug" className="field-label">
            Slug
          </label>
          <input
            id="post-slug"
            className="field-input"
            required
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            maxLength={160}
            value={form.slug}
            aria-describedby="post-slug-hint"
            onChange={(e) => {
              setSlugTouched(true);
              set("slug", e.target.value);
            }}
          />
          <p id="post-slug-hint" className="mt-1 text-xs text-slate-600">
            Lower-case words joined by dashes; the address is /blog/{form.slug || "…"}
          </p>
        </div>
        <div>
          <label htmlFor="post-category" className="field-label">
            Category
          </label>
          <select
            id="post-category"
            className="field-input capitalize"
            value={form.category}
            onChange={(e) => set("category", e.target.value as PostInput["category"])}
          >
            {BLOG_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {humanize(c)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor="post-excerpt" className="field-label">
          Excerpt
        </label>
        <textarea
          id="post-excerpt"
          className="field-input"
          rows={2}
          required
          maxLength={600}
          value={form.excerpt}
          onChange={(e) => set("excerpt", e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="post-content" className="field-label">
          Content
        </label>
        <textarea
          id="post-content"
          className="field-input font-mono"
          rows={10}
          required
          maxLength={60000}
          value={form.content}
          onChange={(e) => set("content", e.target.value)}
        />
      </div>
      <fieldset>
        <legend className="field-label">Cover image</legend>
        {form.image && (
          <img src={form.image} alt="Cover" className="mt-2 aspect-[3/2] w-full max-w-sm rounded-md object-cover" />
        )}
        <div className="mt-2">
          <ImageUploadButton
            label={form.image ? "Replace Image" : "Upload Image"}
            onUploaded={(img) => set("image", img.url)}
          />
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-4"
          checked={form.published}
          onChange={(e) => set("published", e.target.checked)}
        />
        Published (visible on the storefront)
      </label>
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={create.isPending || update.isPending}>
          {create.isPending || update.isPending ? "Saving..." : "Save Post"}
        </button>
      </div>
    </form>
  );
}
