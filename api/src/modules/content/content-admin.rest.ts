// Admin REST paths of the gallery and the blog, for integrators with an API key (content:read / content:write)
// or staff with a session (content, owner). adminContentOperations also give the back office's procedures
// content.<name> (content.router.ts); the paged lists, the single gallery read and publishing a post are
// REST's only. Each write is audited in its transaction.
import { idParams, pageQuery } from "@ch/contracts/admin";
import {
  adminPostPage,
  blogPostDto,
  blogPostInput,
  galleryItemDto,
  galleryItemInput,
  galleryList,
  galleryPage,
  galleryReorderInput,
} from "@ch/contracts/content";
import { okAnswer } from "@ch/contracts/responses";
import { adminPageRoute } from "../../http/admin-page";
import { route } from "../../http/route";
import { createdCursor, positionCursor } from "../../lib/cursor";
import {
  createPostAs,
  deletePostAs,
  getPostById,
  listPostsPage,
  setPostPublishedAs,
  updatePostAs,
} from "./blog.service";
import {
  createGalleryItemAs,
  deleteGalleryItemAs,
  getGalleryItem,
  listGalleryPage,
  reorderGalleryAs,
  updateGalleryItemAs,
} from "./gallery.service";

const galleryTags = ["admin", "gallery"];
const blogTags = ["admin", "blog"];

// REST only: no back-office procedure is made from these
const galleryPageRoute = adminPageRoute({
  url: "/api/admin/gallery",
  operationId: "listAdminGallery",
  summary: "The gallery in display order (position, then id), a page at a time",
  tags: galleryTags,
  query: pageQuery,
  response: galleryPage,
  answer: "{ items: gallery items, next: URL of the next page or null }",
  cursor: positionCursor,
  load: (deps, query, page) => listGalleryPage(deps.db, { ...query, ...page }),
  shown: ({ position: _position, ...item }) => item,
});

const galleryItemRoute = route({
  method: "GET",
  url: "/api/admin/gallery/:id",
  access: "admin",
  operationId: "getGalleryItem",
  summary: "One gallery item",
  tags: galleryTags,
  params: idParams,
  response: galleryItemDto,
  errors: [404],
  answer: "The item; 404 when unknown",
  handler: ({ deps, params }) => getGalleryItem(deps.db, params.id),
});

const postPageRoute = adminPageRoute({
  url: "/api/admin/blog/posts",
  operationId: "listAdminBlogPosts",
  summary: "Every post, drafts too, without its body; newest first (created_at desc, id desc), a page at a time",
  tags: blogTags,
  query: pageQuery,
  response: adminPostPage,
  answer: "{ items: post summaries, next: URL of the next page or null }",
  cursor: createdCursor,
  load: (deps, query, page) => listPostsPage(deps.db, { ...query, ...page }),
});

const publishPostRoute = route({
  method: "POST",
  url: "/api/admin/blog/posts/:id/publish",
  access: "admin",
  operationId: "publishBlogPost",
  summary: "Publish a post: it appears on the storefront's blog",
  tags: blogTags,
  params: idParams,
  response: blogPostDto,
  errors: [404],
  answer: "The post, published; 404 when unknown",
  handler: ({ deps, params, admin }) => setPostPublishedAs(deps, admin!, params.id, true),
});

const unpublishPostRoute = route({
  method: "POST",
  url: "/api/admin/blog/posts/:id/unpublish",
  access: "admin",
  operationId: "unpublishBlogPost",
  summary: "Withdraw a post to draft: it leaves the storefront's blog",
  tags: blogTags,
  params: idParams,
  response: blogPostDto,
  errors: [404],
  answer: "The post, a draft again; 404 when unknown",
  handler: ({ deps, params, admin }) => setPostPublishedAs(deps, admin!, params.id, false),
});

/** The operations the back office calls too, as content.<name>. */
export const adminContentOperations = {
  createGalleryItem: route({
    method: "POST",
    url: "/api/admin/gallery",
    access: "admin",
    operationId: "createGalleryItem",
    summary: "Add a picture to the gallery (uploaded first with POST /api/admin/media); it goes last",
    tags: galleryTags,
    body: galleryItemInput,
    successStatus: 201,
    idempotent: true,
    response: galleryItemDto,
    answer: "201 with the item; 400 naming the field (an image that was not uploaded: `image`)",
    handler: ({ deps, body, admin }) => createGalleryItemAs(deps, admin!, body),
  }),
  updateGalleryItem: route({
    method: "PUT",
    url: "/api/admin/gallery/:id",
    access: "admin",
    operationId: "updateGalleryItem",
    summary: "Replace a gallery item's title, category and picture",
    tags: galleryTags,
    params: idParams,
    body: galleryItemInput,
    response: galleryItemDto,
    errors: [404],
    answer: "The updated item; 404 when unknown",
    handler: ({ deps, params, body, admin }) => updateGalleryItemAs(deps, admin!, params.id, body),
  }),
  reorderGallery: route({
    method: "POST",
    url: "/api/admin/gallery/reorder",
    access: "admin",
    operationId: "reorderGallery",
    summary: "Set the display order: the ids given first, in that order; the others keep theirs after them",
    tags: galleryTags,
    body: galleryReorderInput,
    response: galleryList,
    errors: [404],
    answer: "The whole gallery in its new order; 404 naming ids that do not exist",
    handler: ({ deps, body, admin }) => reorderGalleryAs(deps, admin!, body.ids),
  }),
  deleteGalleryItem: route({
    method: "DELETE",
    url: "/api/admin/gallery/:id",
    access: "admin",
    operationId: "deleteGalleryItem",
    summary: "Remove a picture from the gallery",
    tags: galleryTags,
    params: idParams,
    response: okAnswer,
    errors: [404],
    answer: "{ ok: true }; 404 when unknown",
    handler: ({ deps, params, admin }) => deleteGalleryItemAs(deps, admin!, params.id),
  }),
  post: route({
    method: "GET",
    url: "/api/admin/blog/posts/:id",
    access: "admin",
    operationId: "getAdminBlogPost",
    summary: "One post with its body, drafts too",
    tags: blogTags,
    params: idParams,
    response: blogPostDto,
    errors: [404],
    answer: "The post; 404 when unknown",
    handler: ({ deps, params }) => getPostById(deps.db, params.id),
  }),
  createPost: route({
    method: "POST",
    url: "/api/admin/blog/posts",
    access: "admin",
    operationId: "createBlogPost",
    summary: "Write a post; `published: true` puts it on the storefront's blog at once",
    tags: blogTags,
    body: blogPostInput,
    successStatus: 201,
    idempotent: true,
    response: blogPostDto,
    errors: [409],
    answer: "201 with the post; 409 when the slug is taken",
    handler: ({ deps, body, admin }) => createPostAs(deps, admin!, body),
  }),
  updatePost: route({
    method: "PUT",
    url: "/api/admin/blog/posts/:id",
    access: "admin",
    operationId: "updateBlogPost",
    summary: "Replace a post's fields",
    tags: blogTags,
    params: idParams,
    body: blogPostInput,
    response: blogPostDto,
    errors: [404, 409],
    answer: "The updated post; 404 when unknown; 409 when the slug is another post's",
    handler: ({ deps, params, body, admin }) => updatePostAs(deps, admin!, params.id, body),
  }),
  deletePost: route({
    method: "DELETE",
    url: "/api/admin/blog/posts/:id",
    access: "admin",
    operationId: "deleteBlogPost",
    summary: "Delete a post",
    tags: blogTags,
    params: idParams,
    response: okAnswer,
    errors: [404],
    answer: "{ ok: true }; 404 when unknown",
    handler: ({ deps, params, admin }) => deletePostAs(deps, admin!, params.id),
  }),
};

const ops = adminContentOperations;

// every path, in the documented order
export const adminContentRoutes = [
  galleryPageRoute,
  galleryItemRoute,
  ops.createGalleryItem,
  ops.updateGalleryItem,
  ops.reorderGallery,
  ops.deleteGalleryItem,
  postPageRoute,
  ops.post,
  ops.createPost,
  ops.updatePost,
  publishPostRoute,
  unpublishPostRoute,
  ops.deletePost,
];
