// The root's not-found screen (an address no route matches), in a chunk of its own: it loads only
// when a page is not found.
import { notFoundMeta } from "@ch/contracts/seo";
import { NotFoundScreen } from "./not-found";

export default function PageNotFound() {
  return (
    <NotFoundScreen
      title="404 Page Not Found"
      text="Did you forget to add the page to the router?"
      documentTitle={notFoundMeta.title}
    />
  );
}
