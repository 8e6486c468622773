/** Reports one page view to the API; fire-and-forget, never throws. */
export function reportVisit(path: string): void {
  try {
    void fetch("/api/visits", {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path, referrer: document.referrer || null }),
    }).catch(() => {});
  } catch {
    // a visit report must never break the page
  }
}
