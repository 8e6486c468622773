// The page's <head> from the routes' `head` entries, in its own chunk: the root renders it only once the
// app has hydrated (the server sends the first page's head itself), so its code need not be in the
// first load. React 18 renders elements where they stand (it does not hoist <title> or <meta> into
// <head>), so the router's tags are written into document.head here rather than rendered.
import { useTags } from "@tanstack/react-router";
import { useEffect } from "react";

type Tag = ReturnType<typeof useTags>[number];

const MARK = "data-page-head";
// React prop names that are not their attribute's name in lower case
const ATTRIBUTE_NAMES: Record<string, string> = { httpEquiv: "http-equiv", className: "class" };
const SKIPPED = new Set(["nonce", "suppressHydrationWarning", "children"]);

function element(tag: Tag): Element {
  const node = document.createElement(tag.tag);
  for (const [key, value] of Object.entries(tag.attrs ?? {})) {
    if (SKIPPED.has(key) || value === undefined || value === null || value === false) continue;
    node.setAttribute(ATTRIBUTE_NAMES[key] ?? key.toLowerCase(), value === true ? "" : String(value));
  }
  if (typeof tag.children === "string") node.textContent = tag.children;
  node.setAttribute(MARK, "");
  return node;
}

export default function PageHead() {
  const tags = useTags();
  useEffect(() => {
    // the server's copies of the first page's tags (data-server-head), then the previous page's
    for (const old of document.head.querySelectorAll(`[data-server-head]:not(title), [${MARK}]`)) old.remove();
    // one <title>, kept: the server's, whose text a not-found screen sets when no route names one
    document.head.querySelector("title")?.removeAttribute("data-server-head");
    for (const tag of tags) {
      if (tag.tag === "title") document.title = typeof tag.children === "string" ? tag.children : "";
      else document.head.append(element(tag));
    }
  }, [tags]);
  return null;
}
