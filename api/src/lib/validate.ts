import type { z } from "zod";
import { badRequest, type Issue } from "./errors";

export function issuesOf(error: z.ZodError, prefix: (string | number)[] = []): Issue[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
    message: issue.message,
  }));
}

/** Parses input or throws a 400 naming each failing field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, where: string): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = issuesOf(result.error);
  const first = issues[0];
  const field = first && first.path.length > 0 ? first.path.join(".") : where;
  throw badRequest(`Invalid ${where}: ${field} ${first?.message ?? "is invalid"}`, issues);
}
