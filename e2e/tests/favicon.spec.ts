import { expect, test } from "../fixtures.ts";

/**
 * The staff app names its tab icon: without one the browser asked for /favicon.ico on every load,
 * got a 404 and logged it as an error (only the check-in app added its icon).
 */
test("the sign-in page loads with its icon and logs no error", async ({ page, request }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto("/Login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  const href = await page.locator('link[rel="icon"]').getAttribute("href");
  expect(href).toBeTruthy();
  const icon = await request.get(href ?? "");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/png");
  // the browser's own request for the icon, if any, has been answered by now
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});
