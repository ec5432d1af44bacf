import { expect, expectNoA11yViolations, linkIn, test } from "../fixtures.ts";

const INVITE_LINK = /^\/Invite\/[0-9a-f-]{36}$/;

// no page for inviting users exists yet (/Users arrives later): the admin invites through GraphQL
const INVITE = `
  mutation invite($email: String!, $first_name: String!, $last_name: String, $role_id: Int!) {
    inviteUser(email: $email, first_name: $first_name, last_name: $last_name, role_id: $role_id) {
      id
    }
  }
`;

test("an invitation: the admin invites, the mail's link registers the new user, who is signed in", async ({
  page,
  api,
  signIn,
  mailbox,
}) => {
  const admin = await signIn("school_admin");
  const email = `new.coach.${Date.now()}@demo.rollbook.test`;
  const since = Date.now();
  await api.graphql(admin.access_token, INVITE, {
    email,
    first_name: "Robin",
    last_name: "Invited",
    role_id: 7,
  });

  const mail = await mailbox.waitFor({ to: email, subject: /invit/i, since });
  const link = linkIn(mail, INVITE_LINK);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Accept invitation" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Robin");
  await expect(page.getByLabel("Last name")).toHaveValue("Invited");
  await expectNoA11yViolations(page, "/Invite/{uuid} with its form");

  // a password that does not match is caught before anything is sent
  await page.getByLabel("Password", { exact: true }).fill("a-good-password");
  await page.getByLabel("Confirm password").fill("a-different-one");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Confirm password must match the password")).toBeVisible();

  await page.getByLabel("First name").fill("Robyn");
  await page.getByLabel("Confirm password").fill("a-good-password");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/Dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Welcome back, Robyn.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Signed in as Coach");

  // the account is real: the new password signs in through the API
  const answer = await api.post<{ data: { user: { email: string; role_id: number } } }>("/api/v2/login", {
    email,
    password: "a-good-password",
  });
  expect(answer.status).toBe(200);
  expect(answer.body.data.user).toMatchObject({ email, role_id: 7 });

  // the link works once
  await page.goto("/Logout");
  await expect(page).toHaveURL(/\/Login$/);
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("invalid, expired or already used");
  await expect(page.getByRole("button", { name: "Create account" })).toHaveCount(0);
});
