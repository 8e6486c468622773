// The first-admin setup path answered before any other work but the origin check: per-address limit first (from memory for an
// address already over it), then "closed" from this process's memory once it has seen an admin, so a
// flood of setup requests costs neither a session, a body parse nor a query per request. Setup never
// opens again once an admin exists (accounts are disabled, never deleted), so remembering it is safe on
// every process.
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../lib/deps";
import { conflict } from "../../lib/errors";
import { hasAdmin } from "./auth.service";
import { hitAddressLimit } from "./sign-in-throttle";

export const SETUP_PATH = "/api/admin/setup";

export const setupClosed = () => conflict("Setup is closed: an admin account already exists");

export function installSetupGate(app: FastifyInstance, deps: Deps): void {
  let closed = false;
  app.addHook("onRequest", async (req) => {
    if (req.method !== "POST") return;
    const path = req.url.split("?", 1)[0]!.replace(/\/+$/, "");
    if (path !== SETUP_PATH) return;
    await hitAddressLimit(deps, "setup", req.ip);
    if (!closed) closed = await hasAdmin(deps);
    if (closed) throw setupClosed();
  });
}
