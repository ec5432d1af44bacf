import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, settledTotal } from "../support/reports.ts";

/** The Setup report (issue 12): the mode in the URL, its total as the server counts it, the export, axe. */
test("the Setup report: mode in the URL, table, CSV export, axe", async ({ signedInBlankPage: page, api, session }) => {
  test.slow();
  await page.goto("/Reports/Setup");
  await expect(page.getByRole("heading", { level: 1, name: "Setup report" })).toBeVisible();
  await expect(page).toHaveURL(/mode=no_device/);
  await settledTotal(page);

  await page.getByRole("combobox", { name: "Show" }).selectOption("not_seen");
  await expect(page).toHaveURL(/mode=not_seen/);
  const { setupReport } = await api.graphql<{ setupReport: { total: number } }>(
    session.access_token,
    `query { setupReport(mode: "not_seen", per_page: 1) { total } }`,
  );
  await expect(page.getByTestId("report-total")).toHaveText(`Total: ${setupReport.total.toLocaleString("en-US")}`);

  await checkGridExportAxe(page, {
    name: "setup",
    caption: "Participants and classes to set up",
    header: ["kind", "id", "uuid", "name", "detail", "last_seen"],
  });
});
