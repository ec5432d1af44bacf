import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

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
 * The browser to drive: PLAYWRIGHT_CHROMIUM when set, else Debian's Chromium when installed,
 * else Playwright's own download (undefined lets Playwright pick it).
 */
export function chromiumExecutable(): string | undefined {
  const override = process.env.PLAYWRIGHT_CHROMIUM;
  if (override) return override;
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}

export const chromiumLaunchOptions = (): LaunchOptions => ({
  executablePath: chromiumExecutable(),
  args: CHROMIUM_ARGS,
});
