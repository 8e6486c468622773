// Two-factor sign-in in the browser: enrol with the password and the QR code's key, sign out, sign in with
// a code, then with a recovery code; a session opened before the owner requires two-factor is taken to
// Security and enrols there. Each test turns the owner's two-factor off again, so the account signs in
// with a password alone (the helpers' signIn) for any spec after this one.
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { ADMIN, expect, expectToast, linkMailedTo, mailCount, signIn, test } from "./helpers";

/** The authenticator app: the code of `secret`, `stepsAhead` 30-second steps from now (the server accepts ±1). */
const codeFor = (secret: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, timestamp: Date.now() + stepsAhead * 30_000 });

test("enrol TOTP, sign out, sign in with a code, then with a recovery code", async ({ page }) => {
  // 01-setup made the admin; run alone, this spec makes it (409 once it exists)
  expect([201, 409]).toContain((await page.request.post("/api/admin/setup", { data: ADMIN })).status());
  await signIn(page);
  await page.goto("/admin/security");
  await expect(page.getByRole("heading", { name: "Security" })).toBeVisible();
  // the password is asked again: a wrong one gives no secret
  await page.getByLabel("Current password").fill("not-the-password");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("That password is not correct")).toBeVisible();
  await expect(page.getByTestId("qr-code")).toHaveCount(0);
  await page.getByLabel("Current password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByTestId("qr-code")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Authenticator code").fill(codeFor(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expectToast(page, "Two-factor sign-in is on");
  const codes = await page.getByTestId("recovery-codes").locator("li").allTextContents();
  expect(codes).toHaveLength(10);
  await page.screenshot({ path: "test-results/two-factor-recovery-codes.png", fullPage: true });
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("two-factor-status")).toContainText("Recovery codes left: 10 of 10");

  // sign out, then in with password and a code (the next step's code: the one above is spent)
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  // no session before the code
  expect((await page.request.get("/api/admin/session")).status()).toBe(401);
  await page.screenshot({ path: "test-results/two-factor-code-step.png", fullPage: true });
  await page.getByLabel("Authenticator code").fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect((await page.request.get("/api/admin/session")).status()).toBe(200);

  // sign out, then in with a recovery code
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // the recovery code is spent
  await page.goto("/admin/security");
  await expect(page.getByTestId("two-factor-status")).toContainText("Recovery codes left: 9 of 10");
  const reuse = await page.request.post("/api/admin/login", { data: ADMIN });
  const { challenge } = (await reuse.json()) as { challenge: string };
  const refused = await page.request.post("/api/admin/login/verify", { data: { challenge, recoveryCode: codes[0] } });
  expect(refused.status()).toBe(401);

  // turned off with another recovery code: the password alone signs in again
  await page.getByLabel("Authenticator or recovery code").fill(codes[1]!);
  await page.getByRole("button", { name: "Turn off" }).click();
  await expectToast(page, "Two-factor sign-in is off");
  await expect(page.getByRole("button", { name: "Turn on two-factor sign-in" })).toBeVisible();
  expect(((await (await page.request.post("/api/admin/login", { data: ADMIN })).json()) as { ok: boolean }).ok).toBe(
    true,
  );
});

/** On the Security screen: turns two-factor on with the password and the key's code; answers the key. */
async function enrolOnSecurityScreen(page: Page, password: string): Promise<string> {
  await page.getByLabel("Current password").fill(password);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Authenticator code").fill(codeFor(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expectToast(page, "Two-factor sign-in is on");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("two-factor-status")).toContainText("Recovery codes left: 10 of 10");
  return secret;
}

test("a session opened before the owner requires two-factor is taken to Security, told why, and enrols", async ({
  page,
  browser,
}) => {
  const EDITOR = { email: "erin.editor@example.test", username: "erin", password: "Erin-Edits-Gallery-2026" };
  await signIn(page);
  const before = await mailCount(page);
  const invited = await page.request.post("/api/admin/staff/invites", {
    data: { email: EDITOR.email, role: "content" },
  });
  expect(invited.status()).toBe(201);
  const link = await linkMailedTo(page, EDITOR.email, /invited/i, before);
  // the editor signs in, in a browser of its own, before the policy
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  const accepted = await editor.request.post("/api/admin/invites/accept", {
    data: { token: new URL(link).hash.replace("#token=", ""), username: EDITOR.username, password: EDITOR.password },
  });
  expect(accepted.status()).toBe(201);
  expect(
    (
      await editor.request.post("/api/admin/login", { data: { username: EDITOR.username, password: EDITOR.password } })
    ).status(),
  ).toBe(200);
  await editor.goto("/admin/gallery");
  await expect(editor.getByRole("heading", { name: "Manage Gallery" })).toBeVisible();

  // the owner turns two-factor on and requires it for every account
  await page.goto("/admin/security");
  const ownerSecret = await enrolOnSecurityScreen(page, ADMIN.password);
  // a controlled checkbox: it changes once the server has answered
  await page.getByLabel("Require two-factor sign-in for every account").click();
  await expect(page.getByLabel("Require two-factor sign-in for every account")).toBeChecked();
  await expectToast(page, "Two-factor sign-in required");

  // the editor's next screen is refused: the back office takes it to Security and says why
  await editor.goto("/admin/blog");
  await expect(editor).toHaveURL(/\/admin\/security$/);
  await expect(editor.getByRole("alert")).toContainText("The owner requires it for every account");
  await editor.screenshot({ path: "test-results/two-factor-enrolment-required.png", fullPage: true });
  await enrolOnSecurityScreen(editor, EDITOR.password);
  await expect(editor.getByRole("alert")).toHaveCount(0);
  await editor.goto("/admin/gallery");
  await expect(editor.getByRole("heading", { name: "Manage Gallery" })).toBeVisible();
  await editorContext.close();

  // the owner lifts the policy and turns its own two-factor off (later specs sign in with the password alone)
  // a controlled checkbox: it changes once the server has answered
  await page.getByLabel("Require two-factor sign-in for every account").click();
  await expect(page.getByLabel("Require two-factor sign-in for every account")).not.toBeChecked();
  await expectToast(page, "Two-factor sign-in optional");
  await page.getByLabel("Authenticator or recovery code").fill(codeFor(ownerSecret, 1));
  await page.getByRole("button", { name: "Turn off" }).click();
  await expectToast(page, "Two-factor sign-in is off");
  expect(((await (await page.request.post("/api/admin/login", { data: ADMIN })).json()) as { ok: boolean }).ok).toBe(
    true,
  );
});
