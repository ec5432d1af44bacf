import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { uniqueWord } from "../support/factories.ts";
import { tabTo } from "../support/keyboard.ts";

test.use({ role: "school_admin" });

/**
 * By keyboard only: Enter on Add closure keeps focus on the button while the closure saves (it
 * says it is busy, not unavailable: aria-busy, "working…" in its name and through the polite live
 * region; decision 0585) and after. Mantine disabled a loading button, which dropped focus to
 * <body> on every form's submit. The save is held back in the network while the busy state is
 * looked at; the real server answers it.
 */
test("a form's submit button keeps focus while it saves, and says it is working", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  const title = uniqueWord("Busy");
  // the save waits in the network until the busy state has been looked at (a fixed delay ran out
  // before the checks on a loaded machine)
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/graphql/**", async (route) => {
    if (route.request().postData()?.includes("createClosure")) await held;
    await route.continue();
  });
  await page.goto("/Settings");
  const form = page.getByRole("form", { name: "Add a closure" });
  await form.getByLabel("Title").focus();
  await page.keyboard.type(title);
  // First day, in its calendar (the button after its text box): the calendar opens on the
  // previous-month arrow; next month, its first day, two weeks on
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Choose First day in the calendar" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Previous month" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Next month" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  // picking the day closes the calendar and gives focus back to its button; from there the walk
  // to the submit starts (calendar-keyboard.spec checks that a Tab at once goes to the next field)
  await expect(page.getByRole("button", { name: "Previous month" })).toBeHidden();
  await expect(form.getByRole("button", { name: "Choose First day in the calendar" })).toBeFocused();
  const submit = form.getByRole("button", { name: "Add closure" });
  await tabTo(page, submit, { most: 5 });

  await page.keyboard.press("Enter");
  await expect(submit).toHaveAttribute("aria-busy", "true");
  await expect(submit).not.toHaveAttribute("aria-disabled");
  await expect(form.getByRole("button", { name: "Add closure working…", exact: true })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "working…" })).toHaveText("working…");
  await expectNoA11yViolations(page, "Add closure while it saves");
  // a second Enter while it saves adds nothing
  await page.keyboard.press("Enter");
  release();

  await expect(page.getByText(`${title} was added: its sessions are cancelled.`)).toBeVisible();
  await expect(submit).not.toHaveAttribute("aria-busy");
  await expect(form.getByRole("button", { name: "Add closure", exact: true })).toBeFocused();

  const { school } = await api.graphql<{ school: { closures: { id: number; title: string }[] } }>(
    session.access_token,
    "{ school { closures { id title } } }",
  );
  const mine = school.closures.filter((c) => c.title === title);
  expect(mine).toHaveLength(1);
  for (const c of mine) {
    await api.graphql(session.access_token, "mutation ($id: Int!) { removeClosure(id: $id) { id } }", { id: c.id });
  }
});
