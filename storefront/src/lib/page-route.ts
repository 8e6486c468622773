import type { LinkProps } from "@tanstack/react-router";

/**
 * Links to pages whose route files belong to the pages engineer (/about, /services/*, policies):
 * typed loosely so the build does not depend on the order in which route files land.
 */
export const pageRoute = (path: string): LinkProps["to"] => path as LinkProps["to"];
