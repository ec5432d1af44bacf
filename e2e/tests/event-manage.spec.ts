import type { Page } from "@playwright/test";
import { type ApiSession, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import type { Api } from "../support/api.ts";
import { createStudents, dayFromNow, fact, type MadeStudent, uniqueWord } from "../support/factories.ts";

/**
 * /Events/{uuid} managed (issue 11, Singular): "Edit" refuses a capacity below the students
 * attending on the Capacity field, then saves a new title and capacity; "Remove" asks first,
 * the list's Removed state shows the event and "Restore" (asked first) brings it back; "Add a
 * team" on the Students tab signs up every student of a team and lists them. Axe on the edit
 * form, its error, the removed event, the Removed list and the Add a team dialog. The events,
 * teams and students here are made here, under names no other spec uses.
 */

interface Created {
  id: number;
  uuid: string;
  title: string;
}

type Student = MadeStudent;

async function createEvent(api: Api, session: ApiSession, title: string, capacity: number | null) {
  const r = await api.graphql<{ createEvent: Created }>(
    session.access_token,
    `mutation ($title: String!, $date: String!, $capacity: Int) {
      createEvent(title: $title, date: $date, start_time: "10:00", end_time: "11:30", capacity: $capacity) { id uuid title }
    }`,
    { title, date: dayFromNow(9), capacity },
  );
  return r.createEvent;
}

const nameOf = (s: Student) => `${s.first_name} ${s.last_name}`;
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

test("Edit refuses a capacity below the students attending on its field, then saves title and capacity", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // two axe passes and a reload
  const event = await createEvent(api, session, uniqueWord("Editevent"), 3);
  const students = await createStudents(api, session, uniqueWord("Seated"), ["Ana", "Ben"]);
  await api.graphql(
    session.access_token,
    "mutation ($e: Int!, $s: [Int!]!) { addStudentsToEvent(event_id: $e, student_ids: $s) { changed } }",
    { e: event.id, s: students.map((s) => s.id) },
  );

  await page.goto(`/Events/${event.uuid}`);
  await expect(heading(page, event.title)).toBeVisible();
  await expect(fact(page.getByRole("region", { name: event.title }), "Seats")).toHaveText("1 of 3 seats left");

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${event.title}` });
  await expect(dialog.getByLabel("Title")).toHaveValue(event.title);
  await expect(dialog.getByLabel("Capacity")).toHaveValue("3");
  await expect(dialog.getByLabel("Start time")).toHaveValue("10:00");
  await expectNoA11yViolations(page, "the Edit event form");

  // two students hold a seat: one seat is too few, said on the Capacity field
  const capacity = dialog.getByLabel("Capacity");
  await capacity.fill("1");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(capacity).toHaveAccessibleDescription(/Capacity must be at least 2: that many students are attending/);
  await expect(capacity).toHaveAttribute("aria-invalid", "true");
  await expect(capacity).toBeFocused();
  await expect(dialog.getByLabel("Title")).not.toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page, "the Edit event form with a capacity error");

  const title = uniqueWord("Renamedevent");
  await dialog.getByLabel("Title").fill(title);
  await capacity.fill("5");
  await dialog.getByRole("checkbox", { name: "Required" }).check();
  await expect(capacity).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${title} was saved.`)).toBeVisible();
  await expect(heading(page, title)).toBeVisible();

  await page.reload();
  await expect(heading(page, title)).toBeVisible();
  const header = page.getByRole("region", { name: title });
  await expect(fact(header, "Seats")).toHaveText("3 of 5 seats left");
  await expect(fact(header, "Times")).toHaveText("10:00 AM – 11:30 AM");
  await page.getByRole("tab", { name: "Students" }).click();
  const attending = page.getByRole("table", { name: `2 students attending ${title}` });
  for (const s of students) await expect(attending.getByRole("link", { name: nameOf(s) })).toBeVisible();

  // the stored "Required" shows in the form and can be taken back
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const again = page.getByRole("dialog", { name: `Edit ${title}` });
  await expect(again.getByRole("checkbox", { name: "Required" })).toBeChecked();
  await again.getByRole("checkbox", { name: "Required" }).uncheck();
  await again.getByRole("button", { name: "Save" }).click();
  await expect(again).toBeHidden();
  await page.reload();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(
    page.getByRole("dialog", { name: `Edit ${title}` }).getByRole("checkbox", { name: "Required" }),
  ).not.toBeChecked();
});

test("Remove asks first; the Removed list shows the event; Restore asks first and brings it back", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // three lists, two confirms and three axe passes
  const event = await createEvent(api, session, uniqueWord("Removeevent"), 10);
  await page.goto(`/Events/${event.uuid}`);
  await expect(heading(page, event.title)).toBeVisible();
  const header = page.getByRole("region", { name: event.title });
  const removedBadge = header.getByText("Removed", { exact: true });

  // No leaves it as it was
  await header.getByRole("button", { name: "Remove", exact: true }).click();
  const confirmRemove = page.getByRole("dialog", { name: "Remove event" });
  await expect(confirmRemove).toContainText(`Remove ${event.title}?`);
  await confirmRemove.getByRole("button", { name: "No" }).click();
  await expect(confirmRemove).toBeHidden();
  await expect(removedBadge).toHaveCount(0);
  await expect(header.getByRole("button", { name: "Edit", exact: true })).toBeVisible();

  await header.getByRole("button", { name: "Remove", exact: true }).click();
  await confirmRemove.getByRole("button", { name: "Yes" }).click();
  await expect(confirmRemove).toBeHidden();
  await expect(removedBadge).toBeVisible();
  await expect(page.getByText(`${event.title} was removed.`)).toBeVisible();
  // a removed event is read-only: no Edit, no Remove, only Restore
  await expect(header.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(header.getByRole("button", { name: "Remove", exact: true })).toHaveCount(0);
  await expect(header.getByRole("button", { name: "Restore" })).toBeVisible();
  await expectNoA11yViolations(page, "a removed event");

  // it left the upcoming list for the Removed one
  await page.goto(`/Events?query=${event.title}`);
  await expect(page.getByRole("table", { name: "Upcoming events" })).toContainText("No matching data");
  await page.getByLabel("State").selectOption("removed");
  await expect.poll(() => new URL(page.url()).searchParams.get("state")).toBe("removed");
  const removedList = page.getByRole("table", { name: "Removed events" });
  await expect(removedList.locator("tbody tr")).toHaveCount(1);
  await expect(removedList.getByRole("link", { name: event.title })).toBeVisible();
  await expectNoA11yViolations(page, "/Events, Removed");

  await removedList.getByRole("link", { name: event.title }).click();
  await expect(heading(page, event.title)).toBeVisible();
  await header.getByRole("button", { name: "Restore" }).click();
  const confirmRestore = page.getByRole("dialog", { name: "Restore event" });
  await expect(confirmRestore).toContainText(`Restore ${event.title}?`);
  await confirmRestore.getByRole("button", { name: "Yes" }).click();
  await expect(header.getByRole("button", { name: "Remove", exact: true })).toBeVisible();
  await expect(removedBadge).toHaveCount(0);
  await expect(header.getByRole("button", { name: "Edit", exact: true })).toBeVisible();

  await page.goto(`/Events?query=${event.title}`);
  await expect(
    page.getByRole("table", { name: "Upcoming events" }).getByRole("link", { name: event.title }),
  ).toBeVisible();
  await page.goto(`/Events?state=removed&query=${event.title}`);
  await expect(page.getByRole("table", { name: "Removed events" })).toContainText("No matching data");
});

test("Add a team signs up every student of the team and lists them", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // a team and three students set up, one axe pass
  const event = await createEvent(api, session, uniqueWord("Teamevent"), 10);
  const { createTeam: team } = await api.graphql<{ createTeam: { id: number; name: string } }>(
    session.access_token,
    `mutation ($name: String!) { createTeam(name: $name, tag: "E2E") { id name } }`,
    { name: uniqueWord("Eventteam") },
  );
  const students = await createStudents(api, session, uniqueWord("Teammate"), ["Cleo", "Dov", "Eli"]);
  await api.graphql(
    session.access_token,
    "mutation ($t: Int!, $s: [Int!]!) { addStudentsToTeam(team_id: $t, student_ids: $s) { changed } }",
    { t: team.id, s: students.map((s) => s.id) },
  );

  await page.goto(`/Events/${event.uuid}?tab=students`);
  await expect(page.getByRole("tab", { name: "Students", selected: true })).toBeVisible();
  await expect(page.getByText("No students attending yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add a team" }).click();
  const dialog = page.getByRole("dialog", { name: `Add a team to ${event.title}` });
  const select = dialog.getByRole("combobox", { name: "Team" });
  // nothing picked: said on the field
  await dialog.getByRole("button", { name: "Add team" }).click();
  await expect(dialog.getByText("Team is required")).toBeVisible();
  await expect(select).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page, "the Add a team dialog with its error");

  // the teams list is searched on the server: any of the school's teams can be found
  await select.fill(team.name);
  await page.getByRole("option", { name: team.name, exact: true }).click();
  await expect(select).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Add team" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`3 students of ${team.name} added to ${event.title}.`)).toBeVisible();
  const attending = page.getByRole("table", { name: `3 students attending ${event.title}` });
  await expect(attending.locator("tbody tr")).toHaveCount(3);
  for (const s of students) await expect(attending.getByRole("link", { name: nameOf(s) })).toBeVisible();
  await expect(fact(page.getByRole("region", { name: event.title }), "Seats")).toHaveText("7 of 10 seats left");

  // the same team again: nobody new
  await page.getByRole("button", { name: "Add a team" }).click();
  await select.fill(team.name);
  await page.getByRole("option", { name: team.name, exact: true }).click();
  await dialog.getByRole("button", { name: "Add team" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Everyone of ${team.name} was already on ${event.title}.`)).toBeVisible();
  await expect(attending.locator("tbody tr")).toHaveCount(3);
});
