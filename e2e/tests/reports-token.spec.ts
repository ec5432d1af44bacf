import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, pickOption, settledTotal } from "../support/reports.ts";

/** The Token report (issue 12): a group picked (the URL keeps its id), tokens listed, Print, export, axe. */
test("the Token report: groups in the URL, tokens, CSV export, axe", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const { teams } = await api.graphql<{ teams: { data: { id: number; name: string; students_count: number }[] } }>(
    session.access_token,
    `query { teams(per_page: 20, sort_by: "name") { data { id name students_count } } }`,
  );
  const team = teams.data.find((t) => t.students_count > 0) as { id: number; name: string; students_count: number };
  expect(team, "a demo group with participants").toBeTruthy();

  await page.goto("/Reports/Token");
  await expect(page.getByRole("heading", { level: 1, name: "Tokens report" })).toBeVisible();
  await expect(page.getByText("Choose groups or classes to see their tokens.")).toBeVisible();

  await pickOption(page, "Groups", team.name);
  await expect(page).toHaveURL(new RegExp(`teams=${team.id}(&|$)`));
  expect(await settledTotal(page)).toBe(team.students_count);
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();

  await checkGridExportAxe(page, {
    name: "token",
    caption: "Personal tokens",
    header: ["first_name", "last_name", "preferred_name", "school_identifier", "token"],
  });
});
