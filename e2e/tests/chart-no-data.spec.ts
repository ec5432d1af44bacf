import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { demoCourseUuid } from "../support/demo.ts";
import { createStudents, createTeam, uniqueWord } from "../support/factories.ts";

test.use({ role: "school_admin" });

/**
 * Algebra's daily attendance: the demo's first session days of the last 14 have no attendance
 * (before the seeded weeks). They read "No data" in the chart (a dashed grey bar so labelled), in
 * the table that carries the chart for screen readers, and a note says that is not 0; they drew
 * as empty slots that looked like nobody attended. Axe on both views; the toggle by keyboard.
 */
test("a day without attendance reads No data, in the chart and its table", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  await page.goto(`/Courses/${await demoCourseUuid(api, session.access_token, "Algebra")}`);
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Daily attendance" }) }).first();
  await expect(section.getByText(/^No data: no attendance was recorded for that day/)).toBeVisible();
  const table = section.getByRole("table", { name: "Attendance by session day and status" });
  // the table is there for screen readers while the chart shows
  await expect(table.getByRole("cell", { name: "No data", exact: true }).first()).toBeAttached();
  await expect(table).toHaveAccessibleDescription(/does not mean that nobody attended/);
  await expectNoA11yViolations(page, "Algebra's dashboard, chart");

  await section.getByRole("button", { name: "Show as table" }).focus();
  await page.keyboard.press("Enter");
  await expect(table).toBeVisible();
  const gap = table.getByRole("row").filter({ has: page.getByRole("cell", { name: "No data", exact: true }) });
  await expect(gap.first()).toBeVisible();
  // a day with data keeps its numbers
  await expect(table.getByRole("cell", { name: /^[1-9][0-9]*$/ }).first()).toBeVisible();
  await expectNoA11yViolations(page, "Algebra's dashboard, table");
});

/**
 * The Team report's APA chart: a participant with no finished session has no APA yet, and drew
 * as a bar of 0, like one who missed everything. A new group of a demo participant with an APA
 * and a new participant: the new one reads No data in the chart's table, with a note; axe on
 * the chart and, by keyboard, on the table.
 */
test("the Team report's APA chart reads No data for a participant without an APA yet", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const token = session.access_token;
  const { teams } = await api.graphql<{ teams: { data: { uuid: string; students_count: number }[] } }>(
    token,
    `query { teams(per_page: 20, sort_by: "name") { data { uuid students_count } } }`,
  );
  let withApa: { id: number; first_name: string } | undefined;
  for (const t of teams.data.filter((t) => t.students_count > 0)) {
    const { teamReport } = await api.graphql<{
      teamReport: { data: { apa: number | null; student: { id: number; first_name: string } }[] };
    }>(token, "query ($uuid: String!) { teamReport(uuid: $uuid) { data { apa student { id first_name } } } }", {
      uuid: t.uuid,
    });
    withApa = teamReport.data.find((r) => r.apa !== null)?.student;
    if (withApa) break;
  }
  expect(withApa, "a demo participant with an APA this semester").toBeTruthy();
  const last = uniqueWord("Nodata");
  const [fresh] = await createStudents(api, session, last, ["Noa"]);
  const team = await createTeam(api, session, uniqueWord("Apa"));
  await api.graphql(
    token,
    "mutation ($team_id: Int!, $ids: [Int!]!) { addStudentsToTeam(team_id: $team_id, student_ids: $ids) { changed } }",
    {
      team_id: team.id,
      ids: [withApa?.id, fresh?.id],
    },
  );

  await page.goto(`/Reports/Team?uuid=${team.uuid}`);
  const section = page.getByRole("region", { name: "APA by participant (this page)" });
  await expect(
    section.getByText(/^No data: no finished session counts towards that participant's APA yet/),
  ).toBeVisible();
  const table = section.getByRole("table", { name: "APA by participant (this page)" });
  const row = (name: string) => table.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row(`Noa ${last}`).getByRole("cell")).toHaveText(["No data"]);
  await expect(table).toHaveAccessibleDescription(/which is not an APA of 0/);
  await expectNoA11yViolations(page, "the Team report's chart with No data");

  await section.getByRole("button", { name: "Show as table" }).focus();
  await page.keyboard.press("Enter");
  await expect(row(`Noa ${last}`)).toBeVisible();
  await expect(table.getByRole("cell", { name: /^\d+(\.\d+)?$/ }).first()).toBeVisible();
  await expectNoA11yViolations(page, "the Team report's table with No data");
});
