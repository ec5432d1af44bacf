import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { demoCourseUuid } from "../support/demo.ts";

/**
 * This stop's new states at phone width (390 x 844), each with axe: the refused-page notice
 * (refused-page.spec), a day without data in a course's daily chart (chart-no-data.spec) and the
 * advisor's tasks with their links (dashboard-tasks-a11y.spec) were checked at desktop width only.
 */
test.use({ viewport: { width: 390, height: 844 } });

test.describe("case manager", () => {
  test.use({ role: "case_manager" });
  test("the refused-page notice", async ({ signedInBlankPage: page }) => {
    await page.goto("/Users");
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(page.getByRole("status").filter({ hasText: "You do not have access" })).toHaveText(
      "You do not have access to Users, so you were taken to the Dashboard.",
    );
    await expectNoA11yViolations(page, "Dashboard after /Users at phone width");
  });
});

test.describe("school admin", () => {
  test.use({ role: "school_admin" });
  test("a course's daily chart with days without data", async ({ signedInBlankPage: page, api, session }) => {
    await page.goto(`/Courses/${await demoCourseUuid(api, session.access_token, "Algebra")}`);
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Daily attendance" }) }).first();
    await expect(section.getByText(/^No data: no attendance was recorded for that day/)).toBeVisible();
    await expectNoA11yViolations(page, "Algebra's dashboard at phone width");
  });
});

test.describe("academic advisor", () => {
  test.use({ role: "academic_advisor" });
  test("the dashboard's tasks", async ({ signedInPage: page }) => {
    const tasks = page.getByRole("region", { name: "My tasks" });
    await expect(tasks.getByRole("link", { name: /^Open participant: / }).first()).toBeVisible();
    await expectNoA11yViolations(page, "/Dashboard with the advisor's tasks at phone width");
  });
});

test.describe("a table wider than a phone", () => {
  test.use({ role: "school_admin" });
  test("its scroll box is a tab stop named by its caption, and the arrows scroll it", async ({
    signedInBlankPage: page,
    api,
    session,
  }) => {
    const { students } = await api.graphql<{ students: { data: { uuid: string; first_name: string }[] } }>(
      session.access_token,
      `query { students(per_page: 1, sort_by: "last_name") { data { uuid first_name } } }`,
    );
    const student = students.data[0];
    await page.goto(`/Students/${student?.uuid}?tab=courses`);
    const region = page.getByRole("region", { name: `Courses of ${student?.first_name}` });
    await expect(region).toHaveAttribute("tabindex", "0");
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectNoA11yViolations(page, "a participant's courses at phone width");
  });
});
