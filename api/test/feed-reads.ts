// Reading the events feed in tests: it is eventually consistent by design (see modules/webhooks/events-feed.ts).

/**
 * `read()` again until it has at least `count` events (20 s at most): the feed lists only what every earlier
 * transaction has settled, and on a shared PostgreSQL server another test's open transaction (any
 * database of the cluster) holds the newest events back for a moment.
 */
export async function atLeast<T extends { items: unknown[] } | unknown[]>(
  count: number,
  read: () => Promise<T>,
): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const result = await read();
    const length = Array.isArray(result) ? result.length : result.items.length;
    if (length >= count || Date.now() > until) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
