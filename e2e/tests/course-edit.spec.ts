import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { fact, uniqueWord } from "../support/factories.ts";

/**
 * /Courses/{uuid} "Edit" (issue 11, Recurring): the form opens with the course's values, an end
 * before the start and no meeting day are each named on their own field, and once fixed the
 * save shows the new title, days, times and thresholds in the header, still there after a
 * reload; axe on the open form and on its errors. The course is made here, under a title no
 * other spec uses.
 */

interface Created {
  id: number;
  uuid: string;
  title: string;
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

test("Edit names the field at fault, then saves; the header shows the new values after a reload", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // two axe passes and a reload
  const { createCourse: course } = await api.graphql<{ createCourse: Created }>(
    session.access_token,
    `mutation ($title: String!) {
      createCourse(title: $title, crn: "ED01", start_time: "07:00", end_time: "07:30", is_indefinite: true,
        meet_sat: true) { id uuid title }
    }`,
    { title: uniqueWord("Editcourse") },
  );

  await page.goto(`/Courses/${course.uuid}`);
  await expect(heading(page, course.title)).toBeVisible();
  const before = page.getByRole("region", { name: course.title });
  await expect(before.getByText("Sa · 7:00 AM – 7:30 AM", { exact: true })).toBeVisible();
  await expect(fact(before, "Late after")).toHaveText("School default");

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${course.title}` });
  // the form holds the course as stored
  await expect(dialog.getByLabel("Title")).toHaveValue(course.title);
  await expect(dialog.getByLabel("CRN")).toHaveValue("ED01");
  await expect(dialog.getByLabel("Start time")).toHaveValue("07:00");
  await expect(dialog.getByLabel("End time")).toHaveValue("07:30");
  await expect(dialog.getByLabel("Saturday")).toBeChecked();
  await expect(dialog.getByLabel("Indefinite (no semester end)")).toBeChecked();
  await expectNoA11yViolations(page, "the Edit course form");

  // an end before the start and no meeting day: each said on its own field, the first focused
  const title = uniqueWord("Renamedcourse");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Start time").fill("09:00");
  await dialog.getByLabel("End time").fill("08:30");
  await dialog.getByLabel("Saturday").uncheck();
  await dialog.getByRole("button", { name: "Save" }).click();
  const end = dialog.getByLabel("End time");
  await expect(end).toHaveAccessibleDescription(/End time must be after the start time/);
  await expect(end).toHaveAttribute("aria-invalid", "true");
  await expect(end).toBeFocused();
  const days = dialog.getByRole("group", { name: "Meeting days" });
  await expect(days).toHaveAccessibleDescription("Pick at least one meeting day");
  await expect(dialog.getByLabel("Start time")).not.toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page, "the Edit course form with errors");

  // fixed: the errors go as the fields change, and the save goes through
  await end.fill("10:30");
  await expect(end).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Monday").check();
  await dialog.getByLabel("Wednesday").check();
  await expect(days).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Late after (minutes)").fill("12");
  await dialog.getByLabel("Absent after (minutes)").fill("25");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${title} was saved.`)).toBeVisible();

  await page.reload();
  await expect(heading(page, title)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/Courses/${course.uuid}$`));
  const header = page.getByRole("region", { name: title });
  await expect(header.getByText("M W · 9:00 AM – 10:30 AM", { exact: true })).toBeVisible();
  await expect(fact(header, "CRN")).toHaveText("ED01");
  await expect(fact(header, "Late after")).toHaveText("12 minutes");
  await expect(fact(header, "Absent after")).toHaveText("25 minutes");
  await expect(fact(header, "Semester")).toHaveText("Indefinite");

  // what the server now holds, the same
  const { course: stored } = await api.graphql<{
    course: { title: string; start_time: string; end_time: string; meet_mon: boolean; meet_sat: boolean };
  }>(
    session.access_token,
    "query ($uuid: String!) { course(uuid: $uuid) { title start_time end_time meet_mon meet_sat } }",
    {
      uuid: course.uuid,
    },
  );
  expect(stored).toMatchObject({ title, meet_mon: true, meet_sat: false });
  expect(stored.start_time.slice(0, 5)).toBe("09:00");
  expect(stored.end_time.slice(0, 5)).toBe("10:30");
});
