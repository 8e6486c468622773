// The storefront's read cache and request state: the small part of TanStack Query's API the public
// pages use (QueryClient, useQuery, useMutation, queryOptions), in a few hundred bytes instead of
// ~10 KB gzip of first-load JavaScript (issue 13: home's first load ≤ 110 KB). The reads are public
// GETs cached for the page's life (staleTime Infinity by default), never retried, fetched once per
// key at a time; the server's render prefetches them in route loaders and hands them to the browser
// (entry-server.tsx, main.tsx). The back office keeps TanStack Query.
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";

export type QueryKey = readonly unknown[];
export type QueryFunction<T = unknown> = (context: { queryKey: QueryKey }) => Promise<T>;

export interface QueryOptions<TQueryFnData = unknown, TData = TQueryFnData> {
  queryKey: QueryKey;
  queryFn?: QueryFunction<TQueryFnData>;
  /** How long a read stays fresh, in ms (default: for the page's life). 0: read again on every mount. */
  staleTime?: number;
  /** Accepted for compatibility; the cache keeps entries for the page's life. */
  gcTime?: number;
  retry?: false;
  /** "always": read again whenever a component using it mounts. */
  refetchOnMount?: "always" | boolean;
  initialData?: TQueryFnData | (() => TQueryFnData | undefined);
  select?: (data: TQueryFnData) => TData;
}

/** Types a query's options once (the same helper as TanStack Query's). */
export function queryOptions<TQueryFnData, TData = TQueryFnData>(
  options: QueryOptions<TQueryFnData, TData>,
): QueryOptions<TQueryFnData, TData> {
  return options;
}

export interface QueryState<T = unknown> {
  status: "pending" | "success" | "error";
  fetchStatus: "fetching" | "idle";
  data: T | undefined;
  error: Error | null;
  /** When the data was read (ms since the epoch), 0 before. */
  updatedAt: number;
  /** Marked stale by invalidateQueries: read again on next use. */
  invalidated: boolean;
}

class Query<T = unknown> {
  state: QueryState<T> = {
    status: "pending",
    fetchStatus: "idle",
    data: undefined,
    error: null,
    updatedAt: 0,
    invalidated: false,
  };
  private listeners = new Set<() => void>();
  private inFlight: Promise<T> | null = null;

  constructor(readonly queryKey: QueryKey) {}

  setState(next: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get observed(): boolean {
    return this.listeners.size > 0;
  }

  isStale(staleTime = Number.POSITIVE_INFINITY): boolean {
    return this.state.status !== "success" || this.state.invalidated || Date.now() - this.state.updatedAt >= staleTime;
  }

  /** One read at a time per key: a second caller shares the first one's answer. */
  fetch(queryFn: QueryFunction<T>): Promise<T> {
    if (this.inFlight) return this.inFlight;
    this.setState({ fetchStatus: "fetching" });
    const run = queryFn({ queryKey: this.queryKey }).then(
      (data) => {
        this.inFlight = null;
        this.setState({
          status: "success",
          fetchStatus: "idle",
          data,
          error: null,
          updatedAt: Date.now(),
          invalidated: false,
        });
        return data;
      },
      (error: unknown) => {
        this.inFlight = null;
        this.setState({
          status: "error",
          fetchStatus: "idle",
          error: error instanceof Error ? error : new Error(String(error)),
        });
        throw error;
      },
    );
    this.inFlight = run;
    return run;
  }
}

/** A key's text (the keys here are paths and plain values, so JSON is stable enough). */
const hashKey = (key: QueryKey): string => JSON.stringify(key);

const startsWith = (key: QueryKey, prefix: QueryKey) => hashKey(key.slice(0, prefix.length)) === hashKey(prefix);

export class QueryClient {
  private queries = new Map<string, Query>();

  constructor(private readonly defaults: { queryFn?: QueryFunction } = {}) {}

  /** The entry for a key, created (with its initial data, if any) on first use. */
  query<T>(options: Pick<QueryOptions<T, unknown>, "queryKey" | "initialData">): Query<T> {
    const hash = hashKey(options.queryKey);
    let query = this.queries.get(hash) as Query<T> | undefined;
    if (!query) {
      query = new Query<T>(options.queryKey);
      const initial =
        typeof options.initialData === "function"
          ? (options.initialData as () => T | undefined)()
          : options.initialData;
      if (initial !== undefined)
        query.state = { ...query.state, status: "success", data: initial, updatedAt: Date.now() };
      this.queries.set(hash, query as Query);
    }
    return query;
  }

  queryFnOf<T>(options: QueryOptions<T, unknown>): QueryFunction<T> {
    const queryFn = options.queryFn ?? (this.defaults.queryFn as QueryFunction<T> | undefined);
    if (!queryFn) throw new Error(`no queryFn for ${hashKey(options.queryKey)}`);
    return queryFn;
  }

  setQueryData<T>(queryKey: QueryKey, data: T): void {
    this.query<T>({ queryKey }).setState({
      status: "success",
      data,
      error: null,
      updatedAt: Date.now(),
      invalidated: false,
    });
  }

  /** The data, read when missing or stale; rejects when the read fails. */
  ensureQueryData<T>(options: QueryOptions<T, unknown>): Promise<T> {
    const query = this.query(options);
    if (!query.isStale(options.staleTime)) return Promise.resolve(query.state.data as T);
    return query.fetch(this.queryFnOf(options));
  }

  /** Like ensureQueryData, but never rejects: a failed read stays in the cache as an error. */
  prefetchQuery<T>(options: QueryOptions<T, unknown>): Promise<void> {
    return this.ensureQueryData(options).then(
      () => undefined,
      () => undefined,
    );
  }

  /** Marks the entries under a key stale and reads again those a component shows. */
  invalidateQueries({ queryKey }: { queryKey: QueryKey }): Promise<void> {
    const reads: Promise<unknown>[] = [];
    for (const query of this.queries.values()) {
      if (!startsWith(query.queryKey, queryKey)) continue;
      query.setState({ invalidated: true });
      const queryFn = this.refetchers.get(query);
      if (query.observed && queryFn) reads.push(query.fetch(queryFn).catch(() => undefined));
    }
    return Promise.all(reads).then(() => undefined);
  }

  /** The read function of each entry a component uses (for invalidateQueries). */
  readonly refetchers = new WeakMap<Query, QueryFunction>();

  /** Every entry, for the server's render to hand its reads to the browser. */
  getQueryCache(): { getAll(): { queryKey: QueryKey; state: QueryState }[] } {
    return { getAll: () => [...this.queries.values()] };
  }
}

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
  return createElement(ClientContext.Provider, { value: client }, children);
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error("useQueryClient: no QueryClientProvider");
  return client;
}

interface QueryResultBase {
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => Promise<void>;
}

/** Narrowed by isPending / isError / isSuccess (or status), as TanStack Query's result is. */
export type QueryResult<TData> = QueryResultBase &
  (
    | { status: "pending"; isPending: true; isSuccess: false; isError: false; data: undefined; error: null }
    | { status: "error"; isPending: false; isSuccess: false; isError: true; data: TData | undefined; error: Error }
    | { status: "success"; isPending: false; isSuccess: true; isError: false; data: TData; error: null }
  );

/**
 * A cached read for a component. Reads (in an effect, so never during the server's render) when the
 * entry has no data or is stale, and again on every mount with `refetchOnMount: "always"`.
 */
export function useQuery<TQueryFnData, TData = TQueryFnData>(
  options: QueryOptions<TQueryFnData, TData>,
): QueryResult<TData> {
  const client = useQueryClient();
  const query = client.query(options);
  const state = useSyncExternalStore(
    query.subscribe,
    () => query.state,
    () => query.state,
  );
  const queryFn = client.queryFnOf(options);
  client.refetchers.set(query as Query, queryFn as QueryFunction);
  const refetchOnMount = options.refetchOnMount;
  const staleTime = options.staleTime;
  // read again when the key changes, not when the options object is rebuilt by a render; a failed
  // read is the entry's error state (isError, error), which the component shows
  // biome-ignore lint/correctness/useExhaustiveDependencies: queryFn and the options follow the key
  useEffect(() => {
    if (refetchOnMount === "always" || query.isStale(staleTime)) query.fetch(queryFn).catch(() => undefined);
  }, [query]);
  const refetch = useCallback(
    () =>
      query.fetch(queryFn).then(
        () => undefined,
        () => undefined,
      ),
    [query, queryFn],
  );
  const data =
    state.data === undefined
      ? undefined
      : options.select
        ? options.select(state.data)
        : (state.data as unknown as TData);
  const base = {
    isLoading: state.status === "pending" && state.fetchStatus === "fetching",
    isFetching: state.fetchStatus === "fetching",
    refetch,
  };
  if (state.status === "success")
    return {
      ...base,
      status: "success",
      isPending: false,
      isSuccess: true,
      isError: false,
      data: data as TData,
      error: null,
    };
  if (state.status === "error")
    return {
      ...base,
      status: "error",
      isPending: false,
      isSuccess: false,
      isError: true,
      data,
      error: state.error ?? new Error("read failed"),
    };
  return {
    ...base,
    status: "pending",
    isPending: true,
    isSuccess: false,
    isError: false,
    data: undefined,
    error: null,
  };
}

export interface MutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: Error | null, variables: TVariables) => unknown;
}

export interface MutationResult<TData, TVariables> {
  mutate: (variables: TVariables) => void;
  reset: () => void;
  data: TData | undefined;
  error: Error | null;
  status: "idle" | "pending" | "success" | "error";
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
}

interface MutationState<TData> {
  status: "idle" | "pending" | "success" | "error";
  data: TData | undefined;
  error: Error | null;
}

const IDLE = { status: "idle", data: undefined, error: null } as const;

/** A write from a form: its state (pending, answer, error) and callbacks; the last call's answer wins. */
export function useMutation<TData = unknown, TVariables = void>(
  options: MutationOptions<TData, TVariables>,
): MutationResult<TData, TVariables> {
  const [state, setState] = useState<MutationState<TData>>(IDLE);
  const latest = useRef(options);
  latest.current = options;
  const call = useRef(0);
  const mutate = useCallback((variables: TVariables) => {
    const id = ++call.current;
    const current = () => id === call.current;
    setState({ status: "pending", data: undefined, error: null });
    const { mutationFn, onSuccess, onError, onSettled } = latest.current;
    Promise.resolve()
      .then(() => mutationFn(variables))
      .then(
        async (data) => {
          await onSuccess?.(data, variables);
          await onSettled?.(data, null, variables);
          if (current()) setState({ status: "success", data, error: null });
        },
        async (thrown: unknown) => {
          const error = thrown instanceof Error ? thrown : new Error(String(thrown));
          await onError?.(error, variables);
          await onSettled?.(undefined, error, variables);
          if (current()) setState({ status: "error", data: undefined, error });
        },
      );
  }, []);
  const reset = useCallback(() => {
    call.current++;
    setState(IDLE);
  }, []);
  return {
    mutate,
    reset,
    ...state,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    isError: state.status === "error",
  };
}
