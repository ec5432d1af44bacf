import { describe, expect, it } from "vitest";
import { newSchoolErrors, schoolErrors, schoolFormValues, schoolVariables } from "./school-form.ts";

const school = {
  name: "Rollbook College",
  address: null,
  contact_person: "Dana",
  phone: "5551234567",
  email: null,
  support_email: null,
  late_time: 5,
  absent_time: 15,
  leave_time: 10,
  warning_percentage: 80,
  timezone: "America/New_York",
  token_pattern: "random",
  student_cap: null,
  allow_user_invite: true,
};

describe("the School tab's form", () => {
  it("round-trips the school into variables", () => {
    const r = schoolVariables(schoolFormValues(school));
    expect(r).toEqual({
      ok: true,
      variables: expect.objectContaining({
        name: "Rollbook College",
        address: "",
        phone: "(555) 123-4567",
        late_time: 5,
        student_cap: null,
      }),
    });
  });

  it("names the field of each problem it can see", () => {
    const r = schoolVariables({
      ...schoolFormValues(school),
      name: " ",
      late_time: "x",
      warning_percentage: "120",
      student_cap: "-3",
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(["late_time", "name", "student_cap", "warning_percentage"]);
    const order = schoolVariables({ ...schoolFormValues(school), late_time: "20", absent_time: "20" });
    expect(order.ok ? null : order.errors).toEqual({ absent_time: "Absent after must be more than late after" });
  });

  it("refuses, as the server does, a sign, a decimal point or a number out of range (never clamps)", () => {
    const errors = (patch: Partial<ReturnType<typeof schoolFormValues>>) =>
      schoolErrors({ ...schoolFormValues(school), ...patch });
    expect(errors({ warning_percentage: "150" })).toEqual({
      warning_percentage: "Warning below (APA %) must be a whole number from 0 to 100",
    });
    expect(errors({ late_time: "-5" })).toEqual({
      late_time: "Late after (minutes) must be a whole number from 0 to 1440",
    });
    expect(errors({ late_time: "2.5" })).toEqual({
      late_time: "Late after (minutes) must be a whole number from 0 to 1440",
    });
    expect(errors({ leave_time: "1441" })).toHaveProperty("leave_time");
    expect(errors({ student_cap: "10000001" })).toEqual({
      student_cap: "Student cap must be a whole number from 0 to 10,000,000, or empty for no cap",
    });
    expect(
      errors({ warning_percentage: "100", late_time: "0", absent_time: "1440", leave_time: "1440", student_cap: "0" }),
    ).toEqual({});
  });

  it("checks the e-mails' shape and the phone by the server's rule, all at once, in the field's words", () => {
    const errors = (patch: Partial<ReturnType<typeof schoolFormValues>>) =>
      schoolErrors({ ...schoolFormValues(school), ...patch });
    expect(errors({ email: "bad@", support_email: "help@school", phone: "12" })).toEqual({
      email: "E-mail must be a valid e-mail address",
      support_email: "Support e-mail must be a valid e-mail address",
      phone: "Phone must have 7 to 15 digits",
    });
    expect(errors({ phone: "555-CALL" })).toEqual({ phone: "Phone may hold only digits, spaces and + ( ) - ." });
    // as the server takes them: no e-mail, no phone, or any punctuation of 7 to 15 digits
    expect(errors({ email: " ", support_email: "", phone: "" })).toEqual({});
    expect(
      errors({ email: "office@school.test", support_email: "help@school.test", phone: "+1 (518) 555-0199" }),
    ).toEqual({});
  });

  it("gives the form the same checks, and none for a sound school", () => {
    expect(schoolErrors(schoolFormValues(school))).toEqual({});
    expect(schoolErrors({ ...schoolFormValues(school), name: "" })).toEqual({ name: "Name is required" });
  });

  it("asks a new school for its name", () => {
    expect(newSchoolErrors({ name: " ", timezone: "America/New_York" })).toEqual({ name: "School name is required" });
    expect(newSchoolErrors({ name: "North", timezone: "America/New_York" })).toEqual({});
  });
});
