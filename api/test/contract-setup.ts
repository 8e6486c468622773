// Every app an API test builds, through test/harness.ts or with buildApp directly, answers under the
// OpenAPI check of test/contract.ts (vitest setup file: the mock applies to every test file).
import { vi } from "vitest";

vi.mock("../src/app", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../src/app")>();
  const { checkAnswersAgainstDocument } = await import("./contract");
  return {
    ...actual,
    buildApp: async (...args: Parameters<typeof actual.buildApp>) => {
      const app = await actual.buildApp(...args);
      checkAnswersAgainstDocument(app);
      return app;
    },
  };
});
