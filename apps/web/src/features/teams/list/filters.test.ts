import { describe, expect, it } from "vitest";
import { parseTeamFilters, teamsCaption, teamsEmptyText, teamsVariables, withTeamFilters } from "./filters.ts";

const grid = { page: 2, per_page: 25, sort_by: "name", sort_dir: "asc" as const };

describe("team list filters", () => {
  it("reads defaults and ignores unknown states", () => {
    expect(parseTeamFilters(new URLSearchParams(""))).toEqual({ query: "", state: "active" });
    expect(parseTeamFilters(new URLSearchParams("state=archived&query=x"))).toEqual({ query: "x", state: "active" });
    expect(parseTeamFilters(new URLSearchParams("state=removed"))).toEqual({ query: "", state: "removed" });
  });

  it("a changed filter goes back to page 1 and defaults stay out of the URL", () => {
    const q = withTeamFilters(new URLSearchParams("page=3&per_page=50"), { state: "removed" });
    expect(q.get("page")).toBe("1");
    expect(q.get("state")).toBe("removed");
    const back = withTeamFilters(q, { state: "active", query: "" });
    expect(back.has("state")).toBe(false);
    expect(back.has("query")).toBe(false);
    expect(back.get("per_page")).toBe("50");
  });

  it("an unchanged filter keeps the page", () => {
    const q = withTeamFilters(new URLSearchParams("page=3&query=abc"), { query: "abc " });
    expect(q.get("page")).toBe("3");
  });

  it("builds the query's variables", () => {
    expect(teamsVariables({ query: " soc ", state: "active" }, grid)).toEqual({
      state: "active",
      query: "soc",
      page: 2,
      per_page: 25,
      sort_by: "name",
      sort_dir: "asc",
    });
    expect(teamsVariables({ query: "", state: "removed" }, { ...grid, sort_by: null })).toEqual({
      state: "removed",
      page: 2,
      per_page: 25,
    });
    expect(teamsCaption({ query: "", state: "removed" })).toBe("Removed teams");
  });

  it("says why the list is empty: a search, no team in the school, or none assigned to the viewer", () => {
    expect(teamsEmptyText({ query: "", state: "active" }, 3)).toBe("No teams yet");
    expect(teamsEmptyText({ query: "", state: "active" }, 6)).toBe("No teams assigned to you");
    expect(teamsEmptyText({ query: "", state: "removed" }, 4)).toBe("No removed teams");
    expect(teamsEmptyText({ query: "", state: "removed" }, 7)).toBe("No removed teams assigned to you");
    expect(teamsEmptyText({ query: "chess", state: "active" }, 6)).toBe("No matching data");
  });
});
