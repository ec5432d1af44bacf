import {
  DEMO_PASSWORD,
  expect,
  expectNoA11yViolations,
  LAKESIDE_ADMIN,
  linkIn,
  signInThroughForm,
  test,
} from "../fixtures.ts";

// the second school's admin: no other spec signs in as it, so its password may change here
const EMAIL = LAKESIDE_ADMIN;
const RESET_LINK = /^\/ResetPassword\/[0-9a-f-]{36}$/;

test("a forgotten password: mail, new password, sign-in with it; the link works once", async ({
  page,
  api,
  mailbox,
}) => {
  const newPassword = `fresh-${Date.now()}`;
  const since = Date.now();

  await page.goto("/Login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/ForgotPassword$/);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your e-mail" })).toBeVisible();
  await expectNoA11yViolations(page, "/ForgotPassword, link sent");

  const mail = await mailbox.waitFor({ to: EMAIL, subject: /reset/i, since });
  const link = linkIn(mail, RESET_LINK);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();
  await expectNoA11yViolations(page, "/ResetPassword, changed");

  // the old password is gone, the new one signs in
  expect((await api.post("/api/v2/login", { email: EMAIL, password: DEMO_PASSWORD })).status).toBe(401);
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/Login$/);
  await signInThroughForm(page, EMAIL, newPassword);
  await expect(page).toHaveURL(/\/Dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // the same link a second time is refused, with a way to ask for a new one
  await page.goto("/Logout");
  await expect(page).toHaveURL(/\/Login$/);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("another-password-1");
  await page.getByLabel("Confirm new password").fill("another-password-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("already used");
  await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
  // and changed nothing
  expect((await api.post("/api/v2/login", { email: EMAIL, password: "another-password-1" })).status).toBe(401);
  expect((await api.post("/api/v2/login", { email: EMAIL, password: newPassword })).status).toBe(200);
});

test("an unknown e-mail gets the same answer and no mail", async ({ page, mailbox }) => {
  const nobody = `nobody-${Date.now()}@demo.rollbook.test`;
  await page.goto("/ForgotPassword");
  await page.getByLabel("E-mail").fill(nobody);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your e-mail" })).toBeVisible();
  await expect(mailbox.waitFor({ to: nobody, timeoutMs: 1500 })).rejects.toThrow(/No mail/);
});
