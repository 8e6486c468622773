// The storefront's calls to the API: the public tRPC procedures through @trpc/tanstack-react-query's query
// and mutation options. Reads go out as GET /api/trpc/<name> (answered from the read cache, like their
// REST paths), writes as POST. In the server render the reads are answered in process by the API
// (entry-server.tsx), never over HTTP. Every answered failure reaches the pages as an ApiError (./api.ts).
import type { PublicRouter } from "@ch/api/router";
import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpLink, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { ApiError } from "./api";

/** Server only: how the render's tRPC calls are answered (entry-server.tsx). */
let serverFetch: typeof fetch | null = null;
export function setServerFetch(answer: typeof fetch): void {
  serverFetch = answer;
}

const failuresAsApiErrors: TRPCLink<PublicRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (result) => observer.next(result),
        error: (error) => observer.error(ApiError.of(error as never) as never),
        complete: () => observer.complete(),
      }),
    );

export const trpcClient = createTRPCClient<PublicRouter>({
  links: [
    failuresAsApiErrors,
    httpLink({ url: "/api/trpc", fetch: (input, init) => (serverFetch ?? fetch)(input, init) }),
  ],
});

// the proxy asks for a QueryClient only to collect streamed results, which no public query answers
const unusedQueryClient = new QueryClient();

export const trpc = createTRPCOptionsProxy<PublicRouter>({ client: trpcClient, queryClient: () => unusedQueryClient });
