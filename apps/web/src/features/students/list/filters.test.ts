import { describe, expect, it } from "vitest";
import {
  exportCsvPath,
  filterKey,
  NO_FILTERS,
  parseStudentFilters,
  studentsEmptyText,
  studentsVariables,
  withStudentFilters,
} from "./filters.ts";

const UUID = "0b7a3c2e-1f4d-4a5b-9c8d-7e6f5a4b3c2d";
const q = (s: string) => new URLSearchParams(s);

describe("/Students filters in the URL", () => {
  it("reads defaults: active, no query, no relation", () => {
    expect(parseStudentFilters(q(""))).toEqual({ query: "", state: "active", relation: null, relation_uuid: null });
  });

  it("reads a full filter and ignores half a relation or an unknown state", () => {
    expect(parseStudentFilters(q(`query=ann&state=removed&relation=team&relation_uuid=${UUID}`))).toEqual({
      query: "ann",
      state: "removed",
      relation: "team",
      relation_uuid: UUID,
    });
    expect(parseStudentFilters(q("relation=team")).relation).toBeNull();
    expect(parseStudentFilters(q(`relation=club&relation_uuid=${UUID}`)).relation).toBeNull();
    expect(parseStudentFilters(q("relation=course&relation_uuid=nope")).relation_uuid).toBeNull();
    expect(parseStudentFilters(q("state=all")).state).toBe("active");
  });

  it("a changed filter goes back to page 1 and keeps the grid's other keys", () => {
    const next = withStudentFilters(q("page=4&per_page=50&sort_by=email&sort_dir=desc"), { query: "smith" });
    expect(next.get("query")).toBe("smith");
    expect(next.get("page")).toBe("1");
    expect(next.get("per_page")).toBe("50");
    expect(next.get("sort_by")).toBe("email");
  });

  it("an unchanged filter leaves the page alone, and defaults leave the URL", () => {
    const same = withStudentFilters(q("page=4&query=smith"), { query: "smith" });
    expect(same.get("page")).toBe("4");
    const back = withStudentFilters(q(`page=3&query=x&state=removed&relation=course&relation_uuid=${UUID}`), {
      query: " ",
      state: "active",
      relation: null,
    });
    expect([...back.keys()].sort()).toEqual(["page"]);
    expect(back.get("page")).toBe("1");
  });

  it("passes the filter and the page to the query, and the filter without the page to the export", () => {
    const f = parseStudentFilters(q(`query=%20ann%20&relation=event&relation_uuid=${UUID}`));
    const g = { page: 2, per_page: 25, sort_by: "name", sort_dir: "desc" as const };
    expect(studentsVariables(f, g)).toEqual({
      state: "active",
      query: "ann",
      relation: "event",
      relation_uuid: UUID,
      page: 2,
      per_page: 25,
      sort_by: "name",
      sort_dir: "desc",
    });
    const url = new URL(exportCsvPath(f, g), "http://x");
    expect(url.pathname).toBe("/api/v2/students/export.csv");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      state: "active",
      query: "ann",
      relation: "event",
      relation_uuid: UUID,
      sort_by: "name",
      sort_dir: "desc",
    });
  });

  it("names the filtered set apart from its page, so only a filter change clears the selection", () => {
    const a = parseStudentFilters(q("query=ann&page=1"));
    const b = parseStudentFilters(q("query=ann&page=5&sort_by=email"));
    const c = parseStudentFilters(q("query=anne"));
    expect(filterKey(a)).toBe(filterKey(b));
    expect(filterKey(a)).not.toBe(filterKey(c));
  });

  it("says why the list is empty: roles 5-9 see the participants linked to them, not the school's", () => {
    expect(studentsEmptyText(NO_FILTERS, 2)).toBe("No participants yet");
    expect(studentsEmptyText({ ...NO_FILTERS, state: "removed" }, 3)).toBe("No removed participants");
    expect(studentsEmptyText(NO_FILTERS, 8)).toBe(
      "No participants assigned to you or in your courses, events and teams",
    );
    expect(studentsEmptyText({ ...NO_FILTERS, query: "ann" }, 8)).toBe("No matching data");
    expect(studentsEmptyText({ ...NO_FILTERS, relation: "team", relation_uuid: UUID }, 3)).toBe("No matching data");
  });
});
