import { describe, expect, it } from "vitest";
import { parseUserFilters, usersVariables, withUserFilters } from "./filters.ts";

describe("users list filters", () => {
  it("reads and writes the URL, dropping defaults and bad values", () => {
    expect(parseUserFilters(new URLSearchParams("role=12&state=gone"))).toEqual({
      query: "",
      role: null,
      state: "active",
    });
    const q = withUserFilters(new URLSearchParams("page=3"), { role: 7, state: "inactive", query: "ann" });
    expect(q.toString()).toBe("page=1&query=ann&role=7&state=inactive");
    expect(withUserFilters(q, { state: "active" }).get("state")).toBeNull();
  });

  it("sends only what is set", () => {
    const v = usersVariables(
      { query: " ", role: 5, state: "all" },
      { page: 2, per_page: 25, sort_by: "email", sort_dir: "desc" },
    );
    expect(v).toEqual({ state: "all", role_id: 5, page: 2, per_page: 25, sort_by: "email", sort_dir: "desc" });
  });
});
