// Route `head` entries without the SEO contract's code in the first load. The page the server sent
// already has its head (tags marked data-server-head, built by the same pageHead() the storefront
// uses): for that first page the router is given those tags as they are. From the first client-side
// navigation on, the page-metadata and JSON-LD builders (contracts/src/seo.ts, ~4.5 KB gzip)
// are loaded and build each page's head (the router awaits a head that is a promise).
import type { PageMeta } from "@ch/contracts/seo";
import type { HeadEntries } from "./head";

type Seo = typeof import("@ch/contracts/seo");
type MetaTag = NonNullable<HeadEntries["meta"]>[number];
type LinkTag = NonNullable<HeadEntries["links"]>[number];

// true while the router loads the page the server sent (main.tsx ends it before rendering)
let serverSent = typeof document !== "undefined" && document.querySelector("[data-server-head]") !== null;

export function endInitialHead(): void {
  serverSent = false;
}

/** The server's head tags, in the shape headFor() gives them (title, meta, JSON-LD, links). */
function serverHead(): HeadEntries {
  const meta: MetaTag[] = [];
  const jsonLd: MetaTag[] = [];
  const links: LinkTag[] = [];
  for (const element of document.head.querySelectorAll("[data-server-head]")) {
    if (element instanceof HTMLTitleElement) meta.unshift({ title: element.text } as MetaTag);
    else if (element instanceof HTMLMetaElement) {
      const property = element.getAttribute("property");
      meta.push(
        property
          ? ({ property, content: element.content } as MetaTag)
          : { name: element.name, content: element.content },
      );
    } else if (element instanceof HTMLLinkElement) {
      links.push({ rel: element.rel, href: element.getAttribute("href") ?? "" });
    } else if (element instanceof HTMLScriptElement) {
      try {
        jsonLd.push({ "script:ld+json": JSON.parse(element.text) } as unknown as MetaTag);
      } catch {
        // not JSON: left out
      }
    }
  }
  return { meta: [...meta, ...jsonLd], links };
}

type Meta = PageMeta | null | undefined;

export function lazyHead(build: (seo: Seo) => Meta | Promise<Meta>): HeadEntries | Promise<HeadEntries> {
  if (serverSent) return serverHead();
  return Promise.all([import("./head"), import("@ch/contracts/seo")]).then(async ([{ headFor }, seo]) =>
    headFor(await build(seo)),
  );
}
