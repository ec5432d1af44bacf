import type { Page } from "@playwright/test";
import { type ApiSession, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import type { Api } from "../support/api.ts";
import { dayFromNow, uniqueWord } from "../support/factories.ts";

/**
 * /Events and /Events/{uuid} (issue 11, Singular): the list searched through the URL, "New
 * event" naming the field at fault, a student added past the capacity goes on the waitlist,
 * "Move up" disabled while full and the waitlist moving up once the capacity is raised, the
 * rotating scan code shown, and axe on every tab. The events and students here are made here.
 */

interface Created {
  id: number;
  uuid: string;
  title: string;
}

async function createEvent(api: Api, session: ApiSession, title: string, extra: Record<string, unknown> = {}) {
  const r = await api.graphql<{ createEvent: Created }>(
    session.access_token,
    `mutation ($title: String!, $date: String!, $capacity: Int, $visibility: String) {
      createEvent(title: $title, date: $date, start_time: "10:00", end_time: "11:30", capacity: $capacity, visibility: $visibility) { id uuid title }
    }`,
    { title, date: dayFromNow(7), ...extra },
  );
  return r.createEvent;
}

async function createStudent(api: Api, session: ApiSession, last: string) {
  const r = await api.graphql<{ createStudent: { id: number } }>(
    session.access_token,
    `mutation ($last: String!) { createStudent(first_name: "Event", last_name: $last) { id } }`,
    { last },
  );
  return r.createStudent;
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const params = (page: Page) => new URL(page.url()).searchParams;

test("the list searches through the URL and links to the event; axe on desktop and phone", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const title = uniqueWord("Listevent");
  await createEvent(api, session, title, { capacity: 20 });
  await page.goto("/Events");
  await expect(heading(page, "Singular")).toBeVisible();
  await expect(page.getByRole("table", { name: "Upcoming events" })).toBeVisible();
  await expectNoA11yViolations(page, "/Events");
  await page.getByRole("searchbox", { name: "Search events" }).fill(title);
  await expect.poll(() => params(page).get("query")).toBe(title);
  const rows = page.getByRole("table", { name: "Upcoming events" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("10:00 AM – 11:30 AM");
  await page.getByLabel("State").selectOption("past");
  await expect.poll(() => params(page).get("state")).toBe("past");
  await expect(page.getByRole("table", { name: "Past events" })).toContainText("No matching data");
  await page.getByLabel("State").selectOption("upcoming");
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expectNoA11yViolations(page, "/Events on a phone");
  await page.getByRole("link", { name: title }).click();
  await expect(heading(page, title)).toBeVisible();
});

test("New event names the field at fault, then creates the event", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const title = uniqueWord("Newevent");
  // a location no course uses yet is offered too (decision 0702)
  const place = uniqueWord("Fieldhouse");
  await api.graphql(session.access_token, "mutation ($n: String!) { createLocation(name: $n) { id } }", { n: place });
  await page.goto("/Events");
  await page.getByRole("button", { name: "New event" }).click();
  const dialog = page.getByRole("dialog", { name: "New event" });
  await expect(dialog.getByLabel("Drop cutoff (minutes)")).toHaveValue("240");
  await dialog.getByRole("button", { name: "Create event" }).click();
  await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription(/Title is required/);
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await expect(dialog.getByText("Date is required")).toBeVisible();

  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Choose Date in the calendar" }).click();
  await page.getByRole("button", { name: /^15 / }).first().click();
  await dialog.getByLabel("Start time").fill("14:00");
  await dialog.getByLabel("End time").fill("13:00");
  await dialog.getByLabel("Capacity").fill("0");
  await dialog.getByRole("button", { name: "Create event" }).click();
  await expect(dialog.getByLabel("End time")).toHaveAccessibleDescription(/End time must be after the start time/);
  await expect(dialog.getByLabel("Capacity")).toHaveAccessibleDescription(/Capacity must be a whole number/);
  await expectNoA11yViolations(page, "New event with errors");

  await dialog.getByLabel("End time").fill("15:30");
  await dialog.getByLabel("Capacity").fill("25");
  await dialog.getByLabel("Visibility").selectOption("public");
  await dialog.getByLabel("Location").selectOption({ label: place });
  await dialog.getByRole("button", { name: "Create event" }).click();
  await expect(heading(page, title)).toBeVisible();
  await expect(page).toHaveURL(/\/Events\/[0-9a-f-]{36}$/);
  const header = page.getByRole("region", { name: title });
  await expect(header).toContainText("2:00 PM – 3:30 PM");
  await expect(header).toContainText("Public");
  await expect(header).toContainText(place);
  await expect(header.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expect(header).toContainText("/EventSignup/");
});

test("past the capacity a student joins the waitlist; raising the capacity moves them up", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const event = await createEvent(api, session, uniqueWord("Seatevent"), { capacity: 1 });
  const word = uniqueWord("Seat");
  await createStudent(api, session, `${word}a`);
  await createStudent(api, session, `${word}b`);

  await page.goto(`/Events/${event.uuid}?tab=students`);
  await expect(page.getByRole("tab", { name: "Students", selected: true })).toBeVisible();
  await expect(page.getByText("No students attending yet.")).toBeVisible();
  await expectNoA11yViolations(page, "the Students tab, empty");
  await page.getByRole("button", { name: "Add students" }).click();
  const dialog = page.getByRole("dialog", { name: /Add students/ });
  await expect(dialog).toContainText("0 of 1 seats taken");
  await dialog.getByLabel("Find participants").fill(word);
  await dialog.getByRole("checkbox", { name: new RegExp(`${word}a`) }).check();
  await dialog.getByRole("checkbox", { name: new RegExp(`${word}b`) }).check();
  await dialog.getByRole("button", { name: "Add 2 students" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("1 student got a seat; 1 student joined the waitlist.")).toBeVisible();
  await expect(page.getByRole("table", { name: /1 student attending/ })).toContainText(`${word}a`);
  await expectNoA11yViolations(page, "the Students tab");

  await page.getByRole("tab", { name: /^Waitlist/ }).click();
  const waitlist = page.getByRole("table", { name: /^Waitlist of/ });
  await expect(waitlist.locator("tbody tr")).toHaveCount(1);
  await expect(waitlist.locator("tbody tr")).toContainText(`${word}b`);
  await expect(waitlist.locator("tbody tr td").first()).toHaveText("1");
  // disabled while full, described by the line that says why
  const moveUp = page.getByRole("button", { name: new RegExp(`^Move up .*${word}b`) });
  await expect(moveUp).toBeDisabled();
  await expect(moveUp).toHaveAccessibleDescription("Full (1 of 1). Raise the capacity to move someone up.");
  await expectNoA11yViolations(page, "the Waitlist tab of a full event");

  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${event.title}` });
  await edit.getByLabel("Capacity").fill("2");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText("Nobody is waiting.")).toBeVisible();
  await page.getByRole("tab", { name: "Students" }).click();
  await expect(page.getByRole("table", { name: /2 students attending/ })).toContainText(`${word}b`);
});

test("the dashboard shows the scan code large, with a full screen button; axe on every tab", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const event = await createEvent(api, session, uniqueWord("Scanevent"), { capacity: 5 });
  await page.goto(`/Events/${event.uuid}`);
  await expect(heading(page, event.title)).toBeVisible();
  await expect(page.getByRole("tab", { name: "Dashboard", selected: true })).toBeVisible();
  const qr = page.getByRole("img", { name: `Scan code for ${event.title}; students scan it with the check-in app` });
  await expect(qr).toBeVisible();
  await expect(qr.locator("svg")).toBeVisible();
  const box = await qr.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(250);
  await expect(page.getByRole("button", { name: "Full screen" })).toBeVisible();
  await expect(page.getByText("The event is not in progress.")).toBeVisible();
  await expectNoA11yViolations(page, "the Dashboard tab");
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page.getByRole("region", { name: "Assigned staff" })).toBeVisible();
  await expectNoA11yViolations(page, "the Users tab");
  await page.getByRole("tab", { name: /^Waitlist/ }).click();
  await expect(page.getByText("Nobody is waiting.")).toBeVisible();
  await expectNoA11yViolations(page, "the Waitlist tab");
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole("tab", { name: "Dashboard" }).click();
  await expect(qr).toBeVisible();
  await expectNoA11yViolations(page, "the Dashboard tab on a phone");
});
