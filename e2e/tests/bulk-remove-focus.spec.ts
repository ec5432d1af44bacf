import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { createStudents, uniqueWord } from "../support/factories.ts";
import { tabTo } from "../support/keyboard.ts";

test.use({ role: "school_admin" });

/**
 * By keyboard: the Participants bulk Remove is disabled once its students have left the list
 * (nothing is selected any more), and focus, which was on it, fell to <body>. It goes to the
 * page's heading instead (decision 0582), and the button stays focusable while the removal runs.
 */
test("after a bulk Remove by keyboard, focus is on the Participants heading, not on <body>", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const last = uniqueWord("Bulk");
  await createStudents(api, session, last, ["Ada"]);
  await page.goto("/Students");
  await page.getByLabel("Search participants").focus();
  await page.keyboard.type(last);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(last));
  const select = page.getByRole("checkbox", { name: `Select Ada ${last}` });
  await expect(select).toBeVisible();
  // picked at once: a search still settling (a pause while typing, Enter's) keeps Ada selected,
  // as she is in its result (decision 0589)
  await select.focus();
  await page.keyboard.press("Space");
  await expect(select).toBeChecked();

  const remove = page.getByRole("button", { name: "Remove", exact: true });
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Please confirm" });
  const yes = dialog.getByRole("button", { name: "Yes" });
  await expect(dialog).toBeVisible();
  await tabTo(page, yes, { most: 5 });
  await page.keyboard.press("Enter");

  await expect(page.getByRole("checkbox", { name: `Select Ada ${last}` })).toHaveCount(0);
  await expect(remove).toBeDisabled();
  await expect(page.getByRole("heading", { level: 1, name: "Participants" })).toBeFocused();
  await expectNoA11yViolations(page, "Participants after a bulk Remove");
});

/**
 * By keyboard: "Clear selection" goes with the selection it clears, and focus, which was on it,
 * fell to <body>. It goes to the page's heading (decision 0582), as after a bulk Remove.
 */
test("after Clear selection by keyboard, focus is on the Participants heading, not on <body>", async ({
  signedInBlankPage: page,
}) => {
  await page.goto("/Students");
  const first = page.getByRole("checkbox", { name: /^Select (?!all)/ }).first();
  await first.focus();
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  const clear = page.getByRole("button", { name: "Clear selection" });
  await tabTo(page, clear, { back: true });
  await page.keyboard.press("Enter");

  await expect(clear).toHaveCount(0);
  await expect(first).not.toBeChecked();
  await expect(page.getByRole("heading", { level: 1, name: "Participants" })).toBeFocused();
  await expectNoA11yViolations(page, "Participants after Clear selection");
});
