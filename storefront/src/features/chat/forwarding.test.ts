import { describe, expect, it } from "vitest";
import { detectBrowser, detectDevice, forwardPayload, shouldForward } from "./forwarding";

describe("shouldForward", () => {
  it.each(["Please CONTACT me", "call me", "This is urgent", "I want a quote", "Schedule a visit"])(
    "forwards %s",
    (message) => expect(shouldForward(message)).toBe(true),
  );
  it("forwards a question longer than 50 characters", () => {
    const question = "Can I put one of your homes on a lot outside of town?";
    expect(question.length).toBeGreaterThan(50);
    expect(shouldForward(question)).toBe(true);
  });
  it("does not forward a short question or a long statement", () => {
    expect(shouldForward("How big is it?")).toBe(false);
    expect(shouldForward("I am looking at small homes for my family of four people in Texas")).toBe(false);
    const exactly50 = `${"a".repeat(49)}?`;
    expect(exactly50.length).toBe(50);
    expect(shouldForward(exactly50)).toBe(false);
  });
});

describe("user info", () => {
  const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
  const iphone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
  const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0";
  it("detects device and browser", () => {
    expect(detectDevice(chrome)).toBe("Desktop");
    expect(detectDevice(iphone)).toBe("Mobile");
    expect(detectBrowser(chrome)).toBe("Chrome");
    expect(detectBrowser(iphone)).toBe("Safari");
    expect(detectBrowser(firefox)).toBe("Firefox");
    expect(detectBrowser("curl/8")).toBe("Unknown");
  });
  it("builds the forward payload", () => {
    expect(forwardPayload("call me", "/products", chrome)).toEqual({
      message: "call me",
      userInfo: { currentPage: "/products", device: "Desktop", browser: "Chrome" },
    });
  });
});
