import { DEMO_SCHOOL, expect, SECOND_SCHOOL, test } from "../fixtures.ts";
import { expectNoSidewaysScroll, expectNotClipped } from "../support/layout.ts";

const REMOVE = /^Remove (.+) from dashboard$/;
const CLOSE = /^Close task: (.+)$/;

test.describe("tiles", () => {
  test.use({ role: "athletics_admin" });

  test("a tile is removed after Yes, kept after No, and stays removed", async ({ signedInPage: page }) => {
    const tiles = page.getByRole("region", { name: "My tiles" });
    const buttons = tiles.getByRole("button", { name: REMOVE });
    await expect(buttons).toHaveCount(2);
    const label = (await buttons.first().getAttribute("aria-label")) ?? "";
    const title = REMOVE.exec(label)?.[1] ?? "";
    expect(title).not.toBe("");
    await expect(tiles.getByRole("article", { name: title })).toBeVisible();

    // No keeps it
    await buttons.first().click();
    const dialog = page.getByRole("dialog", { name: "Remove tile" });
    await expect(dialog).toContainText(`Remove ${title} from your dashboard?`);
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(buttons).toHaveCount(2);

    // Yes removes it, says so, and moves focus to the section heading
    await tiles.getByRole("button", { name: `Remove ${title} from dashboard` }).click();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(page.getByText(`${title} was removed from your dashboard.`)).toBeVisible();
    await expect(tiles.getByRole("article", { name: title })).toHaveCount(0);
    await expect(buttons).toHaveCount(1);
    await expect(tiles.getByRole("heading", { name: "My tiles" })).toBeFocused();

    // the server kept the change
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(tiles.getByRole("button", { name: REMOVE })).toHaveCount(1);
    await expect(tiles.getByRole("article", { name: title })).toHaveCount(0);
  });
});

test.describe("tasks", () => {
  test.use({ role: "academic_advisor" });

  test("a task is closed and stays closed", async ({ signedInPage: page }) => {
    const tasks = page.getByRole("region", { name: "My tasks" });
    const buttons = tasks.getByRole("button", { name: CLOSE });
    await expect(buttons.first()).toBeVisible();
    const before = await buttons.count();
    const label = (await buttons.first().getAttribute("aria-label")) ?? "";
    const description = CLOSE.exec(label)?.[1] ?? "";
    expect(description).not.toBe("");
    // descriptions may repeat (two absences of one student): count the ones like it
    const same = tasks.getByRole("button", { name: label, exact: true });
    const sameBefore = await same.count();

    await buttons.first().click();
    await expect(page.getByText(`Task closed: ${description}`)).toBeVisible();
    await expect(buttons).toHaveCount(before - 1);
    await expect(same).toHaveCount(sameBefore - 1);
    await expect(tasks.getByRole("heading", { name: "My tasks" })).toBeFocused();

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(tasks.getByRole("button", { name: CLOSE })).toHaveCount(before - 1);
  });
});

test.describe("school switcher", () => {
  test.use({ role: "master_admin" });

  test("role 1 switches to the second school and back", async ({ signedInPage: page }) => {
    const school = page.getByRole("region", { name: "School" });
    const select = page.getByRole("combobox", { name: "School" });
    await expect(select.getByRole("option")).toHaveCount(2);
    await expect(select.getByRole("option", { name: SECOND_SCHOOL })).toHaveCount(1);
    await expect(school).toContainText(DEMO_SCHOOL);

    await select.selectOption({ label: SECOND_SCHOOL });
    await expect(school).toContainText(SECOND_SCHOOL);
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(select.locator("option:checked")).toHaveText(SECOND_SCHOOL);

    // the choice is the user's school on the server: it survives a reload
    await page.reload();
    await expect(school).toContainText(SECOND_SCHOOL);

    await select.selectOption({ label: DEMO_SCHOOL });
    await expect(school).toContainText(DEMO_SCHOOL);
  });
});

/**
 * The two lists side by side (from 992 px) and on a phone show every column in their box: the
 * Missing attendance table was 465 px wide in a 460 px half of a 1280 px screen (a scrollbar under
 * it, its Semester APA cut), and both scrolled sideways at 1024 px and on a phone (Semester APA and
 * Location out of sight). A long address breaks instead, and the times after their dash.
 */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`the lists at ${viewport.width} px`, () => {
    test.use({ role: "school_admin", viewport });

    test("Missing attendance and In session now fit their boxes", async ({ signedInPage: page }) => {
      const lists = [
        ["Missing attendance", "No students are missing attendance."],
        ["In session now", "No classes are in session right now."],
      ] as const;
      let tables = 0;
      for (const [name, empty] of lists) {
        const region = page.getByRole("region", { name });
        const table = region.getByRole("table");
        await expect(table.or(region.getByText(empty))).toBeVisible();
        if ((await table.count()) === 0) continue;
        tables += 1;
        await expectNotClipped(region, name);
      }
      // the demo's Open Study Hall runs all day: a list is there at any hour
      expect(tables, "at least one list to measure").toBeGreaterThan(0);
      await expectNoSidewaysScroll(page, `/Dashboard at ${viewport.width} px`);
    });
  });
}
