import { formatPhone } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { eventGroup } from "./EventsTab.tsx";
import { isPhone, labelServerMessage } from "./field-errors.ts";
import { attendancePath, groupSecret } from "./HeaderCards.tsx";

describe("participant page logic", () => {
  it("shows phones as (123) 456-7890 and checks ten digits", () => {
    expect(formatPhone("123.456.7890")).toBe("(123) 456-7890");
    expect(isPhone("(123) 456-7890")).toBe(true);
    expect(isPhone("1 123 456 7890")).toBe(true);
    expect(isPhone("456-7890")).toBe(false);
  });

  it("puts the field's label on a server message that starts with its key", () => {
    expect(labelServerMessage("email", "Email", "email must be a valid e-mail address")).toBe(
      "Email must be a valid e-mail address",
    );
    expect(labelServerMessage("zip", "ZIP code", "That is taken")).toBe("That is taken");
  });

  it("groups events: attended by status, else waitlisted or attending", () => {
    expect(eventGroup({ in_waitlist: false, status: 1 })).toBe("attended");
    expect(eventGroup({ in_waitlist: true, status: 2 })).toBe("attended");
    expect(eventGroup({ in_waitlist: true, status: null })).toBe("waitlisted");
    // an event that is over and was missed (absent) or covered (excused) is no longer ahead
    expect(eventGroup({ in_waitlist: false, status: 3 })).toBe("missed");
    expect(eventGroup({ in_waitlist: true, status: 4 })).toBe("missed");
    expect(eventGroup({ in_waitlist: false, status: 0 })).toBe("attending");
    expect(eventGroup({ in_waitlist: false, status: null })).toBe("attending");
  });

  it("links to the right attendance page and groups the secret for typing", () => {
    expect(attendancePath("s", "course", "c")).toBe("/Students/s/Courses/c/Attendance");
    expect(attendancePath("s", "event", "e")).toBe("/Students/s/Events/e/Attendance");
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
  });
});
