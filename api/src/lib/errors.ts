// Errors that services throw; both transports map them to a status and a JSON body.

export interface Issue {
  path: (string | number)[];
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: Issue[] = [],
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues: Issue[] = []) => new AppError(400, message, issues);
export const unauthorized = (message = "Not signed in") => new AppError(401, message);
export const forbidden = (message = "Forbidden") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, extra: Record<string, unknown> = {}) => new AppError(409, message, [], extra);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = "Too many requests, please try again later",
  headers: Record<string, string> = {},
) =>
  new AppError(
    429,
    message,
    [],
    { retryAfter: retryAfterSeconds },
    { ...headers, "retry-after": String(retryAfterSeconds) },
  );
export const serviceUnavailable = (message = "Service temporarily unavailable") =>
  new AppError(503, message, [], {}, { "retry-after": "5" });
