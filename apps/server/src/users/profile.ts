import { eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { users } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { auditUser } from "./audit.ts";
import { requestEmailChange } from "./email-change.ts";
import { emailField, nameField, optionalName, phoneField } from "./fields.ts";
import type { UserRow } from "./guard.ts";

export interface ProfileArgs {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  higher_contrast?: boolean | null;
  a11y_mode?: boolean | null;
}

/**
 * /Profile: the viewer's own information and display choices. There is no role here, by design.
 * A new e-mail is only asked for: it changes when the new address confirms it.
 */
export async function updateProfile(data: Scoped, args: ProfileArgs): Promise<UserRow> {
  const v = data.viewer;
  const me = v.user;
  const set: Partial<UserRow> = {};
  if (args.first_name != null) set.first_name = nameField(args.first_name, "first_name");
  if (args.last_name !== undefined) set.last_name = optionalName(args.last_name, "last_name");
  // a new e-mail waits for its address to confirm it (decision 0951): it is not in `set`
  const email = args.email != null ? emailField(args.email) : undefined;
  if (args.phone_number !== undefined) {
    set.phone_number = phoneField(args.phone_number);
    if (set.phone_number === null && me.prefers_sms)
      throw userError("phone_number is needed while you prefer SMS", "phone_number");
  }
  if (args.higher_contrast != null) set.higher_contrast = args.higher_contrast;
  if (args.a11y_mode != null) set.a11y_mode = args.a11y_mode;
  if (email !== undefined && email !== me.email.toLowerCase()) await requestEmailChange(data, me, email);
  if (Object.keys(set).length === 0) return me;
  const [row] = await data.update("users", eq(users.id, me.id), { ...set, updated_at: new Date() });
  if (!row) throw new Error("the viewer vanished during a profile update");
  await auditUser(data, "user.profile", row.id, { fields: Object.keys(set) });
  return row;
}
