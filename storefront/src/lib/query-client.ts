import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { getJson } from "./api";

/** The old client's default reader: GET on the key's segments joined by slashes. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(queryKey.join("/"));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
