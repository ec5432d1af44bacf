import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const BLOCKING = new Set(["serious", "critical"]);

/** Runs axe on the page as it stands and fails on any serious or critical violation, listing each. */
export async function expectNoSeriousA11yViolations(page: Page, what = page.url()) {
  // colours are judged as painted: let opening dialogs and toasts finish fading in first
  // (endless ones, like a loading spinner, are not waited for)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
  expect(blocking, `axe on ${what}`).toEqual([]);
  // the run looked at something: an empty page would pass vacuously
  expect(results.passes.length, `axe found nothing to check on ${what}`).toBeGreaterThan(0);
}
