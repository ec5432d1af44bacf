import { describe, expect, it } from "vitest";
import {
  alertFilterOptions,
  alertTargetLabel,
  alertTargetNames,
  notificationErrors,
  notificationValues,
  notificationVariables,
} from "./notification-form.ts";

const user = {
  late_email: true,
  absent_email: false,
  tardy_absent_email: false,
  pindrop_email: true,
  daily_recap_email: false,
  weekly_startup_email: false,
  weekly_recap_email: true,
  prefers_sms: false,
  phone_number: null,
  alert_filter: ["team:3"],
};

describe("notification form", () => {
  it("asks for a phone with SMS and sends blanks as null", () => {
    const v = notificationValues(user);
    expect(notificationErrors({ ...v, prefers_sms: true })).toHaveProperty("phone_number");
    expect(notificationErrors(v)).toEqual({});
    expect(notificationValues({ ...user, phone_number: "15185552006" }).phone_number).toBe("(518) 555-2006");
    expect(notificationVariables(4, v)).toMatchObject({
      user_id: 4,
      phone_number: null,
      late_email: true,
      alert_filter: ["team:3"],
    });
  });

  it("words every alert filter entry, named when a list names it, never as the raw id", () => {
    const names = alertTargetNames(
      { team: [{ id: 1, name: "Varsity Soccer" }] },
      { course: [{ id: 2, title: " Biology " }] },
    );
    expect(alertTargetLabel("team:1", names)).toBe("Team: Varsity Soccer");
    expect(alertTargetLabel("course:2", names)).toBe("Course: Biology");
    expect(alertTargetLabel("team:9", names)).toBe("Team #9 (name not available)");
    expect(alertTargetLabel("event:3", names)).toBe("Event #3 (name not available)");
    expect(alertTargetLabel("something else", names)).toBe("something else");
  });

  it("offers the viewer's courses and teams, then the chosen entries it cannot list", () => {
    const options = alertFilterOptions(
      { course: [{ id: 2, title: "Biology" }], team: [] },
      { team: [{ id: 1, name: "Varsity Soccer" }] },
      ["team:1", "course:2", "event:3"],
    );
    expect(options).toEqual([
      { value: "course:2", label: "Course: Biology" },
      { value: "team:1", label: "Team: Varsity Soccer" },
      { value: "event:3", label: "Event #3 (name not available)" },
    ]);
  });
});
