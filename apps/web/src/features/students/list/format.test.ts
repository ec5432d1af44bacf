import { describe, expect, it } from "vitest";
import * as shared from "../../../ui/detail/format.ts";
import { personName } from "../../../ui/person-name.ts";
import { bulkQuestion, bulkResultText } from "./bulk.ts";
import * as listFormat from "./format.ts";
import { lastSeenText } from "./format.ts";

describe("/Students display", () => {
  it("keeps only its own helpers: none is a copy of the detail pages' (formatPercent)", () => {
    expect(Object.keys(listFormat).filter((name) => name in shared)).toEqual([]);
  });

  it("shows an APA as the list always did, through the shared helper", () => {
    expect(shared.formatPercent(87.456)).toBe("87.5%");
    expect(shared.formatPercent(75)).toBe("75%");
    expect(shared.formatPercent(null)).toBe("—");
    expect(shared.formatPercent(undefined)).toBe("—");
    expect(shared.formatPercent(Number.NaN)).toBe("—");
  });

  it("shows the preferred name first, with the legal first name when it differs", () => {
    expect(personName({ first_name: "Alexander", last_name: "Smith", preferred_name: "Alex" })).toBe(
      "Alex (Alexander) Smith",
    );
    expect(personName({ first_name: "Alex", last_name: "Smith", preferred_name: "alex" })).toBe("Alex Smith");
    expect(personName({ first_name: "Alex", last_name: "Smith", preferred_name: null })).toBe("Alex Smith");
  });

  it("says when a student was last seen by the school's calendar", () => {
    const tz = "America/Chicago";
    const now = new Date("2026-11-20T18:00:00Z"); // 12:00 in Chicago
    expect(lastSeenText(null, now, tz)).toBe("Never");
    expect(lastSeenText("2026-11-20T17:59:40Z", now, tz)).toBe("just now");
    expect(lastSeenText("2026-11-20T17:55:00Z", now, tz)).toBe("5 minutes ago");
    expect(lastSeenText("2026-11-20T15:00:00Z", now, tz)).toBe("3 hours ago");
    // 23:30 the evening before in Chicago (05:30 UTC today): yesterday there, though today in UTC
    expect(lastSeenText("2026-11-20T05:30:00Z", now, tz)).toBe("yesterday");
    expect(lastSeenText("2026-11-16T18:00:00Z", now, tz)).toBe("4 days ago");
    expect(lastSeenText("2026-10-01T18:00:00Z", now, tz)).toBe("10/01/2026");
  });

  it("asks naming how many and tells what changed", () => {
    expect(bulkQuestion("remove", 3)).toMatch(/^Remove 3 participants\?/);
    expect(bulkQuestion("course", 1, "Algebra I")).toBe("Add 1 participant to the course Algebra I?");
    expect(bulkResultText("course", { requested: 3, changed: 2 }, "Algebra I")).toBe(
      "Added 2 participants to Algebra I. 1 was already there.",
    );
    expect(bulkResultText("remove", { requested: 2, changed: 2 })).toBe("Removed 2 participants.");
  });
});
