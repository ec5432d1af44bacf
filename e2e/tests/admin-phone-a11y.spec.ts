import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { expectNoSidewaysScroll, expectNotClipped, linesOf } from "../support/layout.ts";
import { dayLabel, urlQuery } from "../support/reports.ts";

/**
 * The administration screens of issue 13 at phone width (390 x 844): each loads its data, passes
 * axe with no violation of any impact, and does not scroll sideways (a visually hidden table
 * header of /Locations/{id} once made the page 409 px wide). Their own specs check them at
 * desktop width.
 */
test.use({ role: "school_admin", viewport: { width: 390, height: 844 } });

test("users, settings, a location, an import and the profile pass axe at phone width", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const { users, locations, imports } = await api.graphql<{
    users: { data: { id: number }[] };
    locations: { data: { id: number; name: string }[] };
    imports: { data: { uuid: string; kind: string }[] };
  }>(
    session.access_token,
    `query { users(per_page: 5) { data { id } } locations(per_page: 1) { data { id name } }
      imports(per_page: 1) { data { uuid kind } } }`,
  );
  const other = users.data.find((u) => u.id !== session.user.id);
  const location = locations.data[0];
  const imported = imports.data[0];
  expect(other && location && imported, "the demo school has users, a location and an import").toBeTruthy();

  const pages: [string, (p: typeof page) => Promise<void>][] = [
    ["/Users", (p) => expect(p.getByRole("heading", { level: 1, name: "Users" })).toBeVisible()],
    [`/Users/${other?.id}`, (p) => expect(p.getByRole("tab", { name: "Information" })).toBeVisible()],
    ["/Settings", (p) => expect(p.getByRole("form", { name: "School settings" })).toBeVisible()],
    ["/Settings?tab=locations", (p) => expect(p.getByText(location?.name ?? "-").first()).toBeVisible()],
    ["/Settings?tab=imports", (p) => expect(p.getByRole("heading", { name: "Import a file" })).toBeVisible()],
    [
      "/Settings?tab=technical",
      async (p) => {
        await expect(p.getByRole("table", { name: "Database" })).toBeVisible();
        // each address above its Copy button's whole word, not squeezed into "Co" and a URL a few
        // letters wide beside a 180 px label
        for (const [address, copy] of [
          [/\/CheckIn$/, "Copy the check-in app's address"],
          [/\/api\/v2\/device$/, "Copy the device API's address"],
        ] as const) {
          await expect(p.getByRole("button", { name: copy })).toHaveText("Copy");
          await expectNotClipped(p.getByRole("button", { name: copy }), copy);
          expect(await linesOf(p.getByText(address)), `${address} on at most two lines`).toBeLessThanOrEqual(2);
        }
      },
    ],
    [
      `/Locations/${location?.id}`,
      (p) => expect(p.getByRole("heading", { level: 1 })).toContainText(location?.name ?? "-"),
    ],
    [
      `/Imports/${imported?.uuid}`, // the newest import may have failed at 0%: a bar of no width, present all the same
      (p) => expect(p.getByRole("progressbar").first()).toHaveAttribute("aria-valuetext", /rows/),
    ],
    ["/Profile", (p) => expect(p.getByRole("form", { name: "Your information" })).toBeVisible()],
  ];
  for (const [path, loaded] of pages) {
    await page.goto(path);
    await loaded(page);
    await expectNoA11yViolations(page, `${path} at phone width`);
    await expectNoSidewaysScroll(page, `${path} at phone width`);
  }
});

/**
 * The typed date fields (decisions 0588, 0590) at phone width with their calendar open: a
 * closure's First day with a date typed, then its calendar dialog, and the Status report's Dates
 * with its range calendar. axe fails on a violation of any impact (support/axe.ts); the dialog
 * fits the screen. Nothing is saved.
 */
test("a typed date field and its open calendar pass axe at phone width", async ({ signedInBlankPage: page }) => {
  test.slow();
  await page.goto("/Settings");
  const form = page.getByRole("form", { name: "Add a closure" });
  const first = form.getByRole("textbox", { name: "First day" });
  await first.fill("02/30/2030");
  await first.blur();
  await expect(first).toHaveAccessibleDescription("First day must be a real date (MM/DD/YYYY)");
  await expectNoA11yViolations(page, "a closure's First day at fault, at phone width");
  await first.fill("11/26/2030");
  await form.getByRole("button", { name: "Choose First day in the calendar" }).click();
  const calendar = page.getByRole("dialog", { name: "First day: calendar" });
  await expect(calendar.getByRole("button", { name: "26 November 2030", exact: true })).toBeFocused();
  await expectNotClipped(calendar, "the First day calendar");
  await expectNoA11yViolations(page, "a closure's First day with its calendar open, at phone width");
  await expectNoSidewaysScroll(page, "/Settings with a calendar open at phone width");
  await page.keyboard.press("Escape");
  await expect(calendar).toBeHidden();

  await page.goto("/Reports/Status");
  await expect(page).toHaveURL(/start_date=\d{4}-\d{2}-\d{2}.*end_date=/);
  await page.getByRole("button", { name: "Choose Dates in the calendar" }).click();
  const range = page.getByRole("dialog", { name: "Dates: calendar" });
  // focus in the dialog, on the range's first day
  await expect(range.locator(":focus")).toHaveAttribute("aria-label", dayLabel(urlQuery(page).start_date ?? ""));
  await expectNotClipped(range, "the Dates calendar");
  await expectNoA11yViolations(page, "the Status report's Dates with its calendar open, at phone width");
  await expectNoSidewaysScroll(page, "/Reports/Status with a calendar open at phone width");
});
