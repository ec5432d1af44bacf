import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures.ts";
import { createStudents, type MadeStudent, uniqueWord } from "../support/factories.ts";
import { typeThenDiscard } from "../support/keyboard.ts";

/**
 * /Students (issue 10 screen 1): the URL keeps paging, sorting, search and filter; bulk actions
 * ask first and change only on Yes; a role without a permission does not see its action; the
 * create form names the missing field; the CSV holds every row of the filter; a change made
 * elsewhere shows in the open list without a reload, keeping the selection. Specs share one
 * server: the students changed here are created here, under a last name no one else uses (two
 * of them join the demo course Economics, which no other spec reads).
 */

type Created = MadeStudent;

const table = (page: Page) => page.getByRole("table", { name: /participants/i });
const bodyRows = (page: Page) => table(page).locator("tbody tr");
const params = (page: Page) => new URL(page.url()).searchParams;

async function openList(page: Page, query = "") {
  await page.goto(`/Students${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Participants" })).toBeVisible();
}

test("paging, page size and sorting stay in the URL and survive a reload", async ({ signedInBlankPage: page }) => {
  // the demo school's own students only: other specs add students (to the same server) whose
  // e-mails would move the rows of a page between its two reads
  await openList(page, "?query=students.demo");
  await expect(bodyRows(page)).toHaveCount(25);
  await page.getByRole("navigation", { name: "Participants pages" }).getByRole("button", { name: "Page 2" }).click();
  await expect.poll(() => params(page).get("page")).toBe("2");
  await page
    .getByRole("columnheader", { name: /E-mail/ })
    .getByRole("button")
    .click();
  await page
    .getByRole("columnheader", { name: /E-mail/ })
    .getByRole("button")
    .click();
  await expect.poll(() => params(page).get("sort_dir")).toBe("desc");
  expect(params(page).get("sort_by")).toBe("email");
  expect(params(page).get("page")).toBe("1");
  await page.getByLabel("Rows per page").selectOption("50");
  // the pager sits under the table: once 50 rows are drawn it has moved down, and a click aimed
  // while they were being drawn lands on a row instead (seen on a loaded machine)
  await expect(bodyRows(page)).toHaveCount(50);
  await page.getByRole("navigation", { name: "Participants pages" }).getByRole("button", { name: "Page 2" }).click();
  await expect.poll(() => params(page).get("page")).toBe("2");
  await expect(page.getByText(/^51–100 of [\d,]+$/)).toBeVisible();
  await expect(table(page)).not.toHaveAttribute("aria-busy", "true");
  const firstEmail = await bodyRows(page).first().locator("td").nth(2).textContent();

  await page.reload();
  await expect(bodyRows(page)).toHaveCount(50);
  expect(Object.fromEntries(params(page))).toMatchObject({
    query: "students.demo",
    page: "2",
    per_page: "50",
    sort_by: "email",
    sort_dir: "desc",
  });
  await expect(page.getByRole("columnheader", { name: /E-mail/ })).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByLabel("Rows per page")).toHaveValue("50");
  await expect(page.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(bodyRows(page).first().locator("td").nth(2)).toHaveText(firstEmail ?? "");
  // e-mails descend down the page
  const emails = await bodyRows(page).locator("td:nth-child(3)").allTextContents();
  expect(emails).toEqual([...emails].sort((a, b) => b.localeCompare(a, "en", { sensitivity: "base" })));
});

test("search (debounced) and the course filter stay in the URL, start at page 1 and survive a reload", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const last = uniqueWord("Find");
  const made = await createStudents(api, session, last, ["Ann", "Bob", "Cy"]);
  await openList(page, "?page=3");
  await page.getByRole("searchbox", { name: "Search participants" }).fill(last.toLowerCase());
  await expect.poll(() => params(page).get("query")).toBe(last.toLowerCase());
  expect(params(page).get("page")).toBe("1");
  await expect(bodyRows(page)).toHaveCount(3);

  // put two of them on a course through the page, then filter by it
  await page.getByRole("checkbox", { name: `Select Ann ${last}` }).check();
  await page.getByRole("checkbox", { name: `Select Bob ${last}` }).check();
  await page.getByRole("button", { name: "Add to…" }).click();
  await page.getByRole("menuitem", { name: "Add to a course" }).click();
  const pick = page.getByRole("dialog", { name: "Add to a course" });
  await pick.getByRole("combobox", { name: "Course" }).fill("Economics");
  await page.getByRole("option", { name: "Economics", exact: true }).click();
  await pick.getByRole("button", { name: "Add" }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText("Add 2 participants to the course Economics?");
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("Added 2 participants to Economics.")).toBeVisible();

  await page.getByLabel("Filter by").selectOption("course");
  await page.getByRole("combobox", { name: "Course" }).fill("Economics");
  await page.getByRole("option", { name: "Economics", exact: true }).click();
  await expect.poll(() => params(page).get("relation")).toBe("course");
  expect(params(page).get("relation_uuid")).toMatch(/^[0-9a-f-]{36}$/);
  await expect(bodyRows(page)).toHaveCount(2);

  await page.reload();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByRole("searchbox", { name: "Search participants" })).toHaveValue(last.toLowerCase());
  await expect(page.getByLabel("Filter by")).toHaveValue("course");
  await expect(page.getByRole("combobox", { name: "Course" })).toHaveValue("Economics");
  await expect(table(page).getByRole("link", { name: `Cy ${last}` })).toHaveCount(0);
  await expect(table(page).getByRole("link", { name: `Ann ${last}` })).toHaveAttribute(
    "href",
    `/Students/${made[0]?.uuid}`,
  );
});

test("adds the selection to a team and to an event, then filters the list by each", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const last = uniqueWord("Group");
  await createStudents(api, session, last, ["Dan", "Eve", "Fay"]);
  await openList(page, `?query=${last.toLowerCase()}`);
  await expect(bodyRows(page)).toHaveCount(3);

  // the team and event lists answer without a term: the picker offers them before any typing
  const addTo = async (kind: "team" | "event", name: string, question: string, done: string) => {
    await page.getByRole("button", { name: "Add to…" }).click();
    const what = kind === "team" ? "Add to a team" : "Add to an event";
    await page.getByRole("menuitem", { name: what }).click();
    const pick = page.getByRole("dialog", { name: what });
    await pick.getByRole("combobox", { name: kind === "team" ? "Team" : "Event" }).click();
    await page.getByRole("option", { name }).first().click();
    await pick.getByRole("button", { name: "Add" }).click();
    const confirm = page.getByRole("dialog", { name: "Please confirm" });
    await expect(confirm).toContainText(question);
    await confirm.getByRole("button", { name: "Yes" }).click();
    await expect(page.getByText(done)).toBeVisible();
  };

  await page.getByRole("checkbox", { name: `Select Dan ${last}` }).check();
  await page.getByRole("checkbox", { name: `Select Eve ${last}` }).check();
  await addTo(
    "team",
    "Debate Club",
    "Add 2 participants to the team Debate Club?",
    "Added 2 participants to Debate Club.",
  );
  await page.getByRole("checkbox", { name: `Select Dan ${last}` }).uncheck();
  await page.getByRole("checkbox", { name: `Select Fay ${last}` }).check();
  await addTo(
    "event",
    "Financial Aid Night",
    "to the event Financial Aid Night",
    "Added 2 participants to Financial Aid Night",
  );

  await page.getByLabel("Filter by").selectOption("team");
  await page.getByRole("combobox", { name: "Team" }).fill("Debate");
  await page.getByRole("option", { name: "Debate Club", exact: true }).click();
  await expect.poll(() => params(page).get("relation")).toBe("team");
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(table(page).getByRole("link", { name: `Fay ${last}` })).toHaveCount(0);

  await page.getByLabel("Filter by").selectOption("event");
  await page.getByRole("combobox", { name: "Event" }).fill("Financial");
  await page.getByRole("option", { name: /^Financial Aid Night/ }).click();
  await expect.poll(() => params(page).get("relation")).toBe("event");
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(table(page).getByRole("link", { name: `Dan ${last}` })).toHaveCount(0);
});

test("remove asks first: No changes nothing, Yes removes them; restore brings them back", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const last = uniqueWord("Bulk");
  await createStudents(api, session, last, ["Dee", "Eve"]);
  await openList(page, `?query=${last}`);
  await expect(bodyRows(page)).toHaveCount(2);
  const toolbarCount = page.getByTestId("grid-selected-count");
  await page.getByRole("checkbox", { name: "Select all rows shown" }).check();
  await expect(toolbarCount).toHaveText("2 selected");

  await page.getByRole("button", { name: "Remove", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText("Remove 2 participants?");
  await confirm.getByRole("button", { name: "No" }).click();
  await expect(confirm).toBeHidden();
  await expect(bodyRows(page)).toHaveCount(2);
  const still = await api.graphql<{ students: { total: number } }>(
    session.access_token,
    `query ($q: String) { students(query: $q) { total } }`,
    { q: last },
  );
  expect(still.students.total).toBe(2);

  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("Removed 2 participants.")).toBeVisible();
  await expect(table(page).getByText("No matching data")).toBeVisible();
  await expect(toolbarCount).toHaveText("0 selected");
  // the page stays where it was
  expect(params(page).get("query")).toBe(last);

  await page.getByLabel("State").selectOption("removed");
  await expect(bodyRows(page)).toHaveCount(2);
  await page.getByRole("checkbox", { name: `Select Dee ${last}` }).check();
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(confirm).toContainText("Restore 1 participant?");
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("Restored 1 participant.")).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);
  const after = await api.graphql<{ students: { data: { first_name: string }[] } }>(
    session.access_token,
    `query ($q: String) { students(query: $q) { data { first_name } } }`,
    { q: last },
  );
  expect(after.students.data.map((s) => s.first_name)).toEqual(["Dee"]);
});

test("reset tokens asks, with or without e-mail, and says how many changed", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const last = uniqueWord("Tok");
  const [one] = await createStudents(api, session, last, ["Flo"]);
  const tokenOf = async () =>
    (
      await api.graphql<{ students: { data: { token: string | null }[] } }>(
        session.access_token,
        `query ($q: String) { students(query: $q) { data { token } } }`,
        { q: last },
      )
    ).students.data[0]?.token;
  const before = await tokenOf();
  await openList(page, `?query=${last}`);
  await page.getByRole("checkbox", { name: `Select Flo ${last}` }).check();
  await page.getByRole("button", { name: "Reset tokens" }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText("Reset the tokens of 1 participant?");
  await expect(confirm.getByRole("checkbox", { name: "E-mail the new tokens" })).not.toBeChecked();
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("Reset the tokens of 1 participant.")).toBeVisible();
  expect(await tokenOf()).not.toBe(before);
  expect(one).toBeTruthy();
});

test("the CSV export holds every row of the filter, not just the page shown", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const last = uniqueWord("Csv");
  const firsts = Array.from({ length: 27 }, (_, i) => `P${String.fromCharCode(97 + (i % 26))}${i}`);
  await createStudents(api, session, last, firsts);
  await openList(page, `?query=${last}`);
  await expect(page.getByText(`1–25 of ${firsts.length}`)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("students.csv");
  const text = await readFile((await download.path()) as string, "utf8");
  const lines = text.split(/\r?\n/).filter((l) => l !== "");
  expect(lines[0]).toBe(
    "first_name,last_name,preferred_name,email,phone,school_identifier,weekly_apa,semester_apa,last_seen,device",
  );
  expect(lines).toHaveLength(firsts.length + 1);
  expect(lines.slice(1).every((l) => l.includes(last))).toBe(true);
  await expect(page.getByText(`Exported ${firsts.length} participants to students.csv.`)).toBeVisible();
});

test("a student changed elsewhere shows in the open list without a reload, and the selection stays", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const last = uniqueWord("Live");
  const [gia] = await createStudents(api, session, last, ["Gia", "Hal"]);
  await openList(page, `?query=${last}`);
  await page.getByRole("checkbox", { name: `Select Gia ${last}` }).check();
  await page.getByRole("checkbox", { name: `Select Hal ${last}` }).check();
  const reloads: string[] = [];
  page.on("framenavigated", (f) => f === page.mainFrame() && reloads.push(f.url()));
  await api.graphql(
    session.access_token,
    `mutation ($id: Int!) { updateStudent(id: $id, preferred_name: "Gigi") { id } }`,
    { id: gia?.id },
  );
  await expect(table(page).getByRole("link", { name: `Gigi (Gia) ${last}` })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("checkbox", { name: `Select Gigi (Gia) ${last}` })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: `Select Hal ${last}` })).toBeChecked();
  await expect(page.getByTestId("grid-selected-count")).toHaveText("2 selected");
  expect(reloads).toEqual([]);
});

test("a change pushed while the user has scrolled down keeps the scroll position", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 500 });
  const last = uniqueWord("Scroll");
  const names = Array.from(
    { length: 40 },
    (_, i) => `N${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`,
  );
  const made = await createStudents(api, session, last, names);
  await openList(page, `?query=${last.toLowerCase()}&per_page=50`);
  await expect(bodyRows(page)).toHaveCount(40);
  const target = made[30] as Created;
  const row = table(page).getByRole("link", { name: `${target.first_name} ${last}` });
  await row.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY), "the list is taller than the window").toBeGreaterThan(200);
  // what the user sees: where the row stands in the window (the browser's scroll anchoring may
  // move scrollY to keep it there when something above it changes height)
  const rowTop = async () => (await table(page).getByRole("row").filter({ hasText: last }).nth(30).boundingBox())?.y;
  const before = await rowTop();
  expect(before).toBeDefined();
  // a change of the same length (the e-mail's first three letters): a longer name wrapped onto a
  // second line in some runs, and the browser's scroll anchoring then moved the rows by its height
  const moved = `mvd.${last}@e2e.rollbook.test`.toLowerCase();
  await api.graphql(
    session.access_token,
    `mutation ($id: Int!, $email: String) { updateStudent(id: $id, email: $email) { id } }`,
    {
      id: target.id,
      email: moved,
    },
  );
  await expect(table(page).getByText(moved)).toBeVisible({ timeout: 15_000 });
  expect(Math.abs(((await rowTop()) ?? Number.NaN) - (before as number))).toBeLessThan(5);
});

test("New participant names the missing field, then opens the new student", async ({ signedInBlankPage: page }) => {
  await openList(page);
  await page.getByRole("button", { name: "New participant" }).click();
  const dialog = page.getByRole("dialog", { name: "New participant" });
  const last = uniqueWord("New");
  await dialog.getByLabel("Last name").fill(last);
  await dialog.getByLabel("E-mail").fill("not-an-email");
  await dialog.getByRole("button", { name: "Create participant" }).click();
  await expect(dialog.getByText("First name is required")).toBeVisible();
  await expect(dialog.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("First name")).toBeFocused();
  await expect(dialog.getByText("E-mail must be a valid e-mail address")).toBeVisible();
  await dialog.getByLabel("First name").fill("Ida");
  await dialog.getByLabel("E-mail").fill(`ida.${last}@e2e.rollbook.test`.toLowerCase());
  await dialog.getByRole("button", { name: "Create participant" }).click();
  await expect(page).toHaveURL(/\/Students\/[0-9a-f-]{36}$/);
});

test("New participant: Discard by keyboard gives focus back to the button that opened it, as a clean Escape does", async ({
  signedInBlankPage: page,
}) => {
  await openList(page);
  const opener = page.getByRole("button", { name: "New participant" });
  const dialog = page.getByRole("dialog", { name: "New participant" });
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("First name")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await typeThenDiscard(page, opener, dialog, "First name", "Ida");
  // and it stays there: nothing left over moves it to <body> a few frames later
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 20)))),
  );
  await expect(opener).toBeFocused();
});

test.describe("a professor (role 6)", () => {
  test.use({ role: "judge" });

  test("sees no New participant, no remove and no token reset", async ({ signedInBlankPage: page }) => {
    await openList(page);
    await expect(table(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
    await expect(page.getByRole("button", { name: "New participant" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Remove", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reset tokens" })).toHaveCount(0);
    // putting students on an event is theirs (assign_appointment): only that one
    await expect(page.getByRole("button", { name: "Add to…" })).toBeVisible();
    await page.getByLabel("State").selectOption("removed");
    await expect(page.getByRole("button", { name: "Restore" })).toHaveCount(0);
  });
});
