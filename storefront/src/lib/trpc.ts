// The storefront's reads: tRPC's public procedures over GET /api/trpc/<name> (answered from the read cache,
// like their REST paths) through @trpc/tanstack-react-query's query options. In the server render the
// same calls are answered in process by the API (entry-server.tsx), never over HTTP.
import type { PublicRouter } from "@ch/api/router";
import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";

/** Server only: how the render's tRPC calls are answered (entry-server.tsx). */
let serverFetch: typeof fetch | null = null;
export function setServerFetch(answer: typeof fetch): void {
  serverFetch = answer;
}

export const trpcClient = createTRPCClient<PublicRouter>({
  links: [httpLink({ url: "/api/trpc", fetch: (input, init) => (serverFetch ?? fetch)(input, init) })],
});

// the proxy asks for a QueryClient only to collect streamed results, which no public query answers
const unusedQueryClient = new QueryClient();

export const trpc = createTRPCOptionsProxy<PublicRouter>({ client: trpcClient, queryClient: () => unusedQueryClient });
