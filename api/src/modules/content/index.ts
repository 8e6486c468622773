// The gallery and the blog: public reads and the back office's edits.
export { getPostBySlug, listPosts, publishedPostDates, searchPublishedPosts } from "./blog.service";
export { contentOperations, contentRoutes } from "./content.rest";
export { adminContentRouter, contentRouter } from "./content.router";
export { adminContentRoutes } from "./content-admin.rest";
export { listGallery } from "./gallery.service";
