/** The Change password form's values and the checks the browser makes. Pure, tested without a browser. */
import type { Errors } from "../../ui/form/server-errors.ts";

export interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm: string;
}

export type PasswordField = keyof PasswordValues;

export const PASSWORD_ORDER: readonly PasswordField[] = ["current_password", "new_password", "confirm"];

export const PASSWORD_LABELS: Record<PasswordField, string> = {
  current_password: "Current password",
  new_password: "New password",
  confirm: "Repeat the new password",
};

export const EMPTY_PASSWORD_FORM: PasswordValues = { current_password: "", new_password: "", confirm: "" };

export function passwordErrors(v: PasswordValues): Errors<PasswordField> {
  const e: Errors<PasswordField> = {};
  if (!v.current_password) e.current_password = "Current password is required";
  if (v.new_password.length < 8) e.new_password = "New password must be at least 8 characters";
  else if (v.confirm !== v.new_password) e.confirm = "The two new passwords differ";
  return e;
}
