/**
 * What the report specs share: open a report page, read its total, download its CSV export
 * (Playwright's download event) and parse it, and take screenshots at desktop and phone width.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { expectNoA11yViolations } from "./axe.ts";

/** The screenshots of the report pages, looked at by hand. */
export const REPORT_SHOTS = process.env.REPORT_SHOTS ?? "/tmp/pw-reports-shots";

/**
 * Waits for the grid to show a total (not "…"), and returns it: the number is taken from the
 * same read that matched, since a push from another spec may refetch the grid (back to "…")
 * between two reads.
 */
export async function settledTotal(page: Page, timeout = 30_000): Promise<number> {
  let total = Number.NaN;
  await expect
    .poll(
      async () => {
        const text = (await page.getByTestId("report-total").textContent()) ?? "";
        const m = /Total:\s*([\d,]+)/.exec(text);
        if (m) total = Number(m[1]?.replace(/,/g, ""));
        return m !== null;
      },
      { timeout, message: 'a total in "Total: …" above the grid' },
    )
    .toBe(true);
  return total;
}

/** A minimal CSV reader (quoted cells, doubled quotes, CRLF or LF): enough to check an export. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export interface DownloadedCsv {
  name: string;
  header: string[];
  rows: string[][];
}

/** Clicks Export CSV and reads the file the browser downloads. */
export async function downloadExport(page: Page): Promise<DownloadedCsv> {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 60_000 }),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const text = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "");
  const [header = [], ...rows] = parseCsv(text);
  return { name: download.suggestedFilename(), header, rows };
}

/** Waits until no grid is loading (the DataGrid marks its table or cards aria-busy meanwhile). */
export const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });

/** Screenshots of the page once settled, at desktop width (whole page) and at phone width (the first screen, checked by axe). */
export async function shootBothWidths(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await settled(page);
  await page.screenshot({ path: `${REPORT_SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${REPORT_SHOTS}/${name}-phone.png` });
  // a phone's layout is another page to a screen reader (stacked filters, a scrolling grid)
  await expectNoA11yViolations(page, `${name} report at phone width`);
  await page.setViewportSize(size);
}

/** The query of the page's URL, as an object. */
export const urlQuery = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A calendar day button's accessible name: "2026-11-05" -> "5 November 2026". */
export function dayLabel(isoDay: string): string {
  const [y, m, d] = isoDay.split("-").map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** The page's own date today, YYYY-MM-DD: the day its calendars open on (the browser's zone). */
export const pageToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
  });

/**
 * Moves the open calendar to the month of `wanted` with its Next month / Previous month buttons,
 * reading the month it shows from its heading ("November 2026"), not assuming it: which month a
 * calendar opens on depends on the day of the month and on when the field got its dates.
 */
export async function turnCalendar(page: Page, wanted: string) {
  const heading = page
    .getByRole("dialog", { name: /: calendar$/ })
    .getByRole("button", { name: new RegExp(`^(${MONTHS.join("|")}) \\d{4}$`) });
  const target = Number(wanted.slice(0, 4)) * 12 + Number(wanted.slice(5, 7)) - 1;
  for (let turns = 0; turns <= 24; turns++) {
    const text = ((await heading.textContent()) ?? "").trim();
    const [name, year] = text.split(" ");
    const steps = target - (Number(year) * 12 + MONTHS.indexOf(name ?? ""));
    if (steps === 0) return;
    await page.getByRole("button", { name: steps > 0 ? "Next month" : "Previous month" }).click();
    await expect(heading).not.toHaveText(text);
  }
  throw new Error(`the calendar did not reach the month of ${wanted}`);
}

/** Types into a searchable select (a class, a group...) and picks the first option containing `text`. */
export async function pickOption(page: Page, label: string, text: string, search = text) {
  const box = page.getByRole("combobox", { name: label });
  await box.fill(search);
  const option = page.getByRole("option", { name: text }).first();
  await expect(option).toBeVisible();
  // the options are searched on the server as the user types: let the last answer land
  await page.waitForLoadState("networkidle");
  await option.click();
  await page.keyboard.press("Escape");
}

/**
 * The checks every report page shares once its filters are set: the grid and its total, the
 * export whose rows are as many as the total (and whose header is `header`'s columns), axe, and
 * the screenshots. Returns the total.
 */
export async function checkGridExportAxe(
  page: Page,
  opts: { name: string; caption: string; header: readonly string[] },
): Promise<number> {
  await expect(page.getByRole("table", { name: opts.caption })).toBeVisible();
  await settledTotal(page);
  await settled(page);
  await expectNoA11yViolations(page, `${opts.name} report`);
  await shootBothWidths(page, opts.name);
  const csv = await downloadExport(page);
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.header.slice(0, opts.header.length)).toEqual([...opts.header]);
  // the export is taken with the filters the page had at the click; a total read before it may
  // still be the previous filter's (the router renders a URL change in a transition, which a busy
  // machine delays: seen as 15 read, 5 exported), so the settled grid must come to agree with it
  let total = Number.NaN;
  await expect
    .poll(async () => (total = await settledTotal(page)), { message: "the CSV holds every row of the filter" })
    .toBe(csv.rows.length);
  return total;
}
