/**
 * Layout checks at phone width: the page itself never scrolls sideways (wide tables scroll inside
 * their own box), and a text box shows all of its text.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** The document is no wider than the viewport: nothing, visible or visually hidden, pokes out. */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const { documentWidth, viewportWidth } = await page.evaluate(() => ({
    documentWidth: document.documentElement.scrollWidth,
    viewportWidth: document.documentElement.clientWidth,
  }));
  expect(
    documentWidth,
    `${what}: the page is as wide as the screen (${viewportWidth} px), no wider`,
  ).toBeLessThanOrEqual(viewportWidth);
}

/** The element shows its whole content (nothing cut off, like a button squeezed to "Co") inside the screen. */
export async function expectNotClipped(element: Locator, what: string) {
  const box = await element.evaluate((el) => {
    let clipped = el.scrollWidth > el.clientWidth + 0.5;
    for (const child of el.querySelectorAll("*"))
      if (child.scrollWidth > child.clientWidth + 0.5 && getComputedStyle(child).overflowX !== "visible")
        clipped = true;
    const r = el.getBoundingClientRect();
    return { clipped, left: r.left, right: r.right, screen: document.documentElement.clientWidth };
  });
  expect(box.clipped, `${what} shows all of its content`).toBe(false);
  expect(box.left >= 0 && box.right <= box.screen, `${what} is inside the screen`).toBe(true);
}

/** How many lines a text element takes. */
export const linesOf = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
    return Math.round(el.getBoundingClientRect().height / Number.parseFloat(style.lineHeight));
  });
