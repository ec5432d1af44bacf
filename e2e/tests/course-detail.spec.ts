import type { Page } from "@playwright/test";
import { offlineCodeAt } from "@rollbook/domain";
import { checkInNow } from "../../bench/src/sim/check-in.ts";
import { type ApiSession, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import type { Api } from "../support/api.ts";
import { dayLabel, pageToday } from "../support/reports.ts";
import { roomInSchoolDay } from "../support/school-clock.ts";

/**
 * /Courses/{uuid} (issue 11, Recurring): the tabs by keyboard with axe on each; students added
 * through the Students tab; a cancellation made and taken back; the live roster shows a student
 * who checks in through the device API without a reload. The courses and students here are
 * made here (titles and names no other spec uses), so other specs' data stays as it was.
 */

interface Created {
  id: number;
  uuid: string;
  title: string;
}

interface Student {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  token: string | null;
  offline_code: string | null;
}

function word(tag: string) {
  const n = Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36);
  return `${tag}${[...n].map((c) => (/\d/.test(c) ? String.fromCharCode(97 + Number(c)) : c)).join("")}`;
}

/** The all-day courses a test made: removed afterwards, so they leave the schedules of other specs. */
const made: { token: string; id: number }[] = [];

test.afterEach(async ({ api }) => {
  for (const c of made.splice(0))
    await api.graphql(c.token, "mutation ($id: Int!) { removeCourse(id: $id) { id } }", { id: c.id });
});

/** A course meeting every day all day (so a session is in progress now), at the study hall's place. */
async function allDayCourse(api: Api, session: ApiSession, title: string) {
  // 00:00-23:59 is the whole day a course may have: in its last minutes, wait for the next
  await roomInSchoolDay(3);
  const { courses } = await api.graphql<{ courses: { data: { location: { id: number } | null }[] } }>(
    session.access_token,
    `query { courses(query: "Open Study Hall") { data { location { id } } } }`,
  );
  const location_id = courses.data[0]?.location?.id ?? null;
  const r = await api.graphql<{ createCourse: Created }>(
    session.access_token,
    `mutation ($title: String!, $location_id: Int) {
      createCourse(title: $title, location_id: $location_id, start_time: "00:00", end_time: "23:59",
        is_indefinite: true, meet_sun: true, meet_mon: true, meet_tue: true, meet_wed: true,
        meet_thu: true, meet_fri: true, meet_sat: true) { id uuid title }
    }`,
    { title, location_id },
  );
  made.push({ token: session.access_token, id: r.createCourse.id });
  return r.createCourse;
}

async function createStudent(api: Api, session: ApiSession, first: string, last: string) {
  const r = await api.graphql<{ createStudent: Student }>(
    session.access_token,
    `mutation ($first_name: String!, $last_name: String!) {
      createStudent(first_name: $first_name, last_name: $last_name) { id uuid first_name last_name token offline_code }
    }`,
    { first_name: first, last_name: last },
  );
  return r.createStudent;
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

test("tabs by keyboard, axe on each, desktop and phone", async ({ signedInBlankPage: page, api, session }) => {
  test.slow();
  const course = await allDayCourse(api, session, word("Tabs"));
  await page.goto(`/Courses/${course.uuid}`);
  await expect(page.getByRole("heading", { level: 1, name: course.title })).toBeVisible();
  await expect(tab(page, "Dashboard")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("region", { name: "Live roster" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Daily attendance" })).toBeVisible();
  await expectNoA11yViolations(page, "course dashboard");

  await tab(page, "Dashboard").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "Students")).toHaveAttribute("aria-selected", "true");
  await expect(tab(page, "Students")).toBeFocused();
  await expect(page).toHaveURL(/\?tab=students$/);
  await expect(page.getByText("No students enrolled yet")).toBeVisible();
  await expectNoA11yViolations(page, "course students");

  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "Cancellations")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\?tab=cancellations$/);
  await expect(page.getByRole("region", { name: "Cancelled dates" })).toBeVisible();
  await expectNoA11yViolations(page, "course cancellations");

  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "Users")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("region", { name: "Assigned staff" })).toBeVisible();
  await expectNoA11yViolations(page, "course users");

  // a reload keeps the tab; past the last, the arrow loops back to the first
  await page.reload();
  await expect(tab(page, "Users")).toHaveAttribute("aria-selected", "true");
  await tab(page, "Users").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "Dashboard")).toHaveAttribute("aria-selected", "true");

  // the calendar feed: a private address with a copy button
  await page.getByRole("button", { name: "Calendar feed" }).click();
  const feed = page.getByRole("dialog", { name: "Calendar feed" });
  await expect(feed.getByLabel("Feed address")).toHaveValue(/^https?:\/\/.+/);
  await expectNoA11yViolations(page, "calendar feed dialog");
  await feed.getByRole("button", { name: "Close", exact: true }).first().click();

  // add to dashboard: shown as added afterwards
  await page.getByRole("button", { name: "Add to dashboard" }).click();
  await expect(page.getByRole("button", { name: "On your dashboard" })).toBeVisible();

  const { me } = await api.graphql<{ me: { tiles: { id: number; tileable_id: number; tileable_type: string }[] } }>(
    session.access_token,
    "query { me { tiles { id tileable_id tileable_type } } }",
  );
  const tile = me.tiles.find((t) => t.tileable_type === "course" && t.tileable_id === course.id);
  expect(tile).toBeTruthy();
  await api.graphql(session.access_token, "mutation ($id: Int!) { removeFromDashboard(id: $id) }", { id: tile?.id });

  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoA11yViolations(page, "course dashboard, phone");
  await tab(page, "Students").click();
  await expect(page.getByText("No students enrolled yet")).toBeVisible();
  await expectNoA11yViolations(page, "course students, phone");
});

test("students are added through the Students tab", async ({ signedInBlankPage: page, api, session }) => {
  test.slow(); // a dozen steps, an axe pass and a whole team
  const course = await allDayCourse(api, session, word("Enrol"));
  const last = word("Enrolee");
  await createStudent(api, session, "Ada", last);
  await createStudent(api, session, "Bo", last);
  await page.goto(`/Courses/${course.uuid}?tab=students`);
  await page.getByRole("button", { name: "Add students" }).click();
  const dialog = page.getByRole("dialog", { name: `Add students to ${course.title}` });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog.getByText("Pick at least one student")).toBeVisible();
  await dialog.getByLabel("Find participants").fill(last);
  await dialog.getByLabel(`Ada ${last}`).check();
  await dialog.getByLabel(`Bo ${last}`).check();
  await expectNoA11yViolations(page, "add students dialog");
  await dialog.getByRole("button", { name: "Add 2 students" }).click();
  await expect(dialog).toBeHidden();
  const grid = page.getByRole("table", { name: `Students of ${course.title}` });
  await expect(grid.getByRole("link", { name: `Ada ${last}` })).toBeVisible();
  await expect(grid.getByRole("link", { name: `Bo ${last}` })).toBeVisible();
  await expect(page.getByRole("region", { name: course.title })).toContainText("2");

  // the selected are taken out, after a confirm
  await grid.getByLabel(`Select Ada ${last}`).check();
  await page.getByRole("button", { name: "Remove from course" }).click();
  const remove = page.getByRole("dialog", { name: "Remove from course" });
  await remove.getByRole("button", { name: "No" }).click();
  await expect(grid.getByRole("link", { name: `Ada ${last}` })).toBeVisible();
  await page.getByRole("button", { name: "Remove from course" }).click();
  await remove.getByRole("button", { name: "Yes" }).click();
  await expect(grid.getByRole("link", { name: `Ada ${last}` })).toHaveCount(0);
  await expect(grid.getByRole("link", { name: `Bo ${last}` })).toBeVisible();

  // a whole team: every one of its students is enrolled
  const { search } = await api.graphql<{ search: { teams: { name: string }[] } }>(
    session.access_token,
    `query { search(query: "a", per_page: 5) { teams { name } } }`,
  );
  const team = search.teams[0]?.name as string;
  expect(team, "the demo school has a team").toBeTruthy();
  await page.getByRole("button", { name: "Add a team" }).click();
  const teamDialog = page.getByRole("dialog", { name: `Add a team to ${course.title}` });
  await teamDialog.getByRole("button", { name: "Add team" }).click();
  await expect(teamDialog.getByText("Team is required")).toBeVisible();
  await teamDialog.getByRole("combobox", { name: "Team" }).fill(team);
  await page.getByRole("option", { name: team, exact: true }).click();
  await teamDialog.getByRole("button", { name: "Add team" }).click();
  await expect(teamDialog).toBeHidden();
  await expect(page.getByText(new RegExp(`of ${team} enrolled in ${course.title}|already enrolled`))).toBeVisible();
  const total = async () =>
    Number(/of (\d+)$/.exec((await page.getByText(/^1–\d+ of \d+$/).textContent()) ?? "")?.[1] ?? 0);
  await expect.poll(total).toBeGreaterThan(1);
});

test("staff are assigned and unassigned on the Users tab", async ({ signedInBlankPage: page, api, session }) => {
  const course = await allDayCourse(api, session, word("Staff"));
  await page.goto(`/Courses/${course.uuid}?tab=users`);
  const section = page.getByRole("region", { name: "Assigned staff" });
  await expect(section.getByText("No staff assigned yet.")).toBeVisible();
  await section.getByRole("button", { name: "Assign staff" }).click();
  const dialog = page.getByRole("dialog", { name: `Assign staff to ${course.title}` });
  await dialog.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(dialog.getByLabel("Staff member")).toHaveAccessibleDescription(/Staff member is required/);
  const option = dialog.getByLabel("Staff member").locator("option").nth(1);
  const label = (await option.textContent()) ?? "";
  const name = label.replace(/ \(.*\)$/, "");
  await dialog.getByLabel("Staff member").selectOption({ index: 1 });
  await expectNoA11yViolations(page, "assign staff dialog");
  await dialog.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = section.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await section.getByRole("button", { name: `Unassign ${name}` }).click();
  await page.getByRole("dialog", { name: "Unassign staff" }).getByRole("button", { name: "Yes" }).click();
  await expect(section.getByText("No staff assigned yet.")).toBeVisible();
});

test("a cancellation is made on a meeting day and taken back", async ({ signedInBlankPage: page, api, session }) => {
  const course = await allDayCourse(api, session, word("Cancel"));
  await page.goto(`/Courses/${course.uuid}?tab=cancellations`);
  // a day of this month (shown by the picker when it opens: the browser's month) other than today
  const today = await pageToday(page);
  const day = Number(today.slice(8));
  const iso = `${today.slice(0, 8)}${String(day > 1 ? day - 1 : day + 1).padStart(2, "0")}`;
  const pick = { iso, label: dayLabel(iso) };
  const form = page.getByRole("form", { name: "Cancel a class" });
  await form.getByRole("button", { name: "Cancel this class" }).click();
  await expect(form.getByText("Date is required")).toBeVisible();
  await form.getByRole("button", { name: "Choose Date in the calendar" }).click();
  await page.getByRole("button", { name: pick.label, exact: true }).click();
  await form.getByLabel("Notes").fill("Staff training");
  await form.getByRole("button", { name: "Cancel this class" }).click();
  const [y, m, d] = pick.iso.split("-");
  const shown = `${m}/${d}/${y}`;
  const list = page.getByRole("region", { name: "Cancelled dates" });
  await expect(list.getByRole("row", { name: new RegExp(`${shown}.*Staff training`) })).toBeVisible();
  await expectNoA11yViolations(page, "cancellations with one");

  await list.getByRole("button", { name: `Remove the cancellation of ${shown}` }).click();
  const confirm = page.getByRole("dialog", { name: "Remove cancellation" });
  await confirm.getByRole("button", { name: "No" }).click();
  await expect(list.getByRole("row", { name: new RegExp(shown) })).toBeVisible();
  await list.getByRole("button", { name: `Remove the cancellation of ${shown}` }).click();
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(list.getByText("No class of this course is cancelled.")).toBeVisible();
});

test("the live roster shows a student who checks in by phone, without a reload", async ({
  signedInBlankPage: page,
  api,
  session,
  serverURL,
}) => {
  test.slow();
  const course = await allDayCourse(api, session, word("Roster"));
  const student = await createStudent(api, session, "Ria", word("Rostered"));
  const offline = await createStudent(api, session, "Oli", word("Offline"));
  await api.graphql(
    session.access_token,
    "mutation ($c: Int!, $s: [Int!]!) { addCourseToStudents(course_id: $c, student_ids: $s) { changed } }",
    { c: course.id, s: [student.id, offline.id] },
  );
  await page.goto(`/Courses/${course.uuid}`);
  const roster = page.getByRole("region", { name: "Live roster" });
  const row = roster.getByRole("row", { name: new RegExp(`${student.first_name} ${student.last_name}`) });
  await expect(row).toContainText("Not yet");
  await expectNoA11yViolations(page, "live roster");

  await page.evaluate(() => {
    (window as unknown as { liveMarker: number }).liveMarker = 1;
  });
  const { session: checked, answer } = await checkInNow(serverURL, student.token as string, { title: course.title });
  expect(answer.accepted).toBe(1);
  expect(checked.title).toBe(course.title);
  await expect(row).not.toContainText("Not yet", { timeout: 20_000 });
  await expect(row.getByRole("cell").nth(1)).not.toHaveText("—");
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  await expectNoA11yViolations(page, "live roster with a check-in");

  // the override, asked first
  const name = `${student.first_name} ${student.last_name}`;
  await roster.getByRole("button", { name: `Change status of ${name}` }).click();
  const pick = page.getByRole("dialog", { name: `Change status of ${name}` });
  await pick.getByLabel("New status").selectOption({ label: "Late" });
  await pick.getByRole("button", { name: "Change status" }).click();
  await page.getByRole("dialog", { name: "Change status" }).getByRole("button", { name: "Yes" }).click();
  await expect(row).toContainText("Late");

  // staff type in the code a phone shows offline: a wrong one is refused on the field, the right one checks in
  const offName = `${offline.first_name} ${offline.last_name}`;
  const offRow = roster.getByRole("row", { name: new RegExp(offName) });
  await expect(offRow).toContainText("Not yet");
  await roster.getByRole("button", { name: "Enter offline code" }).click();
  const codeDialog = page.getByRole("dialog", { name: "Enter an offline code" });
  await codeDialog.getByLabel("Student").selectOption({ label: offName });
  await codeDialog.getByLabel("Offline code").fill("12345");
  await codeDialog.getByRole("button", { name: "Check in" }).click();
  await expect(codeDialog.getByLabel("Offline code")).toHaveAccessibleDescription(/Offline code must be the 6 digits/);
  await codeDialog.getByLabel("Offline code").fill(offlineCodeAt(offline.offline_code as string, new Date()));
  await codeDialog.getByRole("button", { name: "Check in" }).click();
  await expect(codeDialog).toBeHidden();
  await expect(offRow).not.toContainText("Not yet", { timeout: 20_000 });
});

test("the daily attendance chart carries its numbers as a table", async ({ signedInBlankPage: page, api, session }) => {
  test.slow(); // two axe passes over a chart
  const { courses } = await api.graphql<{ courses: { data: { uuid: string }[] } }>(
    session.access_token,
    `query { courses(query: "Biology") { data { uuid } } }`,
  );
  await page.goto(`/Courses/${courses.data[0]?.uuid}`);
  const section = page.getByRole("region", { name: "Daily attendance" });
  // the table is there for screen readers while the chart shows
  const table = section.getByRole("table", { name: "Attendance by session day and status" });
  await expect(table).toBeAttached();
  await expect(table.getByRole("columnheader", { name: "Present" })).toBeAttached();
  await expectNoA11yViolations(page, "the chart with its hidden table");
  await section.getByRole("button", { name: "Show as table" }).click();
  await expect(table).toBeVisible();
  expect(await table.locator("tbody tr").count()).toBeGreaterThan(0);
  await expectNoA11yViolations(page, "the chart as a table");
  await section.getByRole("button", { name: "Show as chart" }).click();
  await expect(section.getByRole("button", { name: "Show as table" })).toBeVisible();
});
