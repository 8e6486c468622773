// Someone who knows a staff member's password guesses codes (attack review 2, hole 1): at the 10th wrong
// code the account is e-mailed; a new browser is held back, opens the e-mailed link, and signs in with
// password and code at once. A staff account of its own, so the owner's sign-in is never slowed down.
import { Secret, TOTP } from "otpauth";
import { expect, expectToast, linkMailedTo, mailCount, signIn, test } from "./helpers";

const LEE = { email: "lee.twofactor@example.test", username: "lee", password: "Lee-Guards-Codes-2026" };
const LEE_SIGN_IN = { username: LEE.username, password: LEE.password };
/** The authenticator: the code `ahead` 30-second steps from now (the server accepts ±1 step). */
const code = (secret: string, ahead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, timestamp: Date.now() + ahead * 30_000 });
/** A 6-digit code that is not the current one (nor one step either side). */
function wrongCode(secret: string, n: number): string {
  const valid = [-1, 0, 1].map((s) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, timestamp: Date.now() + s * 30_000 }),
  );
  const guess = String(100_000 + n * 7_919).slice(-6);
  return valid.includes(guess) ? String(200_000 + n * 7_919).slice(-6) : guess;
}

test("wrong codes after the right password: the account is e-mailed a link that lets a new browser in", async ({
  page,
  browser,
}) => {
  // the account, with two-factor on
  await signIn(page);
  let before = await mailCount(page);
  expect(
    (await page.request.post("/api/admin/staff/invites", { data: { email: LEE.email, role: "content" } })).status(),
  ).toBe(201);
  const invite = await linkMailedTo(page, LEE.email, /invited/i, before);
  await page.context().clearCookies();
  const token = new URL(invite).hash.replace("#token=", "");
  const accepted = await page.request.post("/api/admin/invites/accept", {
    data: { token, username: LEE.username, password: LEE.password },
  });
  expect(accepted.status()).toBe(201);
  expect((await page.request.post("/api/admin/login", { data: LEE_SIGN_IN })).status()).toBe(200);
  const begin = await page.request.post("/api/admin/two-factor/enrol", { data: { password: LEE.password } });
  const { secret } = (await begin.json()) as { secret: string };
  expect((await page.request.post("/api/admin/two-factor/confirm", { data: { code: code(secret) } })).status()).toBe(
    200,
  );
  await page.context().clearCookies();

  // the guesser: the right password, then 10 wrong codes over two challenges
  before = await mailCount(page);
  for (let round = 0; round < 2; round++) {
    const step1 = await page.request.post("/api/admin/login", { data: LEE_SIGN_IN });
    const { challenge } = (await step1.json()) as { challenge: string };
    for (let t = 0; t < 5; t++) {
      const res = await page.request.post("/api/admin/login/verify", {
        data: { challenge, code: wrongCode(secret, round * 5 + t) },
      });
      expect(res.status()).toBe(401);
    }
  }
  const link = await linkMailedTo(page, LEE.email, /Wrong two-factor codes/, before);

  // the real user, in a new browser: the right password and code are held back …
  const fresh = await browser.newContext({ baseURL: new URL(link).origin });
  const user = await fresh.newPage();
  await user.goto("/admin/login");
  await user.getByLabel("Username").fill(LEE.username);
  await user.getByLabel("Password", { exact: true }).fill(LEE.password);
  await user.getByRole("button", { name: "Sign In" }).click();
  await user.getByLabel("Authenticator code").fill(code(secret));
  await user.getByRole("button", { name: "Verify" }).click();
  await expect(user.getByText(/Too many wrong codes for this account/)).toBeVisible();
  // … until the e-mailed link lets this browser through
  await user.goto(link);
  await expect(user.getByRole("heading", { name: "Let this browser sign in" })).toBeVisible();
  await user.screenshot({ path: "test-results/sign-in-link.png", fullPage: true });
  await user.getByRole("button", { name: "Let this browser sign in" }).click();
  await expectToast(user, "This browser can sign in", `Sign in as ${LEE.username}`);
  await expect(user).toHaveURL(/\/admin\/login$/);
  await user.getByLabel("Username").fill(LEE.username);
  await user.getByLabel("Password", { exact: true }).fill(LEE.password);
  await user.getByRole("button", { name: "Sign In" }).click();
  // the next step's code: the enrolment's may still be the current one, and a code works once
  await user.getByLabel("Authenticator code").fill(code(secret, 1));
  await user.getByRole("button", { name: "Verify" }).click();
  await expect(user).toHaveURL(/\/admin$/);
  // the link worked once
  await user.goto(link);
  await user.getByRole("button", { name: "Let this browser sign in" }).click();
  await expect(user.getByRole("alert")).toContainText("not valid any more");
  await fresh.close();
});
