import { SITE_NAME as CONTRACT_SITE_NAME } from "@ch/contracts/seo";
import { expect, it } from "vitest";
import { SITE_NAME } from "./site-name";

it("the first load's site name is the SEO contract's", () => {
  expect(SITE_NAME).toBe(CONTRACT_SITE_NAME);
});
