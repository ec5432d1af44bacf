/**
 * Before the end-to-end run: use the system Chromium when there is one (Debian's, or
 * PLAYWRIGHT_CHROMIUM), else make sure Playwright's own Chromium is installed, so `npm test`
 * works on a fresh machine either way.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumExecutable } from "./chromium.ts";

const system = chromiumExecutable();
if (system) {
  console.log(`end-to-end browser: ${system}`);
} else if (existsSync(chromium.executablePath())) {
  console.log(`end-to-end browser: Playwright's Chromium at ${chromium.executablePath()}`);
} else {
  console.log("no Chromium found: installing Playwright's (npx playwright install chromium)");
  const run = spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
  if (run.status !== 0) {
    console.error(
      "Could not install a browser for the end-to-end tests. Install Chromium (Debian: apt-get install -y chromium) or set PLAYWRIGHT_CHROMIUM to a Chromium binary.",
    );
    process.exit(1);
  }
}
