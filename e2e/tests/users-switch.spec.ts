import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { makeStaffUser } from "../support/users.ts";

/**
 * Switching into a user (issue 13): the school admin switches into a coach from /Users/{id};
 * the whole app runs as the coach under "Acting as <name>", and "Switch back" returns to the
 * admin's own session without a password, on the coach's page. The audit rows are checked by
 * apps/server/src/users/users.test.ts; here the acting session's token ends with the return.
 */
test.use({ role: "school_admin" });

test("switch into a user and back", async ({ signedInBlankPage: page, api, mailbox, session }) => {
  test.slow();
  const coach = await makeStaffUser(api, mailbox, session, { first_name: "Switchy", last_name: "Coach", role_id: 7 });
  await page.goto(`/Users/${coach.user.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Switchy Coach" })).toBeVisible();
  await page.getByRole("button", { name: "Switch into user" }).click();
  await page.getByRole("dialog", { name: "Switch into user" }).getByRole("button", { name: "Yes" }).click();

  await expect(page).toHaveURL(/\/Dashboard$/);
  const banner = page.getByRole("region", { name: "Acting as another user" });
  await expect(banner).toContainText("Acting as Switchy Coach");
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Signed in as Coach");
  await expectNoA11yViolations(page, "the dashboard while acting as a coach");
  const acting = await page.evaluate(() => sessionStorage.getItem("rollbook.access_token"));

  // the banner stays on every page
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Participants" }).click();
  await expect(banner).toBeVisible();

  await banner.getByRole("button", { name: "Switch back to School" }).click();
  await expect(page).toHaveURL(new RegExp(`/Users/${coach.user.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Switchy Coach" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Acting as another user" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Switch into user" })).toBeVisible();
  expect((await api.graphqlRaw(acting ?? "", "{ me { id } }")).status).toBe(401);
});
