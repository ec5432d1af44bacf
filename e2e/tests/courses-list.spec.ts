import type { Page } from "@playwright/test";
import { type ApiSession, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import type { Api } from "../support/api.ts";
import { uniqueWord } from "../support/factories.ts";
import { roomInSchoolDay } from "../support/school-clock.ts";

/**
 * /Courses (issue 11, Recurring): the URL keeps paging, sorting and the filters; "New course"
 * names the field at fault and then creates; archive, remove and restore ask first; a role
 * that may not edit the catalogue sees no "New course"; axe on desktop and phone. Specs share
 * one server: the courses here are made here, archived or under a title no one else uses.
 */

const CREATE = `mutation ($title: String!, $crn: String, $is_archived: Boolean) {
  createCourse(title: $title, crn: $crn, start_time: "07:00", end_time: "07:30", is_indefinite: true,
    meet_sat: true, is_archived: $is_archived) { id uuid title }
}`;

interface Created {
  id: number;
  uuid: string;
  title: string;
}

async function createCourse(api: Api, session: ApiSession, title: string, extra: Record<string, unknown> = {}) {
  const r = await api.graphql<{ createCourse: Created }>(session.access_token, CREATE, { title, ...extra });
  return r.createCourse;
}

const table = (page: Page) => page.getByRole("table", { name: /courses/i });
const bodyRows = (page: Page) => table(page).locator("tbody tr");
const params = (page: Page) => new URL(page.url()).searchParams;

test("paging, sorting and the filters stay in the URL and survive a reload", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  // "In session now" lists the study hall, which meets 00:00-23:59: late at night, wait for the next day
  await roomInSchoolDay(3);
  // 26 archived courses of this test: two pages of the archived list, searched by the word
  const word = uniqueWord("Paging");
  for (let i = 0; i < 26; i++)
    await createCourse(api, session, `${word} ${String(i).padStart(2, "0")}`, {
      crn: `P${String(i).padStart(3, "0")}`,
      is_archived: true,
    });

  await page.goto("/Courses");
  await expect(page.getByRole("heading", { level: 1, name: "Recurring" })).toBeVisible();
  await page.getByLabel("State").selectOption("archived");
  await expect.poll(() => params(page).get("state")).toBe("archived");
  await page.getByRole("searchbox", { name: "Search courses" }).fill(word);
  await expect.poll(() => params(page).get("query")).toBe(word);
  await expect(bodyRows(page)).toHaveCount(25);
  await expect(page.getByText(/^1–25 of 26$/)).toBeVisible();
  await page.getByRole("navigation", { name: /pages/ }).getByRole("button", { name: "Page 2" }).click();
  await expect.poll(() => params(page).get("page")).toBe("2");
  await expect(bodyRows(page)).toHaveCount(1);

  // sort by CRN, twice: descending, back to page 1
  const crnHeader = page.getByRole("columnheader", { name: /CRN/ });
  await crnHeader.getByRole("button").click();
  await crnHeader.getByRole("button").click();
  await expect.poll(() => params(page).get("sort_dir")).toBe("desc");
  expect(params(page).get("sort_by")).toBe("crn");
  expect(params(page).get("page")).toBe("1");
  await expect(crnHeader).toHaveAttribute("aria-sort", "descending");
  await expect(bodyRows(page).first()).toContainText("P025");

  await page.reload();
  await expect(bodyRows(page).first()).toContainText("P025");
  await expect(page.getByLabel("State")).toHaveValue("archived");
  await expect(page.getByRole("searchbox", { name: "Search courses" })).toHaveValue(word);

  // the in-session flag: the always-meeting demo study hall is among the active ones in session
  await page.goto("/Courses");
  // the box follows the URL, which a router transition updates a moment after the click
  await page.getByRole("checkbox", { name: "In session now" }).click();
  await expect(page.getByRole("checkbox", { name: "In session now" })).toBeChecked();
  await expect.poll(() => params(page).get("in_session")).toBe("1");
  await expect(page.getByRole("link", { name: /Open Study Hall/ })).toBeVisible();
  await expect(table(page)).toHaveAccessibleName(/in session now/);
  // the caption follows the URL at once; the rows are the unfiltered list until the new answer lands
  await expect(table(page)).not.toHaveAttribute("aria-busy", "true");
  for (const row of await bodyRows(page).all()) await expect(row).toContainText("In session");
});

test("New course names the field at fault, then creates the course", async ({ signedInBlankPage: page }) => {
  test.slow(); // two axe passes
  const title = uniqueWord("Created");
  await page.goto("/Courses");
  await page.getByRole("button", { name: "New course" }).click();
  const dialog = page.getByRole("dialog", { name: "New course" });
  await expectNoA11yViolations(page, "New course form");

  // nothing filled: each required field says so
  await dialog.getByRole("button", { name: "Create course" }).click();
  await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription(/Title is required/);
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await expect(dialog.getByText("Pick at least one meeting day")).toBeVisible();

  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("CRN").fill("E2E1");
  await dialog.getByLabel("Start time").fill("10:00");
  await dialog.getByLabel("End time").fill("09:00");
  await dialog.getByLabel("Indefinite (no semester end)").check();
  await dialog.getByLabel("Tuesday").check();
  await dialog.getByLabel("Late after (minutes)").fill("20");
  await dialog.getByLabel("Absent after (minutes)").fill("10");
  await dialog.getByRole("button", { name: "Create course" }).click();
  await expect(dialog.getByLabel("End time")).toHaveAccessibleDescription(/End time must be after the start time/);
  await expect(dialog.getByLabel("End time")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Absent after (minutes)")).toHaveAccessibleDescription(/must be more than late after/);
  await expectNoA11yViolations(page, "New course form with errors");

  await dialog.getByLabel("End time").fill("11:15");
  await dialog.getByLabel("Absent after (minutes)").fill("30");
  await dialog.getByRole("button", { name: "Create course" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/Courses\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Tu · 10:00 AM – 11:15 AM")).toBeVisible();
});

test("archive, remove and restore ask first and move the course between states", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // three state changes, each confirmed and checked in two lists
  const course = await createCourse(api, session, uniqueWord("Archive"));
  await page.goto(`/Courses/${course.uuid}`);
  const header = page.getByRole("region", { name: course.title });

  await page.getByRole("button", { name: "Archive", exact: true }).click();
  const archive = page.getByRole("dialog", { name: "Archive course" });
  await archive.getByRole("button", { name: "No" }).click();
  await expect(archive).toBeHidden();
  await expect(header.getByText("Archived", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await archive.getByRole("button", { name: "Yes" }).click();
  await expect(header.getByText("Archived", { exact: true })).toBeVisible();

  // the archived list has it; the active one does not
  await page.goto(`/Courses?state=archived&query=${course.title}`);
  await expect(page.getByRole("link", { name: course.title })).toBeVisible();
  await page.goto(`/Courses?query=${course.title}`);
  await expect(page.getByText("No matching data")).toBeVisible();

  await page.goto(`/Courses/${course.uuid}`);
  await page.getByRole("button", { name: "Unarchive", exact: true }).click();
  await page.getByRole("dialog", { name: "Unarchive course" }).getByRole("button", { name: "Yes" }).click();
  await expect(header.getByText("Archived", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await page.getByRole("dialog", { name: "Remove course" }).getByRole("button", { name: "Yes" }).click();
  await expect(header.getByText("Removed", { exact: true })).toBeVisible();
  await page.goto(`/Courses?state=removed&query=${course.title}`);
  await expect(page.getByRole("link", { name: course.title })).toBeVisible();
  await page.getByRole("link", { name: course.title }).click();
  await page.getByRole("button", { name: "Restore" }).click();
  await page.getByRole("dialog", { name: "Restore course" }).getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("button", { name: "Remove", exact: true })).toBeVisible();
  await expect(header.getByText("Removed", { exact: true })).toHaveCount(0);
});

test("axe finds nothing on the list, desktop and phone", async ({ signedInBlankPage: page }) => {
  test.slow(); // two axe passes
  await page.goto("/Courses");
  await expect(bodyRows(page).first()).toBeVisible();
  await expectNoA11yViolations(page, "/Courses, desktop");
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole("list", { name: "Courses" })).toBeVisible();
  await expectNoA11yViolations(page, "/Courses, phone");
});

test.describe("a coach", () => {
  test.use({ role: "staff" });
  test("sees the courses assigned and no New course", async ({ signedInBlankPage: page }) => {
    await page.goto("/Courses");
    await expect(page.getByRole("link", { name: /Open Study Hall/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "New course" })).toHaveCount(0);
    await page.getByRole("link", { name: /Open Study Hall/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Open Study Hall" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Remove", exact: true })).toHaveCount(0);
    // a coach has no cancellations permission: no such tab
    await expect(page.getByRole("tab", { name: "Cancellations" })).toHaveCount(0);
  });
});
