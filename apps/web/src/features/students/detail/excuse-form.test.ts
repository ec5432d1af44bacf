import { describe, expect, it } from "vitest";
import { RequestError } from "../../../lib/http.ts";
import { serverErrors } from "../../../ui/form/server-errors.ts";
import {
  attendableChoices,
  EMPTY_EXCUSE_FORM,
  EXCUSE_ALIASES,
  EXCUSE_LABELS,
  excuseFormErrors,
  excuseVariables,
  parseAttendable,
} from "./excuse-form.ts";

describe("the add-excuse form", () => {
  it("offers the student's own courses and events for an excuse, and reads the choice back", () => {
    const choices = attendableChoices({
      courses: [{ id: 4, uuid: "c", title: "Biology" }],
      events: [
        {
          event: { id: 9, uuid: "e", title: "Fair", date: "2026-11-20", start_time: "09:00", end_time: "10:00" },
          in_waitlist: false,
          status: null,
        },
      ],
    });
    expect(choices).toEqual([
      { group: "Courses", items: [{ value: "course:4", label: "Biology" }] },
      { group: "Events", items: [{ value: "event:9", label: "Fair" }] },
    ]);
    expect(parseAttendable("event:9")).toEqual({ attendable_type: "event", attendable_id: 9 });
    expect(parseAttendable("team:1")).toBeNull();
    expect(parseAttendable(null)).toBeNull();
  });

  it("requires a date and one of the student's own courses or events", () => {
    expect(excuseFormErrors(EMPTY_EXCUSE_FORM)).toEqual({
      date: "Date is required",
      attendable: "Course or event is required",
    });
    expect(excuseFormErrors({ date: "2026-11-20", attendable: "team:1", notes: "" })).toEqual({
      attendable: "Course or event is required",
    });
    expect(excuseFormErrors({ date: "2026-11-20", attendable: "course:4", notes: "" })).toEqual({});
  });

  it("sends the parsed choice and clears blank notes", () => {
    expect(excuseVariables(3, { date: "2026-11-20", attendable: "event:9", notes: "  " })).toEqual({
      student_id: 3,
      date: "2026-11-20",
      attendable_type: "event",
      attendable_id: 9,
      notes: null,
    });
    expect(excuseVariables(3, { date: "2026-11-20", attendable: "course:4", notes: " Doctor " })?.notes).toBe("Doctor");
    expect(excuseVariables(3, EMPTY_EXCUSE_FORM)).toBeNull();
  });

  it("puts the server's refusal of the course or event on that field", () => {
    const err = new RequestError("attendable_id: 9 is not a event you can see", 200, {
      attendable_id: ["attendable_id: 9 is not a event you can see"],
    });
    expect(serverErrors(err, EXCUSE_LABELS, EXCUSE_ALIASES).fields).toEqual({
      attendable: "Course or event: 9 is not a event you can see",
    });
  });
});
