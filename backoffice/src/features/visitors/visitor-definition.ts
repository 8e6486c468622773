/** How "Unique Visitors" is counted (api/src/modules/visits/visitor-hash.ts), said on every screen that shows visitors. */
export const VISITOR_DEFINITION =
  "A visitor is one device per day: page views from the same network address and browser count once a day, so someone who comes back on another day counts again.";
