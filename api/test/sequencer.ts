// The order the API files start in: the longest first, so that neither worker is left running one long
// file alone at the end. Vitest orders by the durations it cached on this machine, and a fresh clone (CI)
// has none, so there it would start these last, from their small size.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The files that take longest (about a minute each on CI's two cores), longest first. */
const LONGEST = [
  "bad-input-admin-rest",
  "bad-input-public",
  "bad-input-admin-trpc",
  "attack-review-2-sign-in",
  "sign-in-holes",
  "attack-review-2-mail-caps",
  "security-edges",
];

const rank = (file: TestSpecification) => {
  const at = LONGEST.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
  return at === -1 ? LONGEST.length : at;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files))
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}
