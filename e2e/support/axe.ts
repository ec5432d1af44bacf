import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Runs axe on the page as it stands and fails on any violation, whatever its impact, listing each. */
export async function expectNoA11yViolations(page: Page, what = page.url()) {
  // colours are judged as painted: let opening dialogs and toasts finish fading in first
  // (endless ones, like a loading spinner, are not waited for)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  // axe-core's default rules (4.14: label-content-name-mismatch is one of them now), none turned off.
  // Legacy mode runs axe in the page itself: the default opens a blank page in the context to merge
  // the frames' results, a new renderer each call (3.6-3.9 s a call against 1.6-1.8 s on a slow
  // machine, decision 0104). The app has no frames from another origin, which only that mode tests
  // resultTypes: every violation is reported with all its nodes; passes and incomplete keep one
  // node a rule instead of a selector built for each of thousands (a 50-row table): half the time
  // of a check (1.0-1.2 s against 1.9-3.9 s on the Participants list of a slow machine)
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const violations = results.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(violations, `axe on ${what}`).toEqual([]);
  // the run looked at something: an empty page would pass vacuously
  expect(results.passes.length, `axe found nothing to check on ${what}`).toBeGreaterThan(0);
}
