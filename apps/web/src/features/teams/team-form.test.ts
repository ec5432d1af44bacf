import { describe, expect, it } from "vitest";
import { RequestError } from "../../lib/http.ts";
import { firstError, inWords, serverErrors } from "../../ui/form/server-errors.ts";
import {
  EMPTY_TEAM_FORM,
  TEAM_FIELD_ORDER,
  TEAM_LABELS,
  teamFormErrors,
  teamFormFrom,
  teamVariables,
} from "./team-form.ts";

describe("team form", () => {
  it("needs a name and keeps the limits", () => {
    expect(teamFormErrors(EMPTY_TEAM_FORM)).toEqual({ name: "Name is required" });
    expect(teamFormErrors({ ...EMPTY_TEAM_FORM, name: "x".repeat(101), tag: "t".repeat(21) })).toEqual({
      name: "Name must be at most 100 characters",
      tag: "Tag must be at most 20 characters",
    });
    expect(teamFormErrors({ ...EMPTY_TEAM_FORM, name: " Soccer " })).toEqual({});
  });

  it("sends trimmed values with a blank tag cleared", () => {
    expect(teamVariables({ name: " Soccer ", tag: " ", is_sport: true, visibility: "public" })).toEqual({
      name: "Soccer",
      tag: null,
      is_sport: true,
      visibility: "public",
    });
    expect(teamFormFrom({ name: "A", tag: null, is_sport: false, visibility: "odd" }).visibility).toBe("private");
  });

  it("puts the server's field errors on the field, in words", () => {
    const err = new RequestError("name: the school already has a team named A", 200, {
      name: ["name: the school already has a team named A"],
    });
    expect(serverErrors(err, TEAM_LABELS)).toEqual({
      fields: { name: "Name: the school already has a team named A" },
      rest: null,
    });
    expect(serverErrors(new RequestError("Team not found", 200, {}), TEAM_LABELS)).toEqual({
      fields: {},
      rest: "Team not found",
    });
    expect(inWords("capacity", "Capacity", "must be at least 3")).toBe("Capacity: must be at least 3");
    expect(firstError(TEAM_FIELD_ORDER, { visibility: "x", tag: "y" })).toBe("tag");
  });
});
