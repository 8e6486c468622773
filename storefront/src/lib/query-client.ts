import { getJson } from "./api";
import { QueryClient, type QueryFunction } from "./query";

/** The old client's default reader: GET on the key's segments joined by slashes. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(queryKey.join("/"));

/** Reads are never retried and stay fresh for the page's life unless a query says otherwise (lib/query.ts). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ queryFn: defaultQueryFn });
}
