import { checkInNow } from "../../bench/src/sim/check-in.ts";
import { type ApiSession, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import type { Api } from "../support/api.ts";
import { roomInSchoolDay } from "../support/school-clock.ts";

/**
 * A participant's attendance at one course (issue 10 screen 3): one row per session with its
 * status, opened onto evidence, timeline, overrides and the pings on the fence; an override with
 * its confirm; and a change made elsewhere showing live with the open row kept open. Each test
 * makes its own student, enrols it in the always-in-session study hall and checks it in through
 * the real device API, so no other spec's data moves.
 */

interface Setup {
  student: { id: number; uuid: string; first_name: string; last_name: string };
  hall: { id: number; uuid: string; title: string };
  attendanceId: number;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function studentCheckedIn(api: Api, session: ApiSession, serverURL: string): Promise<Setup> {
  // the study hall meets 00:00-23:59: in the school's last minutes, wait for the next day
  await roomInSchoolDay(3);
  const token = session.access_token;
  const tag = unique();
  const { createStudent: student } = await api.graphql<{
    createStudent: Setup["student"] & { token: string | null };
  }>(
    token,
    `mutation($last: String!, $email: String) { createStudent(first_name: "Attend", last_name: $last, email: $email) { id uuid first_name last_name token } }`,
    { last: `Spec${tag}`, email: `attend.${tag}@students.demo.rollbook.test` },
  );
  expect(student.token, "an admin reads the new student's token").toBeTruthy();
  const { courses } = await api.graphql<{ courses: { data: Setup["hall"][] } }>(
    token,
    `query { courses(in_session: true, query: "Open Study Hall") { data { id uuid title } } }`,
  );
  const hall = courses.data.find((c) => c.title === "Open Study Hall");
  expect(hall, "the study hall is in session").toBeTruthy();
  await api.graphql(
    token,
    `mutation($course_id: Int!, $ids: [Int!]!) { addCourseToStudents(course_id: $course_id, student_ids: $ids) { changed } }`,
    { course_id: hall?.id, ids: [student.id] },
  );
  const { answer } = await checkInNow(serverURL, student.token as string, { title: "Open Study Hall" });
  expect(answer.accepted).toBe(1);
  const { attendance } = await api.graphql<{ attendance: { data: { id: number }[] } }>(
    token,
    `query($sid: Int!, $cid: Int!) { attendance(student_id: $sid, attendable_type: "course", attendable_id: $cid) { data { id } } }`,
    { sid: student.id, cid: hall?.id },
  );
  const row = attendance.data[0];
  expect(row, "the check-in made an attendance").toBeTruthy();
  return { student, hall: hall as Setup["hall"], attendanceId: (row as { id: number }).id };
}

test.describe("a participant's attendance at a course", () => {
  // a check-in through the device API, pages, dialogs and axe runs, on a shared machine
  test.slow();
  test("lists the sessions, opens one onto its evidence, and overrides its status after a confirm", async ({
    signedInBlankPage: page,
    api,
    session,
    serverURL,
  }) => {
    const { student, hall, attendanceId } = await studentCheckedIn(api, session, serverURL);
    await page.goto(`/Students/${student.uuid}/Courses/${hall.uuid}/Attendance`);
    await expect(
      page.getByRole("heading", { level: 1, name: `${student.first_name} ${student.last_name}: ${hall.title}` }),
    ).toBeVisible();
    const table = page.getByRole("table", { name: /^Sessions of / });
    const row = table.locator(`[data-attendance-id="${attendanceId}"]`);
    const status = row.locator("[data-status]").first();
    await expect(status).toHaveText("Present");
    await expect(row).toContainText(/\d+%/);

    // open the row: evidence, activity, pings on the fence, overrides
    const toggle = row.getByRole("button", { name: /^Details of / });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const detail = page.locator(`#attendance-${attendanceId}-detail`);
    await expect(detail.getByRole("region", { name: "Evidence" }).getByRole("listitem").first()).toBeVisible();
    await expect(detail.getByRole("region", { name: "Activity" })).not.toContainText("No activity.");
    const plot = detail.getByRole("img", { name: /^Pings around / });
    await expect(plot).toBeVisible();
    await expect(plot.getByTestId("fence")).toHaveCount(1);
    await expect(plot.getByTestId("ping")).toHaveCount(1);
    await expect(detail.getByRole("list", { name: "Pings in words" })).toContainText("inside the fence");
    await expect(detail.getByRole("region", { name: "Overrides" })).toContainText("No overrides.");
    await expectNoA11yViolations(page, "an attendance opened");

    // No changes nothing
    await detail.getByRole("combobox", { name: "New status" }).click();
    await page.getByRole("option", { name: "Excused" }).click();
    await detail.getByRole("button", { name: "Change status" }).click();
    const dialog = page.getByRole("dialog", { name: "Change status" });
    await expect(dialog).toContainText("from present to excused");
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveText("Present");
    await expect(detail.getByRole("region", { name: "Overrides" })).toContainText("No overrides.");

    // Yes changes it, keeps the override and locks the row
    await detail.getByRole("button", { name: "Change status" }).click();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(status).toHaveText("Excused");
    await expect(row).toContainText("Locked by override");
    await expect(detail.getByTestId("override")).toHaveText(
      new RegExp(`^Present → Excused, by ${session.user.first_name} ${session.user.last_name},`),
    );
    await expect(detail).toContainText("Locked by override: the engine no longer changes this status.");

    // a phone shows the sessions as cards, the open one still open
    await page.setViewportSize({ width: 390, height: 800 });
    const card = page.locator(`li[data-attendance-id="${attendanceId}"]`);
    await expect(card.getByRole("button", { name: /^Details of / })).toHaveAttribute("aria-expanded", "true");
    await expect(card.locator("[data-status]").first()).toHaveText("Excused");
    await expect(card.getByRole("img", { name: /^Pings around / })).toBeVisible();
    await expectNoA11yViolations(page, "an attendance opened, phone");
  });

  test("shows a change made elsewhere without a reload, keeping the open row open", async ({
    signedInBlankPage: page,
    api,
    session,
    serverURL,
  }) => {
    const { student, hall, attendanceId } = await studentCheckedIn(api, session, serverURL);
    // the participant's page says where the student is now, and links here
    await page.goto(`/Students/${student.uuid}`);
    const now = page.getByRole("region", { name: "Where the student is now" });
    await expect(now.locator("[data-status]")).toHaveText("Present");
    await expect(now).toContainText(/Inside /);
    await now.getByRole("link", { name: hall.title }).click();
    await expect(page).toHaveURL(new RegExp(`/Students/${student.uuid}/Courses/${hall.uuid}/Attendance$`));
    // the same course by its other address
    await page.goto(`/Students/${student.uuid}/Attendance/${hall.uuid}`);
    const row = page.locator(`[data-attendance-id="${attendanceId}"]`);
    const status = row.locator("[data-status]").first();
    await expect(status).toHaveText("Present");
    const toggle = row.getByRole("button", { name: /^Details of / });
    await toggle.click();
    await expect(page.locator(`#attendance-${attendanceId}-detail`)).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { liveMarker: number }).liveMarker = 1;
    });

    await api.graphql(session.access_token, `mutation($id: Int!) { updateAttendance(id: $id, status: 3) { id } }`, {
      id: attendanceId,
    });
    await expect(status).toHaveText("Absent");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`#attendance-${attendanceId}-detail`).getByTestId("override")).toHaveText(
      /^Present → Absent, by /,
    );
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  });

  test("says not found for a course the student has nothing at", async ({ signedInBlankPage: page, api, session }) => {
    const { students } = await api.graphql<{ students: { data: { uuid: string }[] } }>(
      session.access_token,
      `query { students(per_page: 1) { data { uuid } } }`,
    );
    await page.goto(`/Students/${students.data[0]?.uuid}/Events/00000000-0000-4000-8000-000000000000/Attendance`);
    await expect(page.getByRole("heading", { level: 1, name: "Event not found" })).toBeVisible();
    // a malformed course uuid, and an unknown student
    await page.goto(`/Students/${students.data[0]?.uuid}/Courses/not-a-uuid/Attendance`);
    await expect(page.getByRole("heading", { level: 1, name: "Course not found" })).toBeVisible();
    await page.goto("/Students/00000000-0000-4000-8000-000000000000/Attendance/00000000-0000-4000-8000-000000000001");
    await expect(page.getByRole("heading", { level: 1, name: "Participant not found" })).toBeVisible();
    await expectNoA11yViolations(page, "attendance of an unknown participant");
  });
});
