import { roleById } from "@rollbook/domain";
import type { users } from "../db/schema/index.ts";

/** The user as the login answer carries it: no secrets. */
export function presentUser(user: typeof users.$inferSelect) {
  const role = roleById(user.role_id);
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    school_id: user.school_id,
    role_id: user.role_id,
    role: { id: role.id, name: role.name, display_name: role.display_name },
    higher_contrast: user.higher_contrast,
    a11y_mode: user.a11y_mode,
  };
}
