import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, as a keyboard user would walk to
 * it, at most `most` times; fails if it never gets there.
 */
export async function tabTo(page: Page, target: Locator, { back = false, most = 30 } = {}) {
  for (let i = 0; i < most && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/**
 * By keyboard: opens the form dialog from `opener` (focused, Enter), types `text` into `field`,
 * presses Escape, answers the question "Discard changes?" with Discard (Keep editing has focus
 * first), and checks both dialogs are gone and focus is back on `opener`.
 */
export async function typeThenDiscard(page: Page, opener: Locator, dialog: Locator, field: string, text: string) {
  const question = page.getByRole("dialog", { name: "Discard changes?" });
  await opener.focus();
  await page.keyboard.press("Enter");
  await dialog.getByLabel(field).focus();
  await page.keyboard.type(text);
  await page.keyboard.press("Escape");
  await expect(question.getByRole("button", { name: "Keep editing" })).toBeFocused();
  await question.getByRole("button", { name: "Discard" }).focus();
  await page.keyboard.press("Enter");
  await expect(question).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}
