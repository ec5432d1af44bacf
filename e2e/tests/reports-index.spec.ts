import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { shootBothWidths } from "../support/reports.ts";

const ALL = [
  "Status",
  "Cancellations",
  "Canvas gradebook",
  "Class",
  "Participant",
  "Group",
  "Events",
  "Last attendance",
  "Setup",
  "Tokens",
  "Beacons",
  "Presence",
  "Facility",
];

/** /Reports (issue 12): every report an admin may open, as a link with what it answers; axe. */
test("the Reports index lists the reports the viewer may open, each with what it answers", async ({
  signedInPage: page,
}) => {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const headings = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(headings).toHaveText(ALL);
  for (const name of ALL) await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByText("Who is inside which location now, and over a period.")).toBeVisible();
  await page.mouse.move(700, 400);
  await expectNoA11yViolations(page, "/Reports");
  await shootBothWidths(page, "index");
});
