import { describe, expect, it } from "vitest";
import { effectText } from "./AttendanceDetail.tsx";
import { attendableTitle } from "./StudentAttendancePage.tsx";
import type { AttendanceRow } from "./types.ts";

const student = {
  id: 1,
  uuid: "s",
  first_name: "Ada",
  last_name: "Lovelace",
  courses: [{ id: 2, uuid: "AAAA-course", title: "Biology" }],
  events: [{ event: { id: 3, uuid: "bbbb-event", title: "Science fair" } }],
};

describe("attendance page logic", () => {
  it("titles the page from the rows, else from the student's own courses or events, else not found", () => {
    const row = { attendable_title: "Biology II" } as AttendanceRow;
    expect(attendableTitle(student, "course", "aaaa-course", [row])).toBe("Biology II");
    expect(attendableTitle(student, "course", "aaaa-course", [])).toBe("Biology");
    expect(attendableTitle(student, "event", "BBBB-EVENT", undefined)).toBe("Science fair");
    // a course's uuid under the event address is not that event
    expect(attendableTitle(student, "event", "aaaa-course", [])).toBeNull();
  });

  it("writes an evidence's effect as a signed percent", () => {
    expect(effectText(0.8)).toBe("+80%");
    expect(effectText(-0.3)).toBe("−30%");
    expect(effectText(0)).toBe("+0%");
  });
});
