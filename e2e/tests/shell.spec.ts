import { expect, test } from "../fixtures.ts";

test.describe("the shell", () => {
  test.use({ role: "staff" });

  test("the skip link comes first, shows on focus and moves focus to the content", async ({ signedInPage: page }) => {
    // a new page puts focus on its h1, so screen readers announce it
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeFocused();
    const skip = page.getByRole("link", { name: "Skip to content" });
    // first in the tab order: no focusable element comes before it in the document
    const first = await page.evaluate(
      () =>
        document.querySelector<HTMLElement>("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])")
          ?.textContent,
    );
    expect(first).toBe("Skip to content");
    await expect(skip).not.toBeInViewport();
    await skip.focus();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("the sidebar leads to each allowed page and marks the current one", async ({ signedInPage: page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Groups" }).click();
    await expect(page).toHaveURL(/\/Teams$/);
    await expect(page.getByRole("heading", { level: 1, name: "Groups" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Groups" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
  });

  test("on a phone the menu toggle opens the sidebar and a choice closes it", async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const toggle = page.getByRole("button", { name: "Toggle navigation" });
    const groups = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Groups" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(groups).not.toBeInViewport();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(groups).toBeInViewport();
    await groups.click();

    await expect(page).toHaveURL(/\/Teams$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(groups).not.toBeInViewport();
  });
});
