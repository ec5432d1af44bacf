import { describe, expect, it } from "vitest";
import { eventsCaption, eventsEmptyText, eventsVariables, parseEventFilters, withEventFilters } from "./filters.ts";

describe("event list filters", () => {
  it("defaults to upcoming and ignores unknown states", () => {
    expect(parseEventFilters(new URLSearchParams(""))).toEqual({ query: "", state: "upcoming" });
    expect(parseEventFilters(new URLSearchParams("state=all"))).toEqual({ query: "", state: "upcoming" });
    expect(parseEventFilters(new URLSearchParams("state=past&query=gala"))).toEqual({ query: "gala", state: "past" });
  });

  it("a changed filter goes back to page 1; the default state stays out of the URL", () => {
    const q = withEventFilters(new URLSearchParams("page=4"), { state: "removed" });
    expect(q.get("page")).toBe("1");
    expect(q.get("state")).toBe("removed");
    expect(withEventFilters(q, { state: "upcoming" }).has("state")).toBe(false);
    expect(withEventFilters(new URLSearchParams("page=4&query=a"), { query: "a" }).get("page")).toBe("4");
  });

  it("builds variables and captions", () => {
    expect(
      eventsVariables({ query: " fair ", state: "past" }, { page: 1, per_page: 50, sort_by: "date", sort_dir: "desc" }),
    ).toEqual({ state: "past", query: "fair", page: 1, per_page: 50, sort_by: "date", sort_dir: "desc" });
    expect(eventsCaption({ query: "", state: "upcoming" })).toBe("Upcoming events");
    expect(eventsCaption({ query: "", state: "removed" })).toBe("Removed events");
  });

  it("says why the list is empty: roles 5-9 see their assigned events and the public ones", () => {
    expect(eventsEmptyText({ query: "", state: "upcoming" }, 3)).toBe("No upcoming events");
    expect(eventsEmptyText({ query: "", state: "past" }, 7)).toBe("No past events assigned to you or public");
    expect(eventsEmptyText({ query: "gala", state: "upcoming" }, 7)).toBe("No matching data");
  });
});
