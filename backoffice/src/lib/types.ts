import type { AdminRouter } from "@ch/api/router";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";

export type RouterOutputs = inferRouterOutputs<AdminRouter>;
export type RouterInputs = inferRouterInputs<AdminRouter>;
