import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, pickOption, settledTotal } from "../support/reports.ts";

/**
 * The Class report (issue 12): a class picked by typing its title lands in the URL (?uuid=),
 * the sessions × participants grid shows one column per session, the status shares chart has
 * its table twin, and the export holds a row per participant.
 */
test("the Class report: the class in the URL, sessions grid, chart, CSV export, axe", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const { courses } = await api.graphql<{ courses: { data: { uuid: string; title: string }[] } }>(
    session.access_token,
    `query { courses(query: "Algebra", per_page: 5) { data { uuid title } } }`,
  );
  const algebra = courses.data.find((c) => c.title === "Algebra") as { uuid: string; title: string };
  expect(algebra, "the demo school has Algebra").toBeTruthy();

  await page.goto("/Reports/Class");
  await expect(page.getByRole("heading", { level: 1, name: "Class report" })).toBeVisible();
  await expect(page.getByText("Choose a class to see this report.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeDisabled();

  await pickOption(page, "Class", "Algebra");
  await expect(page).toHaveURL(new RegExp(`uuid=${algebra.uuid}`));
  const total = await settledTotal(page);
  expect(total).toBeGreaterThan(0);

  // the chart and its table twin; one column per session after the fixed ones
  await expect(page.getByRole("heading", { level: 2, name: "Status shares" })).toBeVisible();
  const twin = page.getByRole("table", { name: "Status shares" });
  await expect(twin.getByRole("rowheader", { name: "Algebra" })).toBeAttached();
  const grid = page.getByRole("table", { name: "Sessions by participant" });
  await expect(grid.getByRole("columnheader", { name: /^\d{2}\/\d{2}\/\d{4}/ }).first()).toBeVisible();

  // sort by APA: the URL follows
  await grid.getByRole("button", { name: /^APA/ }).click();
  await expect(page).toHaveURL(/sort_by=apa/);

  await checkGridExportAxe(page, {
    name: "class",
    caption: "Sessions by participant",
    header: ["last_name", "first_name", "school_identifier", "present", "late", "absent"],
  });
});
