// The bad-input corpus against every tRPC procedure of the back-office router, signed in: at least 200
// generated cases per procedure (50 on a PostgreSQL server: CASES_PER_ENDPOINT; fast-check, fixed
// seed), 0 answers of 5xx, no row changed by a refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAppRouter } from "../src/trpc/root";
import { startTestApps, type TestApps } from "./harness";
import { adminFixture } from "./reliability/lib/admin-samples";
import { tableNames } from "./reliability/lib/db-counts";
import { CASES_PER_ENDPOINT, FUZZ_TIMEOUT_MS, runEndpoints, trpcCases } from "./reliability/lib/fuzz";
import { proceduresOf } from "./reliability/lib/routes";

let apps: TestApps;
let tables: string[];
let cookie: string;
let samples: Record<string, unknown>;

beforeAll(async () => {
  apps = await startTestApps();
  tables = await tableNames(apps.db.handle.db);
  ({ cookie, samples } = await adminFixture(apps));
});
afterAll(async () => {
  await apps?.close();
});

describe("bad input on the back-office origin (tRPC)", () => {
  it(
    `at least ${CASES_PER_ENDPOINT} generated cases per procedure, no 5xx, no row changed by a refusal`,
    async () => {
      const procedures = proceduresOf(adminAppRouter);
      expect(procedures.length).toBeGreaterThanOrEqual(30);
      const { failures, statuses } = await runEndpoints(
        { app: apps.backoffice, db: apps.db.handle.db, tables },
        procedures,
        (procedure, i) => {
          const cases = trpcCases(procedure, samples[`trpc ${procedure.path}`], 2000 + i, { headers: { cookie } });
          expect(cases.length, procedure.path).toBeGreaterThanOrEqual(CASES_PER_ENDPOINT);
          return cases;
        },
      );
      console.info("back-office tRPC statuses", statuses);
      expect(
        (await apps.backoffice.inject({ method: "GET", url: "/api/trpc/admin.me", headers: { cookie } })).statusCode,
      ).toBe(200);
      expect(failures.slice(0, 30)).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );
});
