// The storefront learns whether chat messages reach Telegram from GET /api/config (and the same
// object embedded in every page): a boolean, never the bot token or chat id.
import { afterEach, describe, expect, it } from "vitest";
import { startTestApps, type TestApps } from "./harness";

describe("site config: telegramForwarding", () => {
  let apps: TestApps | undefined;
  afterEach(async () => {
    await apps?.close();
    apps = undefined;
  });

  it("is false without a bot token and chat id", async () => {
    apps = await startTestApps({ seed: false, env: { TELEGRAM_BOT_TOKEN: "", TELEGRAM_CHAT_ID: "" } });
    const res = await apps.storefront.inject({ method: "GET", url: "/api/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ telegramForwarding: false });
  });

  it("is true when both are set, and neither secret is sent", async () => {
    apps = await startTestApps({
      seed: false,
      env: { TELEGRAM_BOT_TOKEN: "123456:secret-bot-token", TELEGRAM_CHAT_ID: "-100987654" },
    });
    const res = await apps.storefront.inject({ method: "GET", url: "/api/config" });
    expect(res.json()).toMatchObject({ telegramForwarding: true });
    expect(res.body).not.toContain("secret-bot-token");
    expect(res.body).not.toContain("-100987654");
  });
});
