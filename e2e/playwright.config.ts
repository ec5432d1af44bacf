import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./support/chromium.ts";

const ci = Boolean(process.env.CI);

/**
 * End-to-end: the built web app served by the real server on a fresh database (global setup
 * starts one server and a fake SMTP server for the whole run), driven in Chromium.
 */
export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  globalSetup: "./support/global-setup.ts",
  fullyParallel: true,
  // a worker more than the cores: each test waits on the server and the browser about a third of
  // its time, which a third worker fills (two cores: 6.2 min at 2 workers, 5.0 at 3; decision 0103)
  workers: Number(process.env.E2E_WORKERS ?? Math.max(2, availableParallelism() + 1)),
  forbidOnly: ci,
  retries: 0,
  // machines of this kind differ by 2-3x, CI's too: on a slow one several tests take 31-53 s, and a
  // CI run failed on one stopped at 30 s. `npm test` must pass on such a machine too, so the limits
  // are the same everywhere; the run's step times show a suite growing slow (decision 0104)
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: chromiumLaunchOptions(),
    // DOM snapshots and the network, without the screencast: its frames cost a third of a run's
    // time on two cores (decision 0101). CI keeps no files to look at, so it records none: the
    // snapshots cost 4% of the whole run and up to 15% of some specs (decision 0102)
    trace: ci ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [{ name: "chromium" }],
});
