import { expect, expectNoA11yViolations, test } from "../fixtures.ts";

/**
 * The academic advisor's open tasks (the demo gives them some): the section passes axe (its
 * "Open participant" links sat in dimmed text, marked by colour alone: link-in-text-block), each
 * link says which task it opens, and it opens the student the task names in full (the demo's
 * tasks named first names only, and several demo students share one).
 */
test.use({ role: "academic_advisor" });

test("tasks pass axe and each link names its task and opens the student named in it", async ({
  signedInPage: page,
}) => {
  const tasks = page.getByRole("region", { name: "My tasks" });
  await expect(tasks.getByRole("button", { name: /^Close task: / }).first()).toBeVisible();
  await expectNoA11yViolations(page, "/Dashboard with the advisor's tasks");

  // each task's link and Close button read together (dashboard.spec closes tasks meanwhile)
  const items = await tasks.getByRole("listitem").evaluateAll((lis) =>
    lis.map((li) => ({
      link: li.querySelector("a")?.getAttribute("aria-label"),
      task: li
        .querySelector("button")
        ?.getAttribute("aria-label")
        ?.replace(/^Close task: /, ""),
    })),
  );
  expect(items.length).toBeGreaterThan(0);
  for (const { link, task } of items) expect(link).toBe(`Open participant: ${task}`);

  // the last one: dashboard.spec closes the first
  const { task } = items.at(-1) ?? {};
  await tasks
    .getByRole("link", { name: `Open participant: ${task}`, exact: true })
    .last()
    .click();
  await expect(page).toHaveURL(/\/Students\/[0-9a-f-]+$/);
  // the student's name: the participant page's heading once its e-mail shows
  await expect(page.getByRole("link", { name: /@students\.demo\.rollbook\.test$/ })).toBeVisible();
  const student = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  expect(student).toMatch(/^\S+ \S+/);
  expect(task, "the task names its student in full").toContain(` ${student} `);
});
