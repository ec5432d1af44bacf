import type { Page } from "@playwright/test";
import { type ApiSession, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import type { Api } from "../support/api.ts";
import { createTeam, uniqueWord } from "../support/factories.ts";
import { typeThenDiscard } from "../support/keyboard.ts";
import { expectNoSidewaysScroll } from "../support/layout.ts";

/**
 * /Teams and /Teams/{uuid} (issue 11, Groups): the list searched through the URL, "New team"
 * naming the field at fault and asking before typed edits are thrown away, pasting school IDs
 * with one unknown, a travel created with the default 6:00-20:00 window then removed, and axe on
 * every tab (desktop and phone). The teams and students here are made here, under names no other
 * spec uses.
 */

async function createStudent(api: Api, session: ApiSession, last: string, schoolId: string) {
  const r = await api.graphql<{ createStudent: { id: number } }>(
    session.access_token,
    `mutation ($last: String!, $sid: String, $email: String) {
      createStudent(first_name: "Team", last_name: $last, school_identifier: $sid, email: $email) { id }
    }`,
    { last, sid: schoolId, email: `${schoolId.toLowerCase()}@students.demo.rollbook.test` },
  );
  return r.createStudent;
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const params = (page: Page) => new URL(page.url()).searchParams;

test("the list searches through the URL and links to the team; axe on desktop and phone", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const name = uniqueWord("Listteam");
  await createTeam(api, session, name);
  await page.goto("/Teams");
  await expect(heading(page, "Groups")).toBeVisible();
  await expect(page.getByRole("table", { name: "Teams" })).toBeVisible();
  await expectNoA11yViolations(page, "/Teams");
  await page.getByRole("searchbox", { name: "Search teams" }).fill(name);
  await expect.poll(() => params(page).get("query")).toBe(name);
  const link = page.getByRole("link", { name });
  await expect(link).toBeVisible();
  await expect(page.getByRole("table", { name: "Teams" }).locator("tbody tr")).toHaveCount(1);
  await page.reload();
  await expect(link).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(link).toBeVisible();
  await expectNoA11yViolations(page, "/Teams on a phone");
  await link.click();
  await expect(heading(page, name)).toBeVisible();
});

test("the team's tabs by keyboard pass axe on a phone", async ({ signedInBlankPage: page, api, session }) => {
  test.slow(); // three tabs, three axe passes
  const name = uniqueWord("Phoneteam");
  const team = await createTeam(api, session, name);
  const student = await createStudent(api, session, name, uniqueWord("PH").toUpperCase());
  await api.graphql(
    session.access_token,
    "mutation ($t: Int!, $s: [Int!]!) { addStudentsToTeam(team_id: $t, student_ids: $s) { changed } }",
    { t: team.id, s: [student.id] },
  );
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/Teams/${team.uuid}`);
  await expect(heading(page, name)).toBeVisible();
  await expect(page.getByRole("link", { name: `Team ${name}` })).toBeVisible();
  await expectNoA11yViolations(page, "a team's Students tab on a phone");
  // the tabs move with the arrow keys, as WAI-ARIA tabs do
  await page.getByRole("tab", { name: "Students" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Travel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("tab", { name: "Travel" })).toHaveAttribute("aria-selected", "true");
  await expectNoA11yViolations(page, "a team's Travel tab on a phone");
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
  await expectNoA11yViolations(page, "a team's Users tab on a phone");
});

test("New team names the field at fault, then creates the team", async ({ signedInBlankPage: page, api, session }) => {
  const taken = uniqueWord("Takenteam");
  await createTeam(api, session, taken);
  await page.goto("/Teams");
  await page.getByRole("button", { name: "New team" }).click();
  const dialog = page.getByRole("dialog", { name: "New team" });
  await dialog.getByRole("button", { name: "Create team" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await expectNoA11yViolations(page, "New team with a field error");
  // the server's check: the name is taken
  await dialog.getByLabel("Name").fill(taken);
  await dialog.getByRole("button", { name: "Create team" }).click();
  await expect(dialog.getByText(/^Name: the school already has a team named/)).toBeVisible();
  const name = uniqueWord("Newteam");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Tag").fill("JV");
  await dialog.getByLabel("Visibility").selectOption("public");
  await dialog.getByRole("button", { name: "Create team" }).click();
  await expect(heading(page, name)).toBeVisible();
  await expect(page).toHaveURL(/\/Teams\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name })).toContainText("Public");
});

test("New team asks before typed edits are thrown away: Escape, Keep editing, then Discard; axe on desktop and phone", async ({
  signedInBlankPage: page,
}) => {
  // three dialogs and two axe runs
  test.slow();
  await page.goto("/Teams");
  const dialog = page.getByRole("dialog", { name: "New team" });
  const question = page.getByRole("dialog", { name: "Discard changes?" });
  // nothing typed: Escape closes at once
  await page.getByRole("button", { name: "New team" }).click();
  await expect(dialog.getByLabel("Name")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(question).toBeHidden();

  const name = uniqueWord("Discardteam");
  await page.getByRole("button", { name: "New team" }).click();
  await dialog.getByLabel("Name").fill(name);
  await page.keyboard.press("Escape");
  await expect(question).toBeVisible();
  await expect(question).toContainText("Your changes to the team are not saved. Discard them?");
  await expect(question.getByRole("button", { name: "Keep editing" })).toBeFocused();
  await expectNoA11yViolations(page, "the Discard changes? question over New team");
  // Escape answers the question only: the typed name is still there, focused again
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(dialog.getByLabel("Name")).toHaveValue(name);
  await expect(dialog.getByLabel("Name")).toBeFocused();
  // the close button asks too; Keep editing returns to it
  await dialog.getByRole("button", { name: "Close" }).click();
  await question.getByRole("button", { name: "Keep editing" }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByLabel("Name")).toHaveValue(name);
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  // Discard: the dialog closes, nothing was created
  await page.keyboard.press("Escape");
  await question.getByRole("button", { name: "Discard" }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeHidden();
  // focus is back on the button that opened the dialog, not on <body> (decision 0581)
  await expect(page.getByRole("button", { name: "New team" })).toBeFocused();
  await expect(page.getByRole("link", { name })).toHaveCount(0);

  // on a phone the dialog fills the screen; the question sits over it
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "New team" }).click();
  await dialog.getByLabel("Tag").fill("JV");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(question.getByRole("button", { name: "Keep editing" })).toBeFocused();
  await expectNoA11yViolations(page, "the Discard changes? question on a phone");
  await expectNoSidewaysScroll(page, "the Discard changes? question on a phone");
  await question.getByRole("button", { name: "Discard" }).click();
  await expect(dialog).toBeHidden();
});

test("pasting school IDs adds the known students and lists the unknown one", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const team = await createTeam(api, session, uniqueWord("Pasteteam"));
  const a = uniqueWord("SIDA").toUpperCase();
  const b = uniqueWord("SIDB").toUpperCase();
  await createStudent(api, session, uniqueWord("Pastea"), a);
  await createStudent(api, session, uniqueWord("Pasteb"), b);
  const unknown = uniqueWord("NOSUCH").toUpperCase();

  await page.goto(`/Teams/${team.uuid}`);
  await expect(heading(page, team.name)).toBeVisible();
  await expect(page.getByRole("tab", { name: "Students", selected: true })).toBeVisible();
  await expect(page.getByText("No students on this team yet")).toBeVisible();
  await page.getByRole("button", { name: "Paste school IDs" }).click();
  const dialog = page.getByRole("dialog", { name: /Paste school IDs/ });
  await dialog.getByRole("button", { name: "Add to team" }).click();
  await expect(dialog.getByText("School IDs: paste at least one school ID")).toBeVisible();
  await dialog.getByLabel("School IDs").fill(`${a}\n${unknown}, ${b.toLowerCase()}`);
  await expect(dialog.getByText("3 school IDs")).toBeVisible();
  await dialog.getByRole("button", { name: "Add to team" }).click();
  await expect(dialog.getByText("2 students added. 1 school ID matched nobody:")).toBeVisible();
  await expect(dialog.getByRole("list", { name: "School IDs that matched nobody" })).toHaveText(unknown);
  await expectNoA11yViolations(page, "the paste result");
  await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(page.getByRole("table", { name: `Students of ${team.name}` }).locator("tbody tr")).toHaveCount(2);
  await expectNoA11yViolations(page, "the Students tab");
});

test("a travel starts at 6:00 and ends at 20:00 of the day by default, and is removed after a confirm", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const team = await createTeam(api, session, uniqueWord("Travelteam"));
  const sid = uniqueWord("SIDT").toUpperCase();
  const s = await createStudent(api, session, uniqueWord("Traveller"), sid);
  await api.graphql(
    session.access_token,
    `mutation ($id: Int!, $ids: [Int!]!) { attachStudents(attachable_type: "team", attachable_id: $id, student_ids: $ids) { changed } }`,
    { id: team.id, ids: [s.id] },
  );

  await page.goto(`/Teams/${team.uuid}?tab=travel`);
  await expect(page.getByRole("tab", { name: "Travel", selected: true })).toBeVisible();
  await expect(page.getByText("No travel yet.")).toBeVisible();
  await expectNoA11yViolations(page, "the Travel tab");
  await page.getByRole("button", { name: "New travel" }).click();
  const dialog = page.getByRole("dialog", { name: "New travel" });
  await expect(dialog.getByLabel("Start time")).toHaveValue("06:00");
  await expect(dialog.getByLabel("End time")).toHaveValue("20:00");
  await expect(dialog.getByRole("checkbox", { name: "Whole team" })).toBeChecked();
  await expectNoA11yViolations(page, "the New travel dialog");
  // an end before the start is refused, naming the field
  await dialog.getByLabel("End time").fill("05:00");
  await dialog.getByRole("button", { name: "Create travel" }).click();
  await expect(dialog.getByText("End must be after the start")).toBeVisible();
  await dialog.getByLabel("End time").fill("20:00");
  await dialog.getByLabel("Notes").fill("Away game");
  await dialog.getByRole("button", { name: "Create travel" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("travel-table").locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("6:00 AM");
  await expect(row).toContainText("8:00 PM");
  await expect(row).toContainText("Away game");
  await expect(row).toContainText("1");

  await row.getByRole("button", { name: /^Remove the travel/ }).click();
  const confirm = page.getByRole("dialog", { name: "Remove travel" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "No" }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: /^Remove the travel/ }).click();
  await page.getByRole("dialog", { name: "Remove travel" }).getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("No travel yet.")).toBeVisible();
});

test("New travel, a dialog the page stops rendering when it closes: Discard gives focus back to New travel", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const team = await createTeam(api, session, uniqueWord("Focusteam"));
  await page.goto(`/Teams/${team.uuid}?tab=travel`);
  const opener = page.getByRole("button", { name: "New travel" });
  const dialog = page.getByRole("dialog", { name: "New travel" });
  const question = page.getByRole("dialog", { name: "Discard changes?" });
  await typeThenDiscard(page, opener, dialog, "Notes", "Bus at 7");

  // and by mouse, through the close button
  await opener.click();
  await dialog.getByLabel("Notes").fill("Bus at 8");
  await dialog.getByRole("button", { name: "Close" }).click();
  await question.getByRole("button", { name: "Discard" }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the Users tab lists the staff and assigns one; axe; a professor gets no New team", async ({
  signedInBlankPage: page,
  api,
  session,
  signIn,
  browser,
}) => {
  const team = await createTeam(api, session, uniqueWord("Usersteam"));
  await page.goto(`/Teams/${team.uuid}?tab=users`);
  await expect(page.getByRole("tab", { name: "Users", selected: true })).toBeVisible();
  await expect(page.getByText("No staff assigned yet.")).toBeVisible();
  await page.getByRole("button", { name: "Assign staff" }).click();
  const dialog = page.getByRole("dialog", { name: /Assign staff/ });
  const select = dialog.getByLabel("Staff member");
  await expect(select.locator("option").nth(1)).toBeAttached();
  const label = await select.locator("option").nth(1).textContent();
  await select.selectOption({ index: 1 });
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(dialog).toBeHidden();
  const staffName = (label ?? "").replace(/ \(.*\)$/, "");
  await expect(page.getByRole("table", { name: `Staff assigned to ${team.name}` })).toContainText(staffName);
  await expectNoA11yViolations(page, "the Users tab");

  // a professor (judge) may not run teams: no New team, no Travel tab
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn("judge", other);
  await other.goto("/Teams");
  await expect(heading(other, "Groups")).toBeVisible();
  await expect(other.getByRole("button", { name: "New team" })).toHaveCount(0);
  await context.close();
});
