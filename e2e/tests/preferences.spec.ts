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
    // The push socket is replaced by a silent one: in a full run other specs push to this
    // school, and every push (or a resync after the fast-forward outlasts the socket's
    // silence limit) refetches me and restarts the interval. This test is about the poll alone.
    await page.routeWebSocket(/\/api\/v2\/push/, () => {});
    await page.clock.install();
    await signIn("school_admin", page);
    const meCalls: number[] = [];
    let meSettled = 0;
    const isMe = (req: import("@playwright/test").Request) =>
      req.url().endsWith("/graphql/query") && /\bme\s*\{/.test(req.postData() ?? "");
    page.on("request", (req) => {
      if (isMe(req)) meCalls.push(Date.now());
    });
    const settle = (req: import("@playwright/test").Request) => {
      if (isMe(req)) meSettled += 1;
    };
    page.on("requestfinished", settle);
    page.on("requestfailed", settle);
    await page.goto("/Dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // the interval restarts when a fetch settles: jump only once the page's own loads are done
    await expect.poll(() => meCalls.length >= 1 && meSettled === meCalls.length).toBe(true);
    await page.waitForTimeout(1_000);
    expect(meSettled).toBe(meCalls.length);
    // From here the page's clock moves only when the test moves it, so a slow machine cannot
    // push real seconds into the interval. Run to the first poll, then time the next one.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const first = meCalls.length;
    for (let s = 0; s <= ME_POLL_MS / 1000 && meCalls.length === first; s += 1) {
      await page.clock.runFor(1_000);
      await page.waitForTimeout(20);
    }
    await expect.poll(() => meCalls.length).toBe(first + 1);
    await expect.poll(() => meSettled).toBe(meCalls.length);
    await page.clock.runFor(ME_POLL_MS - 2_000);
    await page.waitForTimeout(300);
    expect(meCalls.length).toBe(first + 1);
    await page.clock.runFor(4_000);
    await expect.poll(() => meCalls.length).toBe(first + 2);
  });
});
