import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { tabTo } from "../support/keyboard.ts";

test.use({ role: "school_admin" });

/** The focus indicator drawn around the focused page heading: its outline, or "none". */
const headingRing = (page: Page) =>
  page.getByRole("heading", { level: 1 }).evaluate((h) => {
    const s = getComputedStyle(h);
    return s.outlineStyle === "none" || s.outlineWidth === "0px" ? "none" : `${s.outlineStyle} ${s.outlineWidth}`;
  });

/**
 * A page's h1 takes focus on arrival (PageHeading), so a screen reader announces the page. On a
 * fresh load Chromium counts that programmatic focus as :focus-visible and drew its heavy focus
 * box around the whole heading. The ring is for keyboard users (decision 0586): none on a fresh
 * load or after a click, a visible one after a keyboard navigation.
 */
test("the focused page heading shows a ring after keyboard navigation only", async ({
  signedInBlankPage: page,
}, info) => {
  await page.goto("/Students");
  const heading = page.getByRole("heading", { level: 1, name: "Participants" });
  await expect(heading).toBeFocused();
  await page.screenshot({ path: info.outputPath("fresh-load.png") });
  expect(await headingRing(page), "ring on a fresh load").toBe("none");

  // a click on a sidebar link: the next page's heading has focus and no ring
  await page.getByRole("link", { name: "Groups", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Groups" })).toBeFocused();
  expect(await headingRing(page), "ring after a click").toBe("none");

  // by keyboard: Tab to the sidebar's Participants link and Enter
  const link = page.getByRole("link", { name: "Participants", exact: true });
  await tabTo(page, link, { back: true });
  await page.keyboard.press("Enter");
  await expect(heading).toBeFocused();
  await page.screenshot({ path: info.outputPath("keyboard.png") });
  expect(await headingRing(page), "ring after keyboard navigation").not.toBe("none");
  await expectNoA11yViolations(page, "Participants after keyboard navigation");
});
