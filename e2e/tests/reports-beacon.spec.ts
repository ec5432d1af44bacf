import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, pickOption, settledTotal } from "../support/reports.ts";

/**
 * The Beacon report (issue 12, admin roles only): all beacons, then one location's (the URL
 * keeps it), the export, axe; a coach (staff) neither sees it listed nor opens it.
 */
test("the Beacon report: location in the URL, table, CSV export, axe", async ({ signedInBlankPage: page }) => {
  test.slow();
  await page.goto("/Reports/Beacon");
  await expect(page.getByRole("heading", { level: 1, name: "Beacons report" })).toBeVisible();
  const all = await settledTotal(page);
  expect(all).toBeGreaterThan(0);

  await pickOption(page, "Location", "Main Hall");
  await expect(page).toHaveURL(/location_id=\d+/);
  await expect.poll(() => settledTotal(page)).toBeLessThanOrEqual(all);

  await checkGridExportAxe(page, {
    name: "beacon",
    caption: "Beacons",
    header: ["name", "factory_id", "location", "battery", "last_seen", "active"],
  });
});

test.describe("for a role that is not an admin", () => {
  test.use({ role: "staff" });
  // a refused report goes to the Dashboard saying why; only an unknown name is "not found" (decision 0584)
  test("Beacon is not listed, and its URL sends them to the Dashboard saying why", async ({
    signedInBlankPage: page,
  }) => {
    await page.goto("/Reports");
    await expect(page.getByRole("link", { name: "Status", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Beacons" })).toHaveCount(0);
    await page.goto("/Reports/Beacon");
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(page.getByRole("status").filter({ hasText: "You do not have access" })).toHaveText(
      "You do not have access to the Beacons report, so you were taken to the Dashboard.",
    );
    await page.goto("/Reports/NoSuchReport");
    await expect(page.getByRole("heading", { level: 1, name: "Report not found" })).toBeVisible();
  });
});
