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
