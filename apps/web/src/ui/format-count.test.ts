import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { courseColumns } from "../features/courses/list/columns.tsx";
import { shownOf } from "../features/dashboard/format.ts";
import { seatsLine } from "../features/events/detail/seats.ts";
import { eventColumns } from "../features/events/list/columns.tsx";
import { rowsWord } from "../features/imports/columns.ts";
import { studentsWord } from "../features/links/pick-students.ts";
import { progressText } from "../features/reports/export-store.ts";
import { teamColumns } from "../features/teams/list/columns.tsx";
import { minutesOrDefault } from "./detail/format.ts";
import type { GridColumn } from "./grid/DataGrid.tsx";

const SRC = join(import.meta.dirname, "..");

/** Every .ts/.tsx file under apps/web/src but tests, with its path relative to src. */
function sources(dir = SRC): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === "gql" ? [] : sources(full);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name)) return [];
    return [{ path: relative(SRC, full), text: readFileSync(full, "utf8") }];
  });
}

/**
 * A figure is written by one function, the domain's formatCount (10716 -> "10,716"), so the
 * screens cannot drift apart (one grouping, one rule for fractions).
 */
describe("figures on screen", () => {
  it("are grouped by formatCount, not by a toLocaleString of their own", () => {
    const own = sources()
      .filter((f) => /\.toLocaleString\(\s*["']en-US["']\s*\)/.test(f.text))
      .map((f) => f.path);
    expect(own).toEqual([]);
  });

  it("still read as before: thousands grouped, one row in the singular", () => {
    expect(rowsWord(1)).toBe("1 row");
    expect(rowsWord(2400)).toBe("2,400 rows");
    expect(progressText({ received: 1200, total: 25_000 })).toBe("1,200 of 25,000 rows");
    expect(progressText({ received: 10_716, total: null })).toBe("10,716 rows");
  });
});

/** A large school's figures on the staff screens: a study hall of 50,000, an event of 1,500 seats. */
describe("the staff screens' counts", () => {
  const cell = <T>(columns: GridColumn<T>[], key: string, row: T) => columns.find((c) => c.key === key)?.render?.(row);

  it("the lists' columns group thousands", () => {
    expect(cell(courseColumns(null), "students_count", { students_count: 50_000 } as never)).toBe("50,000");
    expect(cell(teamColumns(null), "students_count", { students_count: 1_200 } as never)).toBe("1,200");
    const event = { capacity: 2_000, attending_count: 1_500, waitlist_count: 1_024 } as never;
    expect(cell(eventColumns(), "capacity", event)).toBe("2,000");
    expect(cell(eventColumns(), "attending_count", event)).toBe("1,500");
    expect(cell(eventColumns(), "waitlist_count", event)).toBe("1,024");
  });

  it("the dashboard's captions, the seats and the students' words group thousands", () => {
    expect(shownOf(10, 50_000, ["student", "students"], "missing attendance")).toBe(
      "The first 10 of 50,000 students missing attendance.",
    );
    expect(shownOf(1_200, 1_200, ["class", "classes"], "in session")).toBe("1,200 classes in session.");
    expect(studentsWord(1_500, true)).toBe("1,500 students");
    expect(seatsLine({ capacity: null, attending_count: 1_500, waitlist_count: 0 })).toBe(
      "No seat limit (1,500 attending)",
    );
    expect(seatsLine({ capacity: 2_000, attending_count: 2_000, waitlist_count: 0 })).toBe("Full (2,000 of 2,000)");
    expect(seatsLine({ capacity: 2_000, attending_count: 500, waitlist_count: 0 })).toBe("1,500 of 2,000 seats left");
  });

  it("a course's or event's minutes group thousands", () => {
    expect(minutesOrDefault(1_440)).toBe("1,440 minutes");
    expect(minutesOrDefault(15)).toBe("15 minutes");
    expect(minutesOrDefault(null)).toBe("School default");
  });
});
