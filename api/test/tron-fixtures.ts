// Both apps reading a fake TronGrid on loopback (test/fake-trongrid.ts), for the tests of USDT payments.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { FakeTronGrid } from "./fake-trongrid";
import { startTestApps, type TestApps } from "./harness";

/**
 * Starts a fake TronGrid and both apps reading it (with `env`; outgoing mail refused) before a test file's
 * tests, resets the fake before each test and closes all after them. `keep` hands them to the file's own
 * variables once started.
 */
export function useAppsWithFakeTronGrid(
  env: Record<string, string>,
  keep: (started: { apps: TestApps; tron: FakeTronGrid }) => void,
  options: Pick<NonNullable<Parameters<typeof startTestApps>[0]>, "apiVersion"> = {},
): void {
  let apps: TestApps | undefined;
  let tron: FakeTronGrid | undefined;
  beforeAll(async () => {
    tron = await new FakeTronGrid().start();
    apps = await startTestApps({
      env: { TRON_API_URL: tron.url, SMTP_URL: "smtp://127.0.0.1:9", ...env },
      apiVersion: options.apiVersion,
    });
    keep({ apps, tron });
  }, 120_000);
  afterAll(async () => {
    await apps?.close();
    await tron?.close();
  });
  beforeEach(() => {
    tron!.reset();
  });
}
