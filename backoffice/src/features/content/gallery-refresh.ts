import { queryClient, trpc } from "../../lib/trpc";

export const refreshGallery = () =>
  Promise.all([
    queryClient.invalidateQueries(trpc.content.gallery.pathFilter()),
    queryClient.invalidateQueries(trpc.admin.audit.pathFilter()),
  ]);
