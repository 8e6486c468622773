import { BLOG_CATEGORIES } from "@ch/contracts/constants";
import { blogPostInput } from "@ch/contracts/content";
import { useEffect } from "react";
import type { Control } from "react-hook-form";
import { z } from "zod";
import { CheckboxField, InputField, TextareaField, useApiForm } from "../../components/form";
import { ImageField } from "../../components/image-upload";
import { trpc } from "../../lib/trpc";
import { CategoryField, ContentFormEnd, useContentSave } from "./content-save";
import { type Post, type PostInput, refreshPosts as refresh, toInput } from "./post-input";

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 160);

// the API's post; without a cover image, the form asks for one first
const postForm = blogPostInput.extend({
  image: z.string().min(1, "Upload a cover image first.").pipe(blogPostInput.shape.image),
});

const NEW_POST: PostInput = {
  slug: "",
  title: "",
  excerpt: "",
  content: "",
  category: BLOG_CATEGORIES[0],
  image: "",
  published: false,
};

export default function PostForm({ post, onDone }: { post: Post | null; onDone: () => void }) {
  const form = useApiForm<PostInput>({
    schema: postForm,
    defaultValues: post ? toInput(post) : NEW_POST,
    toField: (path) => path.replace(/^data\./, ""),
    toasted: true,
  });
  // a new post's slug follows its title until the slug is typed in
  useEffect(() => {
    let slugTouched = post !== null;
    const watching = form.watch((values, { name, type }) => {
      if (name === "slug" && type === "change") slugTouched = true;
      if (name === "title" && !slugTouched) form.setValue("slug", slugify(values.title ?? ""));
    });
    return () => watching.unsubscribe();
  }, [form.watch, form.setValue, post]);
  const save = useContentSave({
    refresh,
    description: () => (form.getValues("published") ? "It is live on the storefront blog." : "Saved as a draft."),
    notSaved: "Post Not Saved",
    onDone,
    create: ["Post Created", (callbacks) => trpc.content.createPost.mutationOptions(callbacks)],
    update: ["Post Updated", (callbacks) => trpc.content.updatePost.mutationOptions(callbacks)],
  });
  return (
    <form onSubmit={save.submit(form, post?.id)} className="space-y-4">
      <PostFields control={form.control} slug={form.watch("slug")} />
      <ImageField
        control={form.control}
        name="image"
        legend="Cover image"
        alt="Cover"
        imageClassName="mt-2 aspect-[3/2] w-full max-w-sm rounded-md object-cover"
        labels={["Upload Image", "Replace Image"]}
      />
      <CheckboxField control={form.control} name="published" label="Published (visible on the storefront)" />
      <ContentFormEnd message={form.message} save={save} label="Save Post" />
    </form>
  );
}

/** The post's words: title, slug (its address), category, excerpt and body. */
function PostFields({ control, slug }: { control: Control<PostInput>; slug: string }) {
  return (
    <>
      <InputField control={control} name="title" id="post-title" label="Title" required maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          control={control}
          name="slug"
          id="post-slug"
          label="Slug"
          hint={`Lower-case words joined by dashes; the address is /blog/${slug || "…"}`}
          required
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          maxLength={160}
        />
        <CategoryField control={control} id="post-category" values={BLOG_CATEGORIES} />
      </div>
      <TextareaField
        control={control}
        name="excerpt"
        id="post-excerpt"
        label="Excerpt"
        rows={2}
        required
        maxLength={600}
      />
      <TextareaField
        control={control}
        name="content"
        id="post-content"
        label="Content"
        inputClassName="field-input font-mono"
        rows={10}
        required
        maxLength={60000}
      />
    </>
  );
}
