import { describe, expect, it } from "vitest";
import { parseGridParams } from "../../../ui/grid/grid-params.ts";
import {
  COURSE_GRID_DEFAULTS,
  coursesCaption,
  coursesEmptyText,
  coursesVariables,
  NO_COURSE_FILTERS,
  parseCourseFilters,
  withCourseFilters,
} from "./filters.ts";

const q = (s: string) => new URLSearchParams(s);

describe("course filters in the URL", () => {
  it("reads query, state and in_session; anything unknown is the default", () => {
    expect(parseCourseFilters(q(""))).toEqual(NO_COURSE_FILTERS);
    expect(parseCourseFilters(q("query=bio&state=archived&in_session=1"))).toEqual({
      query: "bio",
      state: "archived",
      in_session: true,
    });
    expect(parseCourseFilters(q("state=gone&in_session=yes"))).toEqual(NO_COURSE_FILTERS);
    expect(parseCourseFilters(q("state=removed&in_session=true")).state).toBe("removed");
    expect(parseCourseFilters(q(`query=${"x".repeat(300)}`)).query).toHaveLength(200);
  });

  it("writes a change, back to page 1, defaults left out", () => {
    const start = q("page=3&per_page=50&sort_by=crn&sort_dir=desc");
    const out = withCourseFilters(start, { state: "archived", in_session: true });
    expect(out.get("state")).toBe("archived");
    expect(out.get("in_session")).toBe("1");
    expect(out.get("page")).toBe("1");
    expect(out.get("sort_by")).toBe("crn");
    const back = withCourseFilters(out, { state: "active", in_session: false, query: "  " });
    expect(back.has("state")).toBe(false);
    expect(back.has("in_session")).toBe(false);
    expect(back.has("query")).toBe(false);
    // the input is not changed
    expect(start.get("page")).toBe("3");
  });

  it("keeps the page when nothing changed", () => {
    const out = withCourseFilters(q("page=4&query=bio"), { query: "bio " });
    expect(out.get("page")).toBe("4");
  });

  it("builds the call's variables with the grid's page and order", () => {
    const g = parseGridParams(q("page=2&per_page=50&sort_by=students_count&sort_dir=desc"), COURSE_GRID_DEFAULTS);
    expect(coursesVariables({ query: " bio ", state: "removed", in_session: true }, g)).toEqual({
      state: "removed",
      query: "bio",
      in_session: true,
      page: 2,
      per_page: 50,
      sort_by: "students_count",
      sort_dir: "desc",
    });
    const d = parseGridParams(q("sort_by=nope"), COURSE_GRID_DEFAULTS);
    expect(coursesVariables(NO_COURSE_FILTERS, d)).toEqual({
      state: "active",
      page: 1,
      per_page: 25,
      sort_by: "title",
      sort_dir: "asc",
    });
  });

  it("names the set shown", () => {
    expect(coursesCaption(NO_COURSE_FILTERS)).toBe("Courses");
    expect(coursesCaption({ ...NO_COURSE_FILTERS, state: "archived", in_session: true })).toBe(
      "Archived courses in session now",
    );
  });

  it("says why the list is empty: a search, none in the school, or none assigned to the viewer", () => {
    const admin = 3;
    const professor = 6;
    expect(coursesEmptyText(NO_COURSE_FILTERS, admin)).toBe("No courses yet");
    expect(coursesEmptyText(NO_COURSE_FILTERS, professor)).toBe("No courses assigned to you");
    expect(coursesEmptyText({ ...NO_COURSE_FILTERS, state: "archived" }, admin)).toBe("No archived courses");
    expect(coursesEmptyText({ ...NO_COURSE_FILTERS, state: "removed" }, professor)).toBe(
      "No removed courses assigned to you",
    );
    expect(coursesEmptyText({ ...NO_COURSE_FILTERS, query: "bio" }, professor)).toBe("No matching data");
    expect(coursesEmptyText({ ...NO_COURSE_FILTERS, in_session: true }, admin)).toBe("No matching data");
  });
});
