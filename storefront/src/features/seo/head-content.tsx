// The router's <HeadContent />, in its own chunk: the root renders it only once the app has hydrated
// (the server sends the first page's head itself), so its code need not be in the first load.
import { HeadContent } from "@tanstack/react-router";
import { useEffect } from "react";

/** React's own nodes carry its internal keys (a server tag React adopted for its own has them too). */
const ownedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith("__react"));

export default function PageHead() {
  // once the page's own tags are in, the server's copies (data-server-head) go; a server tag React
  // took over as its own (it adopts an existing <title>, for one) stays, unmarked
  useEffect(() => {
    for (const element of document.head.querySelectorAll("[data-server-head]")) {
      if (ownedByReact(element)) element.removeAttribute("data-server-head");
      else element.remove();
    }
  }, []);
  return <HeadContent />;
}
