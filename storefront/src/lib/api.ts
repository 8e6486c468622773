// What a failed call to the API means to the pages: its HTTP status and its JSON error body
// ({ message, issues: [{ path, message }], and fields such as a conflict's `totalAmount` }), the same
// for every procedure. The tRPC client (./trpc.ts) turns every answered failure into an ApiError; a
// failure with no answer (no network) stays a plain TRPCClientError, which the pages treat as "try again".
import { TRPCClientError } from "@trpc/client";

/** tRPC's error data as the API shapes it (api/src/trpc/trpc.ts errorFormatter). */
interface ErrorData {
  httpStatus?: number;
  issues?: { path: (string | number)[]; message: string }[];
  extra?: Record<string, unknown>;
}

export class ApiError extends TRPCClientError<never> {
  constructor(
    readonly status: number,
    readonly body: { message: string; issues?: ErrorData["issues"] } & Record<string, unknown>,
    cause?: TRPCClientError<never>,
  ) {
    super(`${status}: ${body.message}`, { cause });
    // TRPCClientError's constructor sets its own prototype (for old compile targets): take this one back
    Object.setPrototypeOf(this, ApiError.prototype);
    this.name = "ApiError";
  }

  /** The API's answer inside a tRPC client error, or the error itself when the API gave none. */
  static of(error: TRPCClientError<never>): TRPCClientError<never> {
    if (error instanceof ApiError) return error;
    const data = error.data as ErrorData | undefined;
    const response = (error.meta as { response?: { status?: unknown } } | undefined)?.response;
    const status = data?.httpStatus ?? (typeof response?.status === "number" ? response.status : undefined);
    if (status === undefined) return error;
    return new ApiError(status, { ...data?.extra, message: error.message, issues: data?.issues ?? [] }, error);
  }
}

/** The server's JSON error message, when there is one. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.body.message ? error.body.message : null;
}
