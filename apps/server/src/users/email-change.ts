import { EMAIL_CHANGE_TTL_MS } from "@rollbook/domain";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { linkSecretHash, newLinkSecret } from "../auth/tokens.ts";
import { emailChanges, schools, users } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { auditUser } from "./audit.ts";
import type { UserRow } from "./guard.ts";

/** The one refusal of an address that tells it is taken: only for the viewer's own school. */
export const EMAIL_TAKEN = "A user with this e-mail already exists.";

/**
 * A new e-mail (the sign-in) for `target`, asked for on /Profile or by a manager: it takes effect
 * only when the new address opens the mailed link (POST /api/v2/email/confirm), decision 0951.
 * Addresses are unique across schools, but the answer must not tell that another school holds
 * one: an address of the viewer's school is refused as before; one of another school answers
 * exactly as a free one, and its holder is mailed that it has an account already (no link). A
 * removed user of another school holds nothing: its address is asked for as a free one.
 */
export async function requestEmailChange(data: Scoped, target: UserRow, email: string): Promise<void> {
  const { db, s } = systemOf(data);
  const [found] = await db
    .select({ school_id: users.school_id, deleted_at: users.deleted_at })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, target.id)))
    .limit(1);
  // the viewer's school, removed users included: they see those rows (decision 0951)
  if (found?.school_id === data.viewer.schoolId) throw userError(EMAIL_TAKEN, "email");
  // another school's removed user is no holder: it gives the address up on confirmation (0952)
  const holder = found && !found.deleted_at ? found : undefined;
  const [school] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, target.school_id));
  const secret = newLinkSecret();
  const now = new Date();
  await db.transaction(async (tx) => {
    // the newest request is the one that counts: earlier links of the user stop working
    await tx
      .update(emailChanges)
      .set({ expires_at: now })
      .where(and(eq(emailChanges.user_id, target.id), isNull(emailChanges.used_at), gt(emailChanges.expires_at, now)));
    // stored alike when the address is taken elsewhere; its link is simply never sent
    await tx.insert(emailChanges).values({
      secret_hash: linkSecretHash(secret),
      user_id: target.id,
      email,
      requested_by: data.viewer.user.id,
      expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
    });
    const mail = holder
      ? takenMail(email, school?.name)
      : confirmMail(email, target.first_name, school?.name, `${s.publicUrl}/ConfirmEmail/${secret}`);
    await s.mailer.send(mail, tx);
  });
  s.mailer.wake();
  await auditUser(data, "user.email_change_requested", target.id);
}

const at = (schoolName: string | undefined) => (schoolName ? ` at ${schoolName}` : "");

function confirmMail(to: string, firstName: string, schoolName: string | undefined, link: string) {
  return {
    to,
    subject: "Confirm your new Rollbook e-mail address",
    text: `Hello ${firstName},\n\nThis address was given as the e-mail of your Rollbook account${at(schoolName)}. It becomes your sign-in when you confirm it here (valid for 24 hours, once):\n${link}\n\nIf you did not expect this, ignore this mail: nothing changes.\n`,
  };
}

/** To the holder of an address another school asked for: nothing changed, and why. */
function takenMail(to: string, schoolName: string | undefined) {
  return {
    to,
    subject: "Your Rollbook e-mail address",
    text: `Hello,\n\nSomeone${at(schoolName)} gave this address as the e-mail of a Rollbook account. This address already has a Rollbook account, and one address holds one account, so nothing changed. Keep signing in as before; if the change was yours, use another address there.\n`,
  };
}
