import { queryClient, trpc } from "../../lib/trpc";
import type { RouterInputs, RouterOutputs } from "../../lib/types";

export type Post = RouterOutputs["content"]["post"];
export type PostSummary = RouterOutputs["content"]["posts"]["posts"][number];
export type PostInput = RouterInputs["content"]["createPost"];

export const refreshPosts = () =>
  Promise.all([
    queryClient.invalidateQueries(trpc.content.posts.pathFilter()),
    queryClient.invalidateQueries(trpc.content.post.pathFilter()),
    queryClient.invalidateQueries(trpc.admin.audit.pathFilter()),
  ]);

export const toInput = (p: Post): PostInput => ({
  slug: p.slug,
  title: p.title,
  excerpt: p.excerpt,
  content: p.content,
  category: p.category as PostInput["category"],
  image: p.image,
  published: p.published,
});

/** The whole post (with its body), which the list does not carry: read when the editor opens or a toggle saves. */
export const loadPost = (id: number) => queryClient.fetchQuery(trpc.content.post.queryOptions({ id }));
