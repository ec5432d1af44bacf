import type { Locator, Page } from "@playwright/test";
import { type ApiSession, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import type { Api } from "../support/api.ts";
import { createStudents, dayFromNow, uniqueWord } from "../support/factories.ts";

/**
 * Open dropdowns (a Select's listbox, a Menu) pass axe, on a page and in a dialog, and show whole
 * (decision 0711). Mantine put them in a portal at the end of <body>: outside every landmark (axe
 * region), and outside an open dialog, behind its aria-modal. They now open next to their field; a
 * long list scrolls in the listbox itself (axe scrollable-region-focusable), and an opened menu
 * focuses its first item, not an empty placeholder (axe aria-required-children). The students and
 * the event are made here, under names no other spec uses; nothing is saved.
 */

/** Screenshots of each open dropdown, to look at, only when DROPDOWN_SHOTS names a folder for them. */
const SHOTS = process.env.DROPDOWN_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** The open dropdown `inner` (a listbox, a menu) is in: Mantine's floating box, which has data-position. */
const floatingBoxOf = (inner: Locator) => inner.locator("xpath=ancestor-or-self::*[@data-position][1]");

/**
 * The dropdown lies inside the screen and nothing covers it: at its corners and its middle the
 * topmost element is the dropdown itself (a dialog's edge or its sticky title bar would be on top
 * where it clips or covers it).
 */
async function expectShownWhole(inner: Locator, what: string) {
  const box = floatingBoxOf(inner);
  await expect(box).toBeVisible();
  const misses = await box.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inset = 6;
    const points: [string, number, number][] = [
      ["top left", r.left + inset, r.top + inset],
      ["top right", r.right - inset, r.top + inset],
      ["middle", r.left + r.width / 2, r.top + r.height / 2],
      ["bottom left", r.left + inset, r.bottom - inset],
      ["bottom right", r.right - inset, r.bottom - inset],
    ];
    return points
      .filter(([, x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return !(hit && el.contains(hit));
      })
      .map(([where]) => where);
  });
  expect.soft(misses, `${what}: its corners and middle are on top, on screen`).toEqual([]);
}

/** /Students listing one student made here; their name. */
async function listOne(page: Page, api: Api, session: ApiSession, tag: string) {
  const last = uniqueWord(tag);
  const [made] = await createStudents(api, session, last, ["Gil"]);
  await page.goto(`/Students?query=${last.toLowerCase()}`);
  await expect(page.getByRole("heading", { level: 1, name: "Participants" })).toBeVisible();
  return `${made?.first_name} ${made?.last_name}`;
}

test("on a page: an open Select and open Menus pass axe and show whole", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // three axe passes
  const student = await listOne(page, api, session, "Dropdown");

  // the filter bar's course picker, a searchable Select
  await page.getByLabel("Filter by").selectOption("course");
  const course = page.getByRole("combobox", { name: "Course" });
  await course.click();
  const listbox = page.getByRole("listbox");
  await expect(listbox.getByRole("option", { name: "Economics", exact: true })).toBeVisible();
  await shot(page, "dropdown-page-select");
  await expectShownWhole(listbox, "the course filter's list");
  // next to its field, in the page's <main>
  expect.soft(await listbox.evaluate((el) => el.closest("main")?.id)).toBe("main");
  await expectNoA11yViolations(page, "/Students with the course filter's list open");
  // the list is longer than its box: the arrow keys scroll it (from the first option up to the last)
  const lastOption = listbox.getByRole("option").last();
  await expect(lastOption).not.toBeInViewport();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await expect(lastOption).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();

  // the bulk actions' Menu, by keyboard: focus goes to its first item, Escape gives it back
  await page.getByRole("checkbox", { name: `Select ${student}` }).check();
  const addTo = page.getByRole("button", { name: "Add to…" });
  await addTo.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Add to a course" })).toBeFocused();
  await expectShownWhole(menu, "the Add to… menu");
  await expectNoA11yViolations(page, "/Students with the Add to… menu open");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(addTo).toBeFocused();
  // a light button under the pointer keeps its label at 4.5:1 (it lightens; decision 0711)
  const background = () => addTo.evaluate((el) => getComputedStyle(el).backgroundColor);
  const atRest = await background();
  await addTo.hover();
  await expect.poll(background).not.toBe(atRest);
  await expectNoA11yViolations(page, "/Students with the pointer on the Add to… button");

  // the header's user menu, in the header
  await page.getByRole("button", { name: /User menu/ }).focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeFocused();
  expect.soft(await menu.evaluate((el) => el.closest("header") !== null)).toBe(true);
  await expectShownWhole(menu, "the user menu");
  await expectNoA11yViolations(page, "/Students with the user menu open");
  // faded in by now: axe waits for that
  await shot(page, "dropdown-page-user-menu");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
});

test("in a dialog: an open Select is in the dialog, passes axe, and Escape closes it before the dialog", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // an axe pass, a dialog and its list
  const student = await listOne(page, api, session, "Dropdialog");
  await page.getByRole("checkbox", { name: `Select ${student}` }).check();
  await page.getByRole("button", { name: "Add to…" }).click();
  await page.getByRole("menuitem", { name: "Add to a course" }).click();
  const dialog = page.getByRole("dialog", { name: "Add to a course" });
  const course = dialog.getByRole("combobox", { name: "Course" });
  await course.click();
  // looked for in the page: Mantine put it outside the dialog
  const listbox = page.getByRole("listbox");
  await expect(listbox.getByRole("option", { name: "Economics", exact: true })).toBeVisible();
  await shot(page, "dropdown-dialog-select");
  await expectShownWhole(listbox, "the dialog's course list");
  // in the aria-modal dialog, not behind it
  expect.soft(await listbox.evaluate((el) => el.closest("[role=dialog]")?.getAttribute("aria-modal"))).toBe("true");
  await expectNoA11yViolations(page, "the Add to a course dialog with its list open");

  // Escape closes the list, not the dialog
  await expect(course).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(course).toBeFocused();
  // a click on an option picks it
  await course.click();
  await listbox.getByRole("option", { name: "Economics", exact: true }).click();
  await expect(course).toHaveValue("Economics");
  await expect(listbox).toBeHidden();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("in a tall dialog: the Select at the bottom of the form shows its whole list over the dialog", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow(); // an axe pass in a long form
  const title = uniqueWord("Dropevent");
  const made = await api.graphql<{ createEvent: { uuid: string } }>(
    session.access_token,
    `mutation ($title: String!, $date: String!) {
      createEvent(title: $title, date: $date, start_time: "10:00", end_time: "11:00") { uuid }
    }`,
    { title, date: dayFromNow(12) },
  );
  await page.goto(`/Events/${made.createEvent.uuid}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${title}` });
  const team = dialog.getByRole("combobox", { name: "Restricted to team" });
  await team.scrollIntoViewIfNeeded();
  await team.click();
  const listbox = page.getByRole("listbox");
  await expect(listbox.getByRole("option", { name: "Debate Club" })).toBeVisible();
  await shot(page, "dropdown-tall-dialog-select");
  await expectShownWhole(listbox, "the Restricted to team list");
  expect.soft(await listbox.evaluate((el) => el.closest("[role=dialog]")?.getAttribute("aria-modal"))).toBe("true");
  await expectNoA11yViolations(page, "the Edit event form with its team list open");
  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(dialog).toBeVisible();
});
