import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "../../e2e/support/chromium.ts";

/**
 * `npm run bench:roster`: the browser side of issue 11's speed goal (a 500-student live roster
 * takes a burst of 500 check-ins; longest task under 100 ms), on the e2e server and demo school
 * (e2e global setup: a fresh PGlite database). Figures are printed, not asserted: a timed test
 * would fail with the machine's load, not with the page.
 */
export default defineConfig({
  testDir: ".",
  testMatch: "*.bench.ts",
  outputDir: "../../.tmp/bench-browser-results",
  globalSetup: "../../e2e/support/global-setup.ts",
  workers: 1,
  retries: 0,
  timeout: 300_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions(), trace: "off" },
  projects: [{ name: "chromium" }],
});
