import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, pickOption, settledTotal } from "../support/reports.ts";

/**
 * The Team report (issue 12): a group picked by name (?uuid= in the URL), its participants
 * with APA, travel and missed sessions, the APA chart (its bars named on hover) with its table twin,
 * export, axe.
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
  // pointing at a bar names its participant too (the drawing is hidden from assistive technology,
  // which reads its table twin, but not inert).
  // Any bar that is drawn: an APA of 0 is a bar of no height, which nothing can point at
  const names = await page
    .getByRole("table", { name: "Participants of the group" })
    .getByRole("link")
    .allTextContents()
    .then((all) => all.filter((n) => n.trim() !== ""));
  expect(names.length, "the grid lists the group's participants").toBeGreaterThan(0);
  const chart = page.getByRole("region", { name: "APA by participant (this page)" });
  // the bars run across, every participant's name beside its bar, in the grid's order (a long name
  // wraps into lines, one <tspan> each, whose text runs together: compared without spaces)
  const bare = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ""));
  await expect
    .poll(async () =>
      bare(await chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value").allTextContents()),
    )
    .toEqual(bare(names));
  await chart.locator(".recharts-bar-rectangle").filter({ visible: true }).first().hover();
  const tip = chart.locator(".recharts-tooltip-wrapper");
  await expect
    .poll(async () => {
      const text = (await tip.textContent()) ?? "";
      return names.some((n) => text.includes(n));
    })
    .toBe(true);
  await page.getByRole("button", { name: /^Missed/ }).click();
  await expect(page).toHaveURL(/sort_by=missed/);

  await checkGridExportAxe(page, {
    name: "team",
    caption: "Participants of the group",
    header: ["last_name", "first_name", "school_identifier", "apa", "travel", "missed"],
  });
});
