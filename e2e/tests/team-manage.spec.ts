import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { createStudents, createTeam, fact, type MadeStudent, uniqueWord } from "../support/factories.ts";

/**
 * /Teams/{uuid} managed (issue 11, Groups): "Edit" names the field at fault, then saves a new
 * name and tag; "Remove" and "Restore" ask first and move the team between the list's states;
 * students are added through the picker and one is taken off after a confirm; an existing
 * travel is edited (notes, away), an end before the start refused on the End field. Axe on the
 * edit form and its errors, a removed team, the Removed list, the Students tab with a row
 * selected and the Edit travel dialog. The teams and students here are made here, under names no
 * other spec uses.
 */

type Student = MadeStudent;

const nameOf = (s: Student) => `${s.first_name} ${s.last_name}`;
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

test("Edit names the field at fault and saves name and tag; Remove and Restore ask first", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // a form with errors, two confirms, two lists and four axe passes
  const team = await createTeam(api, session, uniqueWord("Editteam"));
  await page.goto(`/Teams/${team.uuid}`);
  await expect(heading(page, team.name)).toBeVisible();
  await expect(fact(page.getByRole("region", { name: team.name }), "Tag")).toHaveText("E2E");

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${team.name}` });
  await expect(dialog.getByLabel("Name")).toHaveValue(team.name);
  await expect(dialog.getByLabel("Tag")).toHaveValue("E2E");
  await expect(dialog.getByLabel("Sport team")).toBeChecked();
  await expectNoA11yViolations(page, "the Edit team form");

  // no name and too long a tag: each said on its own field, the first focused
  await dialog.getByLabel("Name").fill("");
  await dialog.getByLabel("Tag").fill("A tag far longer than twenty");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription(/Name is required/);
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await expect(dialog.getByLabel("Tag")).toHaveAccessibleDescription(/Tag must be at most 20 characters/);
  await expect(dialog.getByLabel("Tag")).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page, "the Edit team form with errors");

  const name = uniqueWord("Renamedteam");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Tag").fill("Varsity");
  await expect(dialog.getByLabel("Tag")).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name} was saved.`)).toBeVisible();
  await page.reload();
  await expect(heading(page, name)).toBeVisible();
  const header = page.getByRole("region", { name });
  await expect(fact(header, "Tag")).toHaveText("Varsity");
  await expect(fact(header, "Sport team")).toHaveText("Yes");

  // Remove: No leaves it; Yes marks it removed and read-only
  const removedBadge = header.getByText("Removed", { exact: true });
  await header.getByRole("button", { name: "Remove", exact: true }).click();
  const confirmRemove = page.getByRole("dialog", { name: "Remove team" });
  await expect(confirmRemove).toContainText(`Remove ${name}?`);
  await confirmRemove.getByRole("button", { name: "No" }).click();
  await expect(confirmRemove).toBeHidden();
  await expect(removedBadge).toHaveCount(0);
  await header.getByRole("button", { name: "Remove", exact: true }).click();
  await confirmRemove.getByRole("button", { name: "Yes" }).click();
  await expect(removedBadge).toBeVisible();
  await expect(header.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add students" })).toHaveCount(0);
  await expectNoA11yViolations(page, "a removed team");

  await page.goto(`/Teams?query=${name}`);
  await expect(page.getByRole("table", { name: "Teams" })).toContainText("No matching data");
  await page.getByLabel("State").selectOption("removed");
  await expect.poll(() => new URL(page.url()).searchParams.get("state")).toBe("removed");
  const removedList = page.getByRole("table", { name: "Removed teams" });
  await expect(removedList.locator("tbody tr")).toHaveCount(1);
  await expect(removedList.getByRole("link", { name })).toBeVisible();
  await expectNoA11yViolations(page, "/Teams, Removed");

  await removedList.getByRole("link", { name }).click();
  await expect(heading(page, name)).toBeVisible();
  await header.getByRole("button", { name: "Restore" }).click();
  const confirmRestore = page.getByRole("dialog", { name: "Restore team" });
  await expect(confirmRestore).toContainText(`Restore ${name}?`);
  await confirmRestore.getByRole("button", { name: "Yes" }).click();
  await expect(header.getByRole("button", { name: "Remove", exact: true })).toBeVisible();
  await expect(removedBadge).toHaveCount(0);
  await page.goto(`/Teams?query=${name}`);
  await expect(page.getByRole("table", { name: "Teams" }).getByRole("link", { name })).toBeVisible();
});

test("students are added through the picker and one is taken off after a confirm", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // three students set up, a picker, a confirm and an axe pass
  const team = await createTeam(api, session, uniqueWord("Pickteam"));
  const last = uniqueWord("Picked");
  const [ada, bo, cy] = (await createStudents(api, session, last, ["Ada", "Bo", "Cy"])) as [Student, Student, Student];

  await page.goto(`/Teams/${team.uuid}`);
  await expect(page.getByRole("tab", { name: "Students", selected: true })).toBeVisible();
  await expect(page.getByText("No students on this team yet")).toBeVisible();
  await page.getByRole("button", { name: "Add students" }).click();
  const dialog = page.getByRole("dialog", { name: `Add students to ${team.name}` });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog.getByText("Pick at least one student")).toBeVisible();
  await dialog.getByLabel("Find participants").fill(last);
  for (const s of [ada, bo, cy]) await dialog.getByRole("checkbox", { name: nameOf(s) }).check();
  await expect(dialog.getByText(`Picked: ${nameOf(ada)}, ${nameOf(bo)}, ${nameOf(cy)}`)).toBeVisible();
  await dialog.getByRole("button", { name: "Add 3 students" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`3 students added to ${team.name}.`)).toBeVisible();
  const grid = page.getByRole("table", { name: `Students of ${team.name}` });
  await expect(grid.locator("tbody tr")).toHaveCount(3);
  await expect(fact(page.getByRole("region", { name: team.name }), "Students")).toHaveText("3");

  // one selected and taken off: No keeps them, Yes takes only that one off
  await grid.getByLabel(`Select ${nameOf(bo)}`).check();
  const removeButton = page.getByRole("button", { name: "Remove from team" });
  await expect(removeButton).toBeEnabled();
  await expectNoA11yViolations(page, "the team's Students tab with a row selected");
  await removeButton.click();
  const confirm = page.getByRole("dialog", { name: "Remove from team" });
  await expect(confirm).toContainText(`Take 1 student off ${team.name}?`);
  await confirm.getByRole("button", { name: "No" }).click();
  await expect(confirm).toBeHidden();
  await expect(grid.locator("tbody tr")).toHaveCount(3);
  await removeButton.click();
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText(`1 student taken off ${team.name}.`)).toBeVisible();
  await expect(grid.locator("tbody tr")).toHaveCount(2);
  await expect(grid).not.toContainText(nameOf(bo));
  await expect(grid).toContainText(nameOf(ada));
  await expect(grid).toContainText(nameOf(cy));
  await expect(fact(page.getByRole("region", { name: team.name }), "Students")).toHaveText("2");
});

test("an existing travel is edited: notes and away change in the table", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // a team, a student and a travel set up, one axe pass, a reload
  const team = await createTeam(api, session, uniqueWord("Tripteam"));
  const [traveller] = (await createStudents(api, session, uniqueWord("Tripper"), ["Flo"])) as [Student];
  await api.graphql(
    session.access_token,
    "mutation ($t: Int!, $s: [Int!]!) { addStudentsToTeam(team_id: $t, student_ids: $s) { changed } }",
    { t: team.id, s: [traveller.id] },
  );
  // today's default window (6:00 to 20:00 in the school's zone), away
  await api.graphql(
    session.access_token,
    `mutation ($t: Int!, $s: [Int!]) { createTravel(team_id: $t, notes: "Bus to the regionals", student_ids: $s) { id } }`,
    { t: team.id, s: [traveller.id] },
  );

  await page.goto(`/Teams/${team.uuid}?tab=travel`);
  await expect(page.getByRole("tab", { name: "Travel", selected: true })).toBeVisible();
  const row = page.getByRole("table", { name: `Travel of ${team.name}, newest first` }).locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Bus to the regionals");
  await expect(row.getByRole("cell").first()).toHaveText("Away");

  await row.getByRole("button", { name: /^Edit the travel of/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit travel" });
  await expect(dialog.getByLabel("Notes")).toHaveValue("Bus to the regionals");
  await expect(dialog.getByLabel("Start time")).toHaveValue("06:00");
  await expect(dialog.getByLabel("End time")).toHaveValue("20:00");
  await expect(dialog.getByRole("checkbox", { name: /^Away/ })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: nameOf(traveller) })).toBeChecked();
  await expectNoA11yViolations(page, "the Edit travel dialog");

  // an end before the start is refused, said on the End day
  await dialog.getByLabel("End time").fill("05:00");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("End must be after the start")).toBeVisible();
  await expect(dialog.getByLabel("End day", { exact: true })).toHaveAccessibleDescription(
    /End must be after the start/,
  );
  await dialog.getByLabel("End time").fill("21:30");
  await expect(dialog.getByText("End must be after the start")).toHaveCount(0);

  await dialog.getByLabel("Notes").fill("Bus to the regionals, back late");
  await dialog.getByRole("checkbox", { name: /^Away/ }).uncheck();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("The travel was saved.")).toBeVisible();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Bus to the regionals, back late");
  await expect(row.getByRole("cell").first()).toHaveText("Not away");
  await expect(row).toContainText("9:30 PM");

  await page.reload();
  await expect(row).toContainText("Bus to the regionals, back late");
  await expect(row.getByRole("cell").first()).toHaveText("Not away");
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
});
