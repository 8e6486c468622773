import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "../http/route";
import type { Deps } from "../lib/deps";
import { proceduresOf } from "./operations";
import { createCallerFactory, router, type TrpcContext } from "./trpc";

const echo = {
  save: route({
    method: "PUT",
    url: "/api/things/:id",
    access: "public",
    operationId: "saveThing",
    summary: "test",
    tags: ["test"],
    answer: "test",
    params: z.strictObject({ id: z.coerce.number().int() }),
    query: z.strictObject({ dryRun: z.boolean().default(false) }),
    body: z.strictObject({ name: z.string().min(1) }),
    response: z.unknown(),
    handler: async ({ params, query, body }) => ({ params, query, body }),
  }),
  read: route({
    method: "GET",
    url: "/api/things",
    access: "public",
    operationId: "readThings",
    summary: "test",
    tags: ["test"],
    answer: "test",
    response: z.unknown(),
    handler: async ({ query }) => ({ query }),
  }),
};

const period = {
  funnel: route({
    method: "GET",
    url: "/api/period",
    access: "public",
    operationId: "readPeriod",
    summary: "test",
    tags: ["test"],
    answer: "test",
    query: z
      .strictObject({ days: z.number().int().optional(), from: z.string().optional(), to: z.string().optional() })
      .refine((q) => !(q.days !== undefined && q.from !== undefined), { message: "days, or from and to" })
      .transform((q) => ({ ...q, days: q.from ? undefined : (q.days ?? 30) })),
    response: z.unknown(),
    handler: async ({ query }) => ({ query }),
  }),
};

const context = { deps: {} as Deps, req: { ip: "127.0.0.1", headers: {} }, reply: {} } as unknown as TrpcContext;

describe("procedures made from declared operations", () => {
  it("take the path parameters, query and body in one input and hand the handler each part, parsed", async () => {
    const caller = createCallerFactory(router(proceduresOf(echo)))(context);
    expect(await caller.save({ id: 7, name: "Box" })).toEqual({
      params: { id: 7 },
      query: { dryRun: false },
      body: { name: "Box" },
    });
    await expect(caller.save({ id: 7, name: "" } as never)).rejects.toThrow(/name/);
    await expect(caller.save({ id: 7, name: "Box", extra: 1 } as never)).rejects.toThrow(/extra/);
    expect(await caller.read()).toEqual({ query: {} });
  });

  it("keep a lone part's own schema (its whole-object checks) and may be called without an input that may be empty", async () => {
    const caller = createCallerFactory(router(proceduresOf(period)))(context);
    expect(await caller.funnel()).toEqual({ query: { days: 30 } });
    expect(await caller.funnel({ days: 7 })).toEqual({ query: { days: 7 } });
    await expect(caller.funnel({ days: 7, from: "2026-01-01" })).rejects.toThrow(/days, or from and to/);
  });

  it("put the body under one key with bodyAs", async () => {
    const caller = createCallerFactory(router(proceduresOf(echo, { save: { bodyAs: "patch" } })))(context);
    expect(await caller.save({ id: 1, patch: { name: "Box" } })).toEqual({
      params: { id: 1 },
      query: { dryRun: false },
      body: { name: "Box" },
    });
  });

  it("are a query for a GET and a mutation otherwise", () => {
    const procedures = proceduresOf(echo);
    expect(procedures.read._def.type).toBe("query");
    expect(procedures.save._def.type).toBe("mutation");
  });

  it("refuse a field that is also a parameter, at start-up", () => {
    const clash = {
      clash: route({
        ...echo.save,
        body: z.strictObject({ id: z.number() }),
        handler: async () => ({}),
      }),
    };
    expect(() => proceduresOf(clash)).toThrow(/"id" is both a parameter and a field/);
  });
});
