import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/**
 * Debian's browsers, best first. The headless shell (package chromium-headless-shell) is what
 * Playwright itself runs headless; the full browser in headless mode also starts its own UI's
 * renderers and services, and with Debian's 156.0.8078.108 a CI run took 32 min with 9 specs
 * timing out, against 12 min before (decision 0101).
 */
const SYSTEM_CHROMIUMS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/** Flags that keep a headless Chromium quiet and working as root in a container. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The browser to drive: PLAYWRIGHT_CHROMIUM when set, else Debian's headless shell or Chromium
 * when installed, else Playwright's own download (undefined lets Playwright pick it).
 */
export function chromiumExecutable(): string | undefined {
  const override = process.env.PLAYWRIGHT_CHROMIUM;
  if (override) return override;
  return SYSTEM_CHROMIUMS.find((path) => existsSync(path));
}

export const chromiumLaunchOptions = (): LaunchOptions => ({
  executablePath: chromiumExecutable(),
  args: CHROMIUM_ARGS,
});
