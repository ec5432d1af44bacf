import { afterEach, describe, expect, it, vi } from "vitest";
import { classConfig } from "./pages/class.tsx";
import {
  exportPath,
  FILTER_LABELS,
  filterVariables,
  inFilterWords,
  missingFilters,
  parseIds,
  parseReportFilters,
  rangeProblem,
  shiftDay,
  shownFilters,
  withReportFilters,
} from "./report-filters.ts";

const STATUS_KEYS = ["start_date", "end_date", "classes", "location_id"] as const;
const q = (s: string) => new URLSearchParams(s);
const grid = { page: 2, per_page: 25, sort_by: "date", sort_dir: "desc" as const };

describe("a report's filters in the URL", () => {
  it("reads only the keys the report uses, dropping garbage", () => {
    const f = parseReportFilters(
      q("start_date=2026-09-01&end_date=bad&classes=3,x,4,3&location_id=-2&uuid=00000000-0000-4000-8000-000000000001"),
      STATUS_KEYS,
    );
    expect(f.start_date).toBe("2026-09-01");
    expect(f.end_date).toBeNull();
    expect(f.classes).toEqual([3, 4]);
    expect(f.location_id).toBeNull();
    // Status has no uuid filter
    expect(f.uuid).toBeNull();
  });

  it("keeps ids positive and once each", () => {
    expect(parseIds("1, 2,2,0,-1,1.5,abc,9007199254740993")).toEqual([1, 2]);
    expect(parseIds(null)).toEqual([]);
  });

  it("reads a uuid, an attendable type, a mode and a day where the report has them", () => {
    const f = parseReportFilters(
      q("uuid=ABCDEF00-0000-4000-8000-000000000001&attendable_type=event&mode=device&date=2026-10-02"),
      ["uuid", "attendable_type", "mode", "date"],
    );
    expect(f).toMatchObject({
      uuid: "abcdef00-0000-4000-8000-000000000001",
      attendable_type: "event",
      mode: "device",
      date: "2026-10-02",
    });
    expect(parseReportFilters(q("uuid=nope&attendable_type=team"), ["uuid", "attendable_type"])).toMatchObject({
      uuid: null,
      attendable_type: null,
    });
  });

  it("writes a change, back to page 1, leaving other keys and empty filters out", () => {
    const next = withReportFilters(q("page=3&per_page=50&start_date=2026-09-01&other=x"), STATUS_KEYS, {
      classes: [5, 6],
      start_date: null,
    });
    expect(next.get("classes")).toBe("5,6");
    expect(next.has("start_date")).toBe(false);
    expect(next.get("page")).toBe("1");
    expect(next.get("per_page")).toBe("50");
    expect(next.get("other")).toBe("x");
  });

  it("leaves the page alone when nothing changed", () => {
    const next = withReportFilters(q("page=3&classes=5,6"), STATUS_KEYS, { classes: [5, 6] });
    expect(next.get("page")).toBe("3");
  });

  it("names the required filters that are missing, and a bad range", () => {
    const f = parseReportFilters(q("start_date=2026-09-02"), STATUS_KEYS);
    expect(missingFilters(f, ["start_date", "end_date"])).toEqual(["end_date"]);
    const reversed = parseReportFilters(q("start_date=2026-09-02&end_date=2026-09-01"), STATUS_KEYS);
    expect(rangeProblem(reversed)?.field).toBe("end_date");
    const long = parseReportFilters(q("start_date=2024-01-01&end_date=2026-09-01"), STATUS_KEYS);
    expect(rangeProblem(long)?.field).toBe("end_date");
    expect(rangeProblem(parseReportFilters(q("start_date=2026-09-01&end_date=2026-09-30"), STATUS_KEYS))).toBeNull();
  });

  it("says what is wrong with a range in the filter bar's words, not the call's keys", () => {
    const reversed = parseReportFilters(q("start_date=2026-09-02&end_date=2026-09-01"), STATUS_KEYS);
    expect(rangeProblem(reversed)?.message).toBe("End date must not be before the start date");
    const long = parseReportFilters(q("start_date=2024-01-01&end_date=2026-09-01"), STATUS_KEYS);
    expect(rangeProblem(long)?.message).toBe("End date must be at most 730 days after the start date (two years)");
  });

  it("reads a server message's keys as labels, leaving English words alone", () => {
    expect(inFilterWords("location_id is required")).toBe("Location is required");
    expect(inFilterWords("date must be a date (YYYY-MM-DD) from 1900-01-01 to 2199-12-31")).toBe(
      "Day must be a date (YYYY-MM-DD) from 1900-01-01 to 2199-12-31",
    );
    expect(inFilterWords("uuid is not a class of yours", { ...FILTER_LABELS, uuid: "Class" })).toBe(
      "Class is not a class of yours",
    );
    expect(inFilterWords("The report could not be run")).toBe("The report could not be run");
  });

  it("gives the same filters to the GraphQL call and to the export", () => {
    const f = parseReportFilters(q("start_date=2026-09-01&end_date=2026-09-30&classes=3,4&location_id=7"), STATUS_KEYS);
    expect(filterVariables(f, STATUS_KEYS)).toEqual({
      start_date: "2026-09-01",
      end_date: "2026-09-30",
      classes: [3, 4],
      location_id: 7,
    });
    const path = exportPath("Status", f, STATUS_KEYS, grid);
    const [base, query] = path.split("?") as [string, string];
    expect(base).toBe("/api/v2/reports/Status/export.csv");
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      start_date: "2026-09-01",
      end_date: "2026-09-30",
      classes: "3,4",
      location_id: "7",
      sort_by: "date",
      sort_dir: "desc",
    });
    // the export is every page: no page or per_page
    expect(query).not.toMatch(/page=/);
  });

  it("moves a day across month ends", () => {
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("the range a report used when the URL left it open (QA: the Class report's empty date boxes)", () => {
  afterEach(() => vi.unstubAllGlobals());
  const open = parseReportFilters(q("uuid=c-1"), ["uuid", "start_date", "end_date"]);
  const semester = { start_date: "2026-08-24", end_date: "2026-12-18" };

  it("shows the server's range in the boxes only while the URL has none", () => {
    expect(shownFilters(open, semester)).toMatchObject(semester);
    expect(shownFilters(open, null)).toBe(open);
    const set = { ...open, start_date: "2026-11-02", end_date: "2026-11-06" };
    expect(shownFilters(set, semester)).toBe(set);
    // half typed: the user's, not a mix
    const half = { ...open, start_date: "2026-11-02" };
    expect(shownFilters(half, semester)).toBe(half);
  });

  it("the Class report hands back the range its answer covers", async () => {
    const courseReport = {
      total: 0,
      data: [],
      sessions: [],
      by_status: [],
      start_date: "2026-08-24",
      end_date: "2026-12-18",
      course: { id: 1, uuid: "c-1", title: "Biology" },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ data: { courseReport } }), { status: 200 })),
    );
    const result = await classConfig.load(open, { page: 1, per_page: 25, sort_by: "name", sort_dir: "asc" });
    expect(result.range).toEqual(semester);
  });
});
