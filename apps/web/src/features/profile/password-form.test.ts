import { describe, expect, it } from "vitest";
import { EMPTY_PASSWORD_FORM, passwordErrors } from "./password-form.ts";

describe("the Change password form", () => {
  it("asks for the current password and a new one of 8 characters, repeated", () => {
    expect(passwordErrors(EMPTY_PASSWORD_FORM)).toEqual({
      current_password: "Current password is required",
      new_password: "New password must be at least 8 characters",
    });
    const v = { current_password: "old", new_password: "longer-one", confirm: "longer-on" };
    expect(passwordErrors(v)).toEqual({ confirm: "The two new passwords differ" });
    expect(passwordErrors({ ...v, confirm: "longer-one" })).toEqual({});
  });
});
