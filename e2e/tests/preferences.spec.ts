import { ME_POLL_MS } from "@rollbook/domain";
import { expect, signInThroughForm, test } from "../fixtures.ts";

const html = (page: import("@playwright/test").Page) => page.locator("html");

test.describe("the user's display preferences", () => {
  test("a user with higher_contrast and a11y_mode gets the accessible theme from sign-in on", async ({ page }) => {
    await page.goto("/Login");
    await signInThroughForm(page, "councelor@demo.rollbook.test");
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(html(page)).toHaveAttribute("data-higher-contrast", "true");
    await expect(html(page)).toHaveAttribute("data-a11y-mode", "true");
    // and it survives a reload (kept with the session, refreshed from me)
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(html(page)).toHaveAttribute("data-higher-contrast", "true");
  });

  test("a user without them gets the default theme", async ({ page }) => {
    await page.goto("/Login");
    await signInThroughForm(page, "staff@demo.rollbook.test");
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(html(page)).toHaveAttribute("data-higher-contrast", "false");
    await expect(html(page)).toHaveAttribute("data-a11y-mode", "false");
  });
});

test.describe("the header and the current user", () => {
  test.use({ role: "school_admin" });

  test("the header is pinned once the page scrolls over 10 px", async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    const header = page.locator("header");
    await expect(header).not.toHaveAttribute("data-pinned", /.*/);
    await page.evaluate(() => window.scrollTo(0, 8));
    await expect(header).not.toHaveAttribute("data-pinned", /.*/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-pinned", "true");
    await expect(header).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveAttribute("data-pinned", /.*/);
  });

  test(`me is asked again every ${ME_POLL_MS / 1000} s`, async ({ page, signIn }) => {
    await page.clock.install();
    await signIn("school_admin", page);
    const meCalls: number[] = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/graphql/query") && /\bme\b/.test(req.postData() ?? "")) meCalls.push(Date.now());
    });
    await page.goto("/Dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect.poll(() => meCalls.length).toBeGreaterThanOrEqual(1);
    const before = meCalls.length;
    await page.clock.fastForward(ME_POLL_MS - 5_000);
    await page.waitForTimeout(300);
    expect(meCalls.length).toBe(before);
    // due now; a refetch the push channel caused meanwhile may have restarted the interval,
    // so allow a few more seconds of page time before calling it missing
    await page.clock.fastForward(10_000);
    for (let extra = 0; extra < 6 && meCalls.length === before; extra++) {
      await page.waitForTimeout(500);
      if (meCalls.length === before) await page.clock.fastForward(5_000);
    }
    await expect.poll(() => meCalls.length).toBeGreaterThan(before);
  });
});
