// The storefront's server-side render, built with `vite build --ssr` into dist-server/ and
// imported by the API (api/src/modules/seo/ssr.ts). The API gives it an in-process reader for the
// public reads (the tRPC procedures' GET addresses), so rendering never makes an HTTP request to itself.

import { Writable } from "node:stream";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { type ReactNode, StrictMode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { collectImagePreloads, ImagePreloads } from "./components/responsive-image";
import { createQueryClient } from "./lib/query-client";
import { type SiteConfig, siteConfigQuery } from "./lib/site-config";
import { setServerFetch } from "./lib/trpc";
import { createAppRouter } from "./router";

export interface ServerRender {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The query cache the page was rendered from, as [queryKey, data] pairs, for the browser. */
  queries: [readonly unknown[], unknown][];
}

/** How the server render reads: the API answers a procedure's GET address in process. */
export type ServerGet = (address: string) => Promise<unknown>;

/** Routes the app's reads to the API's own procedures. Call once before render(). */
export function configure(get: ServerGet): void {
  // the tRPC client's fetch: the same answer, in tRPC's envelope, without HTTP
  setServerFetch(async (input) => {
    const address = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    try {
      return Response.json({ result: { data: await get(address) } });
    } catch (error) {
      const status =
        typeof (error as { status?: unknown }).status === "number" ? (error as { status: number }).status : 500;
      const message = error instanceof Error ? error.message : "Read failed";
      return Response.json({ error: { message, code: -32603, data: { httpStatus: status } } }, { status });
    }
  });
}

/**
 * Renders the page at `url` with its data: a found page, or a not-found screen (an unknown path, a
 * missing product or article), which the caller sends with its 404 status. Null when a read failed
 * for another reason: the caller then sends the page without server markup, as before.
 */
export async function render(url: string, siteConfig: SiteConfig): Promise<ServerRender | null> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteConfigQuery.queryKey, siteConfig);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const matches = router.state.matches as { status: string; globalNotFound?: boolean }[];
  const notFound = matches.some((m) => m.status === "notFound" || m.globalNotFound);
  if (!matches.every((m) => m.status === "success" || m.status === "notFound")) return null;
  // the read that found nothing (a 404 from the API) is what made the page a not-found screen
  const cached = queryClient.getQueryCache().getAll();
  if (!notFound && cached.some((q) => q.state.status === "error")) return null;

  const preloads = collectImagePreloads();
  const app = (
    <StrictMode>
      <ImagePreloads.Provider value={preloads}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ImagePreloads.Provider>
    </StrictMode>
  );
  // A code-split component (a route's, or React.lazy below the fold) suspends until its module is
  // loaded; prerender() waits for it. Should a part still come out streamed (an inline script, which
  // the site's CSP forbids), render again: its modules are loaded by then.
  let html = await prerender(app);
  for (let attempt = 0; attempt < 3 && isStreamed(html); attempt++) html = await prerender(app);
  // still streamed, or a part failed on the server (<!--$!-->): the browser renders the page itself
  if (isStreamed(html) || html.includes("<!--$!-->") || /<script[\s>]/.test(html)) return null;
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === "success" && q.queryKey[0] !== siteConfigQuery.queryKey[0])
    .map((q): [readonly unknown[], unknown] => [q.queryKey, q.state.data]);
  // the page's largest image is asked for before the markup, as the caller expects (it moves these
  // links to the top of <head>)
  return { html: preloads.html() + html, queries };
}

/** The whole page in one piece, once every part of it is ready (nothing is streamed). */
function prerender(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      // one piece: React would otherwise outline large parts to reveal them progressively, with
      // inline scripts that the site's CSP forbids
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    });
  });
}

/** A Suspense boundary left pending in the shell and completed by a later chunk. */
const isStreamed = (html: string) => html.includes("<!--$?-->") || html.includes("<template");
