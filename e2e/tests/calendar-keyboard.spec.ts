import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { uniqueWord } from "../support/factories.ts";
import { tabTo } from "../support/keyboard.ts";
import { pageToday } from "../support/reports.ts";

test.use({ role: "school_admin" });

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * By keyboard: Enter on the calendar's month heading shows the months, and Enter on a month its
 * days; each time the control that had focus went with its level and focus fell to <body>
 * (decision 0587). Now focus stays in the calendar, on the month it is on, then on a day of it;
 * Enter picks the day and focus is back on the calendar's button. Nothing is saved.
 */
test("the calendar keeps focus when Enter changes its level", async ({ signedInBlankPage: page }) => {
  // three axe runs on the Settings page: 27 s alone, over the 30 s limit beside other tests
  test.slow();
  await page.goto("/Settings");
  const form = page.getByRole("form", { name: "Add a closure" });
  const field = form.getByRole("button", { name: "Choose First day in the calendar" });
  await field.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Previous month" })).toBeFocused();
  const [year, month] = (await pageToday(page)).split("-").map(Number) as [number, number];
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  // the month heading, named by its own words
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `${monthName} ${year}`, exact: true })).toBeFocused();
  await expectNoA11yViolations(page, "the closure's calendar on its days");
  await page.keyboard.press("Enter");

  const calendar = page.getByRole("dialog", { name: "First day: calendar" });
  await expect(calendar.getByRole("button", { name: MONTHS[month - 1], exact: true })).toBeFocused();
  await expectNoA11yViolations(page, "the closure's calendar on its months");
  await page.keyboard.press("Enter");
  // a day of this month has focus, not <body>
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName),
    )
    .toMatch(new RegExp(`^\\d+ ${monthName} ${year}$`));
  await page.keyboard.press("Enter");
  await expect(field).toBeFocused();
  // the next Tab goes on to the next field at once, not into the calendar as it fades out (it sits
  // right after its button, decision 0711): a keyboard user does not wait for an animation
  await page.keyboard.press("Tab");
  await expect(form.getByRole("textbox", { name: "Last day" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Previous month" })).toHaveCount(0);
  await expect(form.getByRole("textbox", { name: "First day" })).toHaveValue(
    new RegExp(`^${String(month).padStart(2, "0")}/\\d{2}/${year}$`),
  );
  await expectNoA11yViolations(page, "the closure form with a day picked by keyboard");
});

/**
 * A date is typed (decision 0588): a day that does not exist is refused on its field, named, and
 * a real one is saved; the Last day takes the First day's. All by keyboard. The closure, years
 * ahead so it cancels no session another spec looks at, is removed again.
 */
test("a date typed by keyboard is saved, and one that does not exist is refused", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const year = Number((await pageToday(page)).slice(0, 4)) + 3;
  const title = uniqueWord("Typed");
  await page.goto("/Settings");
  const form = page.getByRole("form", { name: "Add a closure" });
  await form.getByLabel("Title").focus();
  await page.keyboard.type(title);
  await page.keyboard.press("Tab");
  const first = form.getByRole("textbox", { name: "First day" });
  await expect(first).toBeFocused();
  await page.keyboard.type(`02/30/${year}`);
  await expect(first).toHaveAttribute("aria-invalid", "true");
  await expect(first).toHaveAccessibleDescription("First day must be a real date (MM/DD/YYYY)");
  await expectNoA11yViolations(page, "the closure form with a date that does not exist");

  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`11/26/${year}`);
  await expect(first).not.toHaveAttribute("aria-invalid");
  await expect(form.getByRole("textbox", { name: "Last day" })).toHaveValue(`11/26/${year}`);
  const submit = form.getByRole("button", { name: "Add closure" });
  await tabTo(page, submit, { most: 5 });
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${title} was added: its sessions are cancelled.`)).toBeVisible();
  const row = page.getByRole("table", { name: "Closures of the school" }).getByRole("row", { name: new RegExp(title) });
  await expect(row.getByRole("cell", { name: `11/26/${year}` })).toHaveCount(2);

  const { school } = await api.graphql<{ school: { closures: { id: number; title: string }[] } }>(
    session.access_token,
    "{ school { closures { id title } } }",
  );
  for (const c of school.closures.filter((c) => c.title === title)) {
    await api.graphql(session.access_token, "mutation ($id: Int!) { removeClosure(id: $id) { id } }", { id: c.id });
  }
});

/**
 * Arrow keys leave the month shown (decision 0588): from the last day of November ArrowRight
 * turns the calendar to December, focus on its 1st; PageUp goes back a month. Mantine stopped at
 * the edge. Nothing is saved.
 */
test("an arrow key at the edge of the month turns the calendar", async ({ signedInBlankPage: page }) => {
  const year = Number((await pageToday(page)).slice(0, 4)) + 3;
  await page.goto("/Settings");
  const form = page.getByRole("form", { name: "Add a closure" });
  const first = form.getByRole("textbox", { name: "First day" });
  await first.focus();
  await page.keyboard.type(`11/30/${year}`);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const calendar = page.getByRole("dialog", { name: "First day: calendar" });
  // the calendar opens with focus on the day typed
  await expect(calendar.getByRole("button", { name: `30 November ${year}`, exact: true })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(calendar.getByRole("button", { name: `December ${year}`, exact: true })).toBeVisible();
  await expect(calendar.getByRole("button", { name: `1 December ${year}`, exact: true })).toBeFocused();
  await expectNoA11yViolations(page, "the closure's calendar turned to December by an arrow key");
  await page.keyboard.press("PageUp");
  await expect(calendar.getByRole("button", { name: `1 November ${year}`, exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(first).toHaveValue(`11/01/${year}`);
  await expect(form.getByRole("button", { name: "Choose First day in the calendar" })).toBeFocused();
});

/**
 * An optional date typed wrong is not lost (decision 0588): an indefinite course may have no
 * semester start, so 02/30 went out as none and the course was saved without it. Save is held:
 * the field names its fault and takes focus, nothing is sent; a real date is then saved.
 */
test("Save is held while an optional date does not exist: the course is not saved without it", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const year = Number((await pageToday(page)).slice(0, 4)) + 3;
  const { createCourse: course } = await api.graphql<{ createCourse: { id: number; uuid: string; title: string } }>(
    session.access_token,
    `mutation ($title: String!) {
      createCourse(title: $title, start_time: "07:00", end_time: "07:30", is_indefinite: true, meet_sat: true) {
        id uuid title
      }
    }`,
    { title: uniqueWord("Heldcourse") },
  );
  const stored = async () =>
    (
      await api.graphql<{ course: { title: string; semester_start: string | null } }>(
        session.access_token,
        "query ($uuid: String!) { course(uuid: $uuid) { title semester_start } }",
        { uuid: course.uuid },
      )
    ).course;
  const updates: string[] = [];
  page.on("request", (r) => {
    if (r.postData()?.includes("updateCourse")) updates.push(r.url());
  });
  try {
    await page.goto(`/Courses/${course.uuid}`);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${course.title}` });
    const title = uniqueWord("Heldrenamed");
    await dialog.getByLabel("Title").fill(title);
    const start = dialog.getByRole("textbox", { name: "Semester start" });
    await start.fill(`02/30/${year}`);
    const save = dialog.getByRole("button", { name: "Save" });
    await save.click();
    await expect(start).toBeFocused();
    await expect(start).toHaveAttribute("aria-invalid", "true");
    await expect(start).toHaveAccessibleDescription(/Semester start must be a real date \(MM\/DD\/YYYY\)/);
    await expect(start).toHaveValue(`02/30/${year}`);
    await expect(dialog).toBeVisible();
    // nothing sent: neither the new title nor a semester start is stored
    expect(updates).toEqual([]);
    expect(await stored()).toEqual({ title: course.title, semester_start: null });

    await start.fill(`03/02/${year}`);
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${title} was saved.`)).toBeVisible();
    const after = await stored();
    expect(after.title).toBe(title);
    expect(after.semester_start?.slice(0, 10)).toBe(`${year}-03-02`);
  } finally {
    await api.graphql(session.access_token, "mutation ($id: Int!) { removeCourse(id: $id) { id } }", {
      id: course.id,
    });
  }
});

/**
 * A calendar opens next to its field (decision 0711), so beside the navigation it reaches over it.
 * The field's section held it in a stacking context under the navigation, whose column of Sundays
 * then covered the calendar's: no Sunday could be clicked. Every day shown takes a click.
 */
test("a calendar beside the navigation is over it: every day shown, Sundays too, takes a click", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const { courses } = await api.graphql<{ courses: { data: { uuid: string }[] } }>(
    session.access_token,
    'query { courses(query: "Open Study Hall") { data { uuid } } }',
  );
  // the cancellation form's date field is the first of its row, by the navigation
  await page.goto(`/Courses/${courses.data[0]?.uuid}?tab=cancellations`);
  const form = page.getByRole("form", { name: "Cancel a class" });
  await form.getByRole("button", { name: "Choose Date in the calendar" }).click();
  const calendar = page.getByRole("dialog", { name: "Date: calendar" });
  const days = calendar.locator("button[data-date]");
  await expect(days.first()).toBeVisible();
  // what a click at each day's centre would reach
  const covered = await days.evaluateAll((buttons) =>
    buttons
      .filter((b) => {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !(hit && b.contains(hit));
      })
      .map((b) => b.getAttribute("data-date")),
  );
  expect(covered).toEqual([]);
  const sunday = calendar.locator("tr td:first-child button[data-date]").first();
  const iso = (await sunday.getAttribute("data-date")) ?? "";
  await sunday.click();
  const [y, m, d] = iso.split("-");
  await expect(form.getByRole("textbox", { name: "Date" })).toHaveValue(`${m}/${d}/${y}`);
});
