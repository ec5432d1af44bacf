import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, demoEmail, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { uniqueWord } from "../support/factories.ts";

/**
 * The header's global search (spec section 2, issue 10 screen 4): `s` focuses it, typing shows
 * the hits grouped Participants / Recurring / Groups / Singular, the arrows walk them, Enter opens
 * the first (or the highlighted) one, Esc closes the list; "No matching data" when nothing
 * matches; a professor does not find a student they cannot see.
 */

const CREATE = `mutation ($first_name: String!, $last_name: String!) {
  createStudent(first_name: $first_name, last_name: $last_name) { id uuid }
}`;

const box = (page: Page) => page.getByRole("combobox", { name: "Search" });
const results = (page: Page) => page.getByRole("listbox", { name: "Search results" });

test("s focuses the search; typing shows grouped hits; Enter opens the first; Esc closes", async ({
  signedInPage: page,
}) => {
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).click();
  await page.keyboard.press("s");
  await expect(box(page)).toBeFocused();
  // the s that focused it is not typed into it
  await expect(box(page)).toHaveValue("");
  await page.keyboard.type("Algebra");
  await expect(results(page).getByRole("group", { name: "Recurring" })).toBeVisible();
  await expect(box(page)).toHaveAttribute("aria-expanded", "true");
  await expect(results(page).getByRole("group", { name: "Recurring" }).getByRole("option").first()).toContainText(
    "Algebra",
  );
  await expectNoA11yViolations(page, "the global search with results");

  // Esc closes the list and leaves the text; a second Esc empties the field
  await page.keyboard.press("Escape");
  await expect(results(page)).toBeHidden();
  await expect(box(page)).toHaveAttribute("aria-expanded", "false");
  await expect(box(page)).toHaveValue("Algebra");
  await page.keyboard.press("Escape");
  await expect(box(page)).toHaveValue("");

  // Enter opens the first hit
  await page.keyboard.type("Algebra");
  await expect(results(page).getByRole("option").first()).toContainText("Algebra");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/Courses\/[0-9a-f-]{36}$/);
  await expect(box(page)).toHaveValue("");
});

test("Enter pressed before the hits of the text typed arrive opens a hit of that text, not of the prefix shown", async ({
  signedInPage: page,
}) => {
  await box(page).click();
  // a prefix whose first hit is not the class: "A" finds participants first (Adams...)
  await page.keyboard.type("A");
  await expect(results(page).getByRole("group", { name: "Participants" })).toBeVisible();
  await expect(results(page).getByRole("option").first()).not.toContainText("Algebra");
  // the rest of the word and Enter at once: the prefix's hits are still the ones shown
  await page.keyboard.type("lgebra");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/Courses\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Algebra");
  await expect(box(page)).toHaveValue("");
});

test("Enter pressed right after typing into an empty field waits for the hits and opens the first", async ({
  signedInPage: page,
}) => {
  await box(page).click();
  // no hit shown yet: Enter must not be lost either
  await page.keyboard.type("Algebra");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/Courses\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Algebra");
});

test("the arrows walk the hits across groups and Enter opens the highlighted one", async ({ signedInPage: page }) => {
  await box(page).click();
  await page.keyboard.type("a");
  const options = results(page).getByRole("option");
  await expect(options.nth(1)).toBeVisible();
  const groups = await results(page)
    .getByRole("group")
    .evaluateAll((els) =>
      els.map((el) => document.getElementById(el.getAttribute("aria-labelledby") ?? "")?.textContent),
    );
  // the spec's order, only the groups with hits
  const order = ["Participants", "Recurring", "Groups", "Singular"];
  expect(groups.length).toBeGreaterThan(1);
  expect(groups).toEqual(order.filter((g) => groups.includes(g)));
  expect(
    await results(page).getByRole("group", { name: "Participants" }).getByRole("option").count(),
  ).toBeLessThanOrEqual(5);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const second = options.nth(1);
  await expect(second).toHaveAttribute("aria-selected", "true");
  const id = await second.getAttribute("id");
  await expect(box(page)).toHaveAttribute("aria-activedescendant", id ?? "");
  await page.keyboard.press("ArrowUp");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp"); // wraps to the last
  await expect(options.last()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown"); // and back to the first
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  const label = (await second.locator("span").first().textContent()) ?? "";
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/\/Dashboard$/);
  expect(label).not.toBe("");
});

test("s typed into a field stays there", async ({ signedInBlankPage: page }) => {
  await page.goto("/Students");
  const field = page.getByRole("searchbox", { name: "Search participants" });
  await field.click();
  await page.keyboard.type("s");
  await expect(field).toHaveValue("s");
  await expect(box(page)).not.toBeFocused();
});

test("nothing found says No matching data", async ({ signedInPage: page }) => {
  await box(page).fill("zzqqxxnothingmatchesthis");
  await expect(page.getByTestId("search-results")).toHaveText("No matching data");
  await expect(results(page)).toHaveCount(0);
  await expect(box(page)).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("status").filter({ hasText: "No matching data" })).toHaveCount(1);
});

test("a professor does not find a student they cannot see; an admin does", async ({ page, api, signIn }) => {
  const admin = await api.login(demoEmail("school_admin"), DEMO_PASSWORD);
  const last = uniqueWord("Hidden");
  await api.graphql(admin.access_token, CREATE, { first_name: "Jo", last_name: last });
  const adminHits = await api.graphql<{ search: { students: { lastName: string }[] } }>(
    admin.search_token,
    `query ($q: String!) { search(query: $q) { students { lastName } } }`,
    { q: last },
  );
  expect(adminHits.search.students.map((s) => s.lastName)).toEqual([last]);

  await signIn("judge", page);
  await page.goto("/Dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await box(page).fill(last);
  await expect(page.getByTestId("search-results")).toHaveText("No matching data");
});

test("a class is found without its accents, in the header search and in the Recurring list", async ({
  signedInPage: page,
  api,
}) => {
  const admin = await api.login(demoEmail("school_admin"), DEMO_PASSWORD);
  const word = uniqueWord("accents");
  await api.graphql(
    admin.access_token,
    `mutation ($title: String!) { createCourse(title: $title, start_time: "07:00", end_time: "07:30",
      is_indefinite: true, meet_sat: true) { id } }`,
    { title: `Économie Société ${word}` },
  );
  // typed plainly and in capitals, as a keyboard without accents types it (decision 0615)
  await box(page).fill(`ECONOMIE SOCIETE ${word}`);
  await expect(results(page).getByRole("group", { name: "Recurring" }).getByRole("option")).toHaveText(
    new RegExp(`Économie Société ${word}`),
  );
  await page.keyboard.press("Escape");
  await page.goto("/Courses");
  await page.getByRole("searchbox", { name: "Search courses" }).fill(`societe ${word}`);
  await expect(page.getByRole("table", { name: /courses/i }).locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("link", { name: `Économie Société ${word}` })).toBeVisible();
});

test("on a phone the search opens from an icon button", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(box(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(box(page)).toBeFocused();
  await page.keyboard.type("Algebra");
  await expect(results(page).getByRole("option").first()).toBeVisible();
  await page.screenshot({ path: "/tmp/web1-shots/search-phone.png" });
  await expectNoA11yViolations(page, "the global search on a phone");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/Courses\/[0-9a-f-]{36}$/);
});
