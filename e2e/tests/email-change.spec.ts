import { expect, expectNoA11yViolations, linkIn, signInThroughForm, test } from "../fixtures.ts";

const INVITE = `mutation($email: String!) { inviteUser(email: $email, first_name: "Eli", role_id: 7) { id } }`;
const INVITE_LINK = /^\/Invite\/[0-9a-f-]{36}$/;
const CONFIRM_LINK = /^\/ConfirmEmail\/[0-9a-f-]{36}$/;
const PASSWORD = "a-good-password";

// a user of its own (registered here): changing a demo sign-in would break the other specs
test("a new e-mail on /Profile changes only when the new address confirms it (decision 0951)", async ({
  page,
  api,
  signIn,
  mailbox,
}) => {
  const stamp = Date.now();
  const email = `eli.${stamp}@demo.rollbook.test`;
  const next = `eli.next.${stamp}@demo.rollbook.test`;
  const since = Date.now();
  await api.graphql((await signIn("school_admin")).access_token, INVITE, { email });
  const token = linkIn(await mailbox.waitFor({ to: email, subject: /invit/i, since }), INVITE_LINK)
    .split("/")
    .pop();
  const registered = await api.post("/api/v2/register", {
    token,
    first_name: "Eli",
    last_name: "Mover",
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(registered.status).toBe(200);

  await page.goto("/Login");
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/Dashboard$/);
  await page.goto("/Profile");
  const info = page.getByRole("form", { name: "Your information" });
  await info.getByLabel("E-mail").fill(next);
  await info.getByRole("button", { name: "Save information" }).click();
  await expect(page.getByText(`A link to confirm ${next} was sent there`)).toBeVisible();
  await expectNoA11yViolations(page, "/Profile with the link-sent notice");
  // nothing changed yet: the field and the sign-in keep the old address
  await expect(info.getByLabel("E-mail")).toHaveValue(email);
  expect((await api.post("/api/v2/login", { email: next, password: PASSWORD })).status).toBe(401);
  // the wait outlives the notice: after a reload the field still says which address it waits on
  const waiting = `Waiting for confirmation: a link was sent to ${next}; the e-mail changes when it is opened.`;
  await page.reload();
  await expect(info.getByLabel("E-mail")).toHaveValue(email);
  await expect(info.getByLabel("E-mail")).toHaveAccessibleDescription(waiting);
  await expectNoA11yViolations(page, "/Profile with a pending e-mail change, reloaded");

  const link = linkIn(await mailbox.waitFor({ to: next, subject: /confirm/i, since }), CONFIRM_LINK);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
  await expectNoA11yViolations(page, "/ConfirmEmail");
  await page.getByRole("button", { name: "Confirm e-mail address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "E-mail changed" })).toBeVisible();
  await expectNoA11yViolations(page, "/ConfirmEmail, confirmed");
  expect((await api.post("/api/v2/login", { email: next, password: PASSWORD })).status).toBe(200);
  // a used link waits on nothing: the profile shows the new address, without the note
  await page.goto("/Profile");
  await expect(info.getByLabel("E-mail")).toHaveValue(next);
  await expect(info.getByLabel("E-mail")).not.toHaveAccessibleDescription(waiting);

  // the link works once
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm e-mail address" }).click();
  await expect(page.getByRole("alert")).toContainText("already used");
  await expectNoA11yViolations(page, "/ConfirmEmail, a used link");
});
