// The router's <HeadContent />, in its own chunk: the root renders it only once the app has hydrated
// (the server sends the first page's head itself), so its code need not be in the first load. Once
// it has rendered the page's tags, the server's copies (data-server-head) are removed.
import { HeadContent } from "@tanstack/react-router";
import { useEffect } from "react";

export default function PageHead() {
  useEffect(() => {
    for (const element of document.head.querySelectorAll("[data-server-head]")) element.remove();
  }, []);
  return <HeadContent />;
}
