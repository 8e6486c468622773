// For the tests of answers sent before routing (src/http/cached-answers.ts): an app logging every answer
// it routes (REQUEST_LOG=all) tells a routed answer from one sent before routing by its log line.

/** How many answers to `path` (its query string aside, as the log writes it) the log `lines` hold. */
export function routedIn(lines: string[], path: string): number {
  const pathname = path.split("?")[0];
  return lines.map((l) => JSON.parse(l) as { path?: string }).filter((e) => e.path === pathname).length;
}

/**
 * Waits (at most 10 s) until `send()` is answered without routing (`routed()` unchanged by it): the read
 * cache keeps answers once its change channel has been heard, and a compressed form once one was made.
 */
export async function answeredBeforeRouting(what: string, send: () => Promise<unknown>, routed: () => number) {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const count = routed();
    await send();
    if (routed() === count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} was still routed after 10 s`);
}
