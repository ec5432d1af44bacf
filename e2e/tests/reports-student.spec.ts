import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, pickOption, settledTotal } from "../support/reports.ts";

/**
 * The Student report (issue 12): a participant picked by name (?uuid= in the URL), classes
 * then events (the kind in the URL), status shares with their table twin, export, axe.
 */
test("the Student report: participant and kind in the URL, chart, table, CSV export, axe", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const { students } = await api.graphql<{
    students: { data: { uuid: string; first_name: string; last_name: string; semester_apa: number | null }[] };
  }>(
    session.access_token,
    `query { students(per_page: 50, sort_by: "name") { data { uuid first_name last_name semester_apa } } }`,
  );
  const student = students.data.find((s) => s.semester_apa !== null) ?? students.data[0];
  expect(student, "a demo participant").toBeTruthy();
  const { uuid, first_name, last_name } = student as NonNullable<typeof student>;

  await page.goto("/Reports/Student");
  await expect(page.getByRole("heading", { level: 1, name: "Participant report" })).toBeVisible();
  await expect(page).toHaveURL(/attendable_type=course/);
  await expect(page.getByText("Choose a participant to see this report.")).toBeVisible();

  await pickOption(page, "Participant", `${first_name} ${last_name}`, last_name);
  await expect(page).toHaveURL(new RegExp(`uuid=${uuid}`));
  const total = await settledTotal(page);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 2, name: "Status shares" })).toBeVisible();
  const twin = page.getByRole("table", { name: "Status shares" });
  await expect(twin.getByRole("row").nth(1).getByRole("cell").last()).toHaveText(total.toLocaleString("en-US"));

  // events: the kind is in the URL, the participant stays
  await page.getByText("Event", { exact: true }).click();
  await expect(page).toHaveURL(/attendable_type=event/);
  await expect(page).toHaveURL(new RegExp(`uuid=${uuid}`));
  // a click before the control is ready does nothing (CI, once): click again until the URL moves
  await expect(async () => {
    await page.getByText("Class", { exact: true }).click();
    await expect(page).toHaveURL(/attendable_type=course/, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  // the URL moves before the router's transition renders it: the events' total can still be on
  // screen, so wait for the classes' total seen above
  await expect(page.getByTestId("report-total")).toHaveText(`Total: ${total.toLocaleString("en-US")}`);

  await checkGridExportAxe(page, {
    name: "student",
    caption: "Sessions of the participant",
    header: ["date", "type", "title", "status", "enter", "exit"],
  });
});
