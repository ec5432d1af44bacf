import { expect, test } from "../fixtures.ts";
import { dayFromNow, uniqueWord } from "../support/factories.ts";

/**
 * By keyboard only: a row's Remove asks in a dialog that keeps focus inside, Escape gives focus
 * back to Remove, and after Yes takes the row (and its button) away, focus goes to the list's
 * heading, not to <body> (where a screen reader lost its place and Tab began at the top).
 */
test("removing a closure by keyboard leaves focus on the Closures heading", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const title = uniqueWord("Gone");
  const day = dayFromNow(500);
  await api.graphql(
    session.access_token,
    `mutation ($title: String!, $d: String!) { createClosure(title: $title, start_date: $d, end_date: $d) { id } }`,
    { title, d: day },
  );
  await page.goto("/Settings");
  const remove = page.getByRole("button", { name: `Remove the closure ${title}` });
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Remove closure" });
  await expect(dialog).toBeVisible();
  // Tab goes round the dialog's controls and stays inside
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  const yes = dialog.getByRole("button", { name: "Yes" });
  while (!(await yes.evaluate((b) => b === document.activeElement))) await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${title} was removed.`)).toBeVisible();
  await expect(remove).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Closures" })).toBeFocused();
});
