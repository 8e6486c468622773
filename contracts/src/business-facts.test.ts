import { describe, expect, it } from "vitest";
import { feeText } from "./business-facts";

describe("feeText", () => {
  it("writes a fee in dollars, with cents only when it has some", () => {
    expect(feeText(50_000)).toBe("$500");
    expect(feeText(150_000)).toBe("$1,500");
    expect(feeText(9_950)).toBe("$99.50");
    expect(feeText(9_905)).toBe("$99.05");
    expect(feeText(0)).toBe("$0");
  });
});
