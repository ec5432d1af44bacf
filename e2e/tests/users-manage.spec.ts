import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { makeStaffUser } from "../support/users.ts";

/**
 * /Users and /Users/{id} (issue 13): invite from the list (a bad e-mail named on its field),
 * the open invitation resent; a user's Information saved (a bad phone named), a course assigned
 * on Access, notification choices saved (SMS without a phone refused), every session ended on
 * Security; a user above the viewer's rank is read-only. Axe on each screen.
 */
test.use({ role: "school_admin" });

test("/Users lists, searches and invites; the invitation is listed and resent", async ({
  signedInBlankPage: page,
  mailbox,
}) => {
  test.slow();
  await page.goto("/Users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  const grid = page.getByRole("table", { name: "Users" });
  await expect(grid.getByRole("link", { name: "Academic Advisor" })).toBeVisible();
  await expectNoA11yViolations(page, "/Users");

  await page.getByLabel("Role").selectOption({ label: "Coach" });
  await expect(page).toHaveURL(/role=7/);
  await expect(grid.getByRole("link", { name: "Coach User" })).toBeVisible();
  await expect(grid.getByRole("link", { name: "Academic Advisor" })).toHaveCount(0);

  await page.getByRole("button", { name: "Invite user" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a user" });
  await dialog.getByLabel("First name").fill("Quinn");
  await dialog.getByLabel("E-mail").fill("not-an-address");
  await dialog.getByLabel("Role").selectOption({ label: "Coach" });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByLabel("E-mail")).toHaveAccessibleDescription(/valid e-mail/);
  await expectNoA11yViolations(page, "the invite form with an error");

  const email = `quinn.${Date.now()}@demo.rollbook.test`;
  const since = Date.now();
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`An invitation was sent to ${email}.`)).toBeVisible();
  await mailbox.waitFor({ to: email, subject: /invit/i, since });
  const invitations = page.getByRole("region", { name: "Open invitations" });
  await expect(invitations.getByRole("cell", { name: email, exact: true })).toBeVisible();
  await invitations.getByRole("button", { name: `Resend the invitation of ${email}` }).click();
  await expect(page.getByText(`The invitation was sent again to ${email}.`)).toBeVisible();
});

test("a user's Information, Access, Notifications and Security tabs", async ({
  signedInBlankPage: page,
  api,
  mailbox,
  session,
}) => {
  test.slow();
  const user = await makeStaffUser(api, mailbox, session, { first_name: "Tabby", last_name: "Tabs", role_id: 7 });
  await page.goto(`/Users/${user.user.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Tabby Tabs" })).toBeVisible();
  await expectNoA11yViolations(page, "/Users/{id} Information");

  const info = page.getByRole("form", { name: "User information" });
  await info.getByLabel("Last name").fill("Edited");
  const address = await info.getByLabel("E-mail").inputValue();
  await info.getByLabel("E-mail").fill("bad@");
  await info.getByLabel("Phone").fill("12");
  await info.getByRole("button", { name: "Save information" }).click();
  // both at once, checked before sending, in the forms' words
  await expect(info.getByLabel("E-mail")).toHaveAccessibleDescription("E-mail must be a valid e-mail address");
  await expect(info.getByLabel("Phone")).toHaveAccessibleDescription("Phone must have 7 to 15 digits");
  await info.getByLabel("E-mail").fill(address);
  await info.getByLabel("Phone").fill("(518) 555-0199");
  await info.getByRole("button", { name: "Save information" }).click();
  await expect(page.getByText("Tabby was saved.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Tabby Edited" })).toBeVisible();

  await page.getByRole("tab", { name: "Access" }).click();
  await expect(page.getByRole("tab", { name: "Courses" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No courses assigned.")).toBeVisible();
  const picker = page.getByRole("combobox", { name: "Find a course to assign" });
  await picker.click();
  const first = page.getByRole("option").first();
  await expect(first).toBeVisible();
  const title = (await first.textContent())?.trim() ?? "";
  await first.click();
  await page.getByRole("button", { name: "Assign course" }).click();
  await expect(page.getByText(`${title} was assigned.`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Assigned courses" }).getByRole("link", { name: title })).toBeVisible();
  await expectNoA11yViolations(page, "/Users/{id} Access, Courses");
  await page.getByRole("tab", { name: "Teams" }).click();
  await expect(page.getByText("No teams assigned.")).toBeVisible();

  await page.getByRole("tab", { name: "Notifications" }).click();
  const form = page.getByRole("form", { name: "Notifications" });
  await form.getByLabel("Late arrivals").check();
  await form.getByLabel("Phone for SMS").fill("");
  await form.getByLabel("Send alerts by SMS").check();
  await form.getByRole("button", { name: "Save notifications" }).click();
  await expect(form.getByLabel("Phone for SMS")).toHaveAccessibleDescription(/phone number is needed/);
  await form.getByLabel("Phone for SMS").fill("518 555 0100");
  await form.getByRole("button", { name: "Save notifications" }).click();
  await expect(page.getByText("Notification choices were saved.")).toBeVisible();
  await expectNoA11yViolations(page, "/Users/{id} Notifications");
  await page.reload();
  await expect(page.getByRole("form", { name: "Notifications" }).getByLabel("Late arrivals")).toBeChecked();

  await page.getByRole("tab", { name: "Security" }).click();
  await expectNoA11yViolations(page, "/Users/{id} Security");
  await page.getByRole("button", { name: "Sign out every session" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("Tabby Edited was signed out everywhere.")).toBeVisible();
  expect((await api.graphqlRaw(user.access_token, "{ me { id } }")).status).toBe(401);
});

test("a user above the viewer's rank is read-only, with no switch", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const list = await api.graphql<{ users: { data: { id: number }[] } }>(
    session.access_token,
    "{ users(role_id: 2) { data { id } } }",
  );
  await page.goto(`/Users/${list.users.data[0]?.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "School Owner" })).toBeVisible();
  await expect(page.getByRole("form", { name: "User information" }).getByLabel("First name")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Switch into user" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);
});
