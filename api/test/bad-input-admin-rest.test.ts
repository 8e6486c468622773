// The bad-input corpus against every back-office REST route Fastify serves, signed in (so the input
// reaches validation and the services): at least 200 generated cases per route (50 on a PostgreSQL
// server: CASES_PER_ENDPOINT; fast-check, fixed seed), 0 answers of 5xx, no row changed by a refused
// request. Image uploads get random bytes.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApps, type TestApps } from "./harness";
import { adminFixture } from "./reliability/lib/admin-samples";
import { tableNames } from "./reliability/lib/db-counts";
import {
  CASES_PER_ENDPOINT,
  FUZZ_TIMEOUT_MS,
  type FuzzCase,
  restCases,
  runEndpoints,
  sample,
} from "./reliability/lib/fuzz";
import { fuzzedRoutes, type ServedRoute } from "./reliability/lib/routes";

let apps: TestApps;
let tables: string[];
let routes: ServedRoute[];
let cookie: string;
let samples: Record<string, unknown>;

beforeAll(async () => {
  apps = await startTestApps();
  tables = await tableNames(apps.db.handle.db);
  routes = await fuzzedRoutes(apps.backoffice);
  ({ cookie, samples } = await adminFixture(apps));
});
afterAll(async () => {
  await apps?.close();
});

const IMAGE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "image/avif",
  "image/svg+xml",
  "image/x-icon",
];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];

function uploadCases(salt: number): FuzzCase[] {
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 4096 }),
    fc.uint8Array({ maxLength: 2048 }).map((b) => Uint8Array.from([...PNG_HEAD, ...b])),
    fc.uint8Array({ maxLength: 2048 }).map((b) => Uint8Array.from([...JPEG_HEAD, ...b])),
    fc.constantFrom(
      new Uint8Array(0),
      new TextEncoder().encode("<svg onload=alert(1)></svg>"),
      new TextEncoder().encode("{}"),
    ),
  );
  const arbitrary = fc.record({
    type: fc.oneof(fc.constantFrom(...IMAGE_TYPES), fc.constantFrom("application/json", "text/plain", "")),
    body: bytes,
  });
  return sample(arbitrary, salt).map((c) => ({
    label: "POST /api/admin/media",
    write: true,
    request: {
      method: "POST",
      url: "/api/admin/media",
      headers: { cookie, ...(c.type ? { "content-type": c.type } : {}) },
      payload: Buffer.from(c.body),
    },
  }));
}

describe("bad input on the back-office origin (REST)", () => {
  it(
    `at least ${CASES_PER_ENDPOINT} generated cases per route, no 5xx, no row changed by a refusal`,
    async () => {
      expect(routes.length).toBeGreaterThanOrEqual(15);
      const { failures, statuses } = await runEndpoints(
        { app: apps.backoffice, db: apps.db.handle.db, tables },
        routes,
        (route, i) => {
          const key = `${route.method} ${route.url}`;
          // sign-in, setup and sign-out are sent without the session, so the fuzz cannot end it
          const anonymous = ["POST /api/admin/login", "POST /api/admin/setup", "POST /api/admin/logout"].includes(key);
          const cases =
            key === "POST /api/admin/media"
              ? uploadCases(i)
              : restCases(route, samples[key], 1000 + i, {
                  headers: anonymous ? {} : { cookie },
                  remoteAddress: (_, n) => `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}`,
                });
          expect(cases.length, key).toBeGreaterThanOrEqual(CASES_PER_ENDPOINT);
          return cases;
        },
      );
      console.info("back-office REST statuses", statuses);
      // the session survived the fuzz (nothing signed it out), so the admin routes were really exercised
      expect(
        (await apps.backoffice.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } })).statusCode,
      ).toBe(200);
      expect(failures.slice(0, 30)).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );
});
