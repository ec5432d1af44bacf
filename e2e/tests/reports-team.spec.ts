import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, pickOption, settledTotal } from "../support/reports.ts";

/**
 * The Team report (issue 12): a group picked by name (?uuid= in the URL), its participants
 * with APA, travel and missed sessions, the APA chart with its table twin, export, axe.
 */
test("the Team report: group in the URL, APA chart, table, CSV export, axe", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const { teams } = await api.graphql<{ teams: { data: { uuid: string; name: string; students_count: number }[] } }>(
    session.access_token,
    `query { teams(per_page: 20, sort_by: "name") { data { uuid name students_count } } }`,
  );
  const team = teams.data.find((t) => t.students_count > 0) as { uuid: string; name: string; students_count: number };
  expect(team, "a demo group with participants").toBeTruthy();

  await page.goto("/Reports/Team");
  await expect(page.getByRole("heading", { level: 1, name: "Group report" })).toBeVisible();
  await pickOption(page, "Group", team.name);
  await expect(page).toHaveURL(new RegExp(`uuid=${team.uuid}`));
  expect(await settledTotal(page)).toBe(team.students_count);

  await expect(page.getByRole("heading", { level: 2, name: "APA by participant (this page)" })).toBeVisible();
  await page.getByRole("button", { name: /^Missed/ }).click();
  await expect(page).toHaveURL(/sort_by=missed/);

  await checkGridExportAxe(page, {
    name: "team",
    caption: "Participants of the group",
    header: ["last_name", "first_name", "school_identifier", "apa", "travel", "missed"],
  });
});
