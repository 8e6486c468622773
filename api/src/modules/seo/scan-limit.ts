import { addressKey } from "../../lib/client-address";
import type { Deps } from "../../lib/deps";
import { hitRateLimit } from "../../lib/rate-limit";

/** A report, score or audit renders pages of the site: limit how often one address can ask. */
export async function limitScans(deps: Deps, ip: string): Promise<void> {
  const limit = Math.max(1, Math.round(30 * deps.env.PUBLIC_RATE_LIMIT_SCALE));
  await hitRateLimit(deps.db, `seo:${addressKey(ip)}`, { limit, windowSeconds: 600 }, deps.clock.now());
}
