import { describe, expect, it } from "vitest";
import { notificationErrors, notificationValues, notificationVariables } from "./notification-form.ts";

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
    expect(notificationVariables(4, v)).toMatchObject({
      user_id: 4,
      phone_number: null,
      late_email: true,
      alert_filter: ["team:3"],
    });
  });
});
