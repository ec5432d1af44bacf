import { canManageUsers, email as emailRule, INVITATION_TTL_MS, mayInvite } from "@rollbook/domain";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import type { Db } from "../db/client.ts";
import { auditLog, invitationCourse, invitations, roles, schools, users } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { EMAIL_TAKEN } from "../users/email-change.ts";
import { nameField } from "../users/fields.ts";
import { forbidden } from "../users/guard.ts";
import { linkSecretHash, newLinkSecret } from "./tokens.ts";

export type InvitationRow = typeof invitations.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Advisory-lock key (with a hash of school and address): one school's invitations of one address, one at a time. */
const LOCK_INVITE = 727015;

/** Holds, to the end of the transaction, the lock on one school's invitations of one address. */
export async function lockInvitations(tx: Tx, schoolId: number, email: string) {
  await lockInvitationsOf(tx, schoolId, [email]);
}

/**
 * The locks of one school's invitations of many addresses (a users import's batch), in one
 * statement, taken in address order: two callers never wait on each other in a cycle.
 */
export async function lockInvitationsOf(tx: Tx, schoolId: number, emails: readonly string[]) {
  const addresses = [...new Set(emails.map((e) => e.trim().toLowerCase()))].sort();
  if (addresses.length === 0) return;
  // offset 0 keeps the ordered list a subquery of its own, so the locks are taken in its order
  await tx.execute(sql`select count(pg_advisory_xact_lock(${LOCK_INVITE}, hashtext(${`${schoolId}:`} || o.a)))
    from (select a from jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb) with ordinality t(a, n)
      order by n offset 0) o`);
}

/**
 * Ends the school's open invitations of an address, one caller at a time per school and address
 * (held to the end of the transaction; read committed, so the update sees what a caller that held
 * it before committed; PGlite runs one transaction at a time). `except`: the one being renewed.
 * Answers the time it ended them at, taken after the lock.
 */
export async function endOpenInvitations(tx: Tx, schoolId: number, email: string, except?: number): Promise<Date> {
  const address = email.trim().toLowerCase();
  await lockInvitations(tx, schoolId, address);
  const now = new Date();
  await tx
    .update(invitations)
    .set({ expires_at: now })
    .where(
      and(
        eq(invitations.school_id, schoolId),
        sql`lower(${invitations.email}) = ${address}`,
        isNull(invitations.accepted_at),
        gt(invitations.expires_at, now),
        except === undefined ? undefined : ne(invitations.id, except),
      ),
    );
  return now;
}

/**
 * The school's newest invitation of an address that nobody accepted, open or ended: the one a users
 * import gives its classes to (`importUserCourses`), so the one whose phone and classes a new
 * invitation of the address takes over.
 */
async function newestUnaccepted(tx: Tx, schoolId: number, email: string) {
  const [row] = await tx
    .select({ id: invitations.id, phone_number: invitations.phone_number })
    .from(invitations)
    .where(
      and(
        eq(invitations.school_id, schoolId),
        sql`lower(${invitations.email}) = ${email.trim().toLowerCase()}`,
        isNull(invitations.accepted_at),
      ),
    )
    .orderBy(desc(invitations.id))
    .limit(1);
  return row;
}

/** The refusal of an advisor's invitation while the school has inviting off (decision 0953). */
export const INVITING_OFF =
  "Only administrators invite users at this school: an administrator can allow it in Settings, School (Allow inviting users).";

/** The classes waiting on one invitation wait on its successor too (registration applies them). */
async function carryCourses(tx: Tx, from: number, to: number) {
  await tx.execute(sql`insert into ${invitationCourse} (invitation_id, course_id)
    select ${to}::int, course_id from ${invitationCourse} where invitation_id = ${from}
    on conflict do nothing`);
}

/**
 * Mails a single-use /Invite/{secret} link, valid 7 days, into the viewer's school; only the
 * secret's hash is stored (decision 0411). A new invitation for the same address replaces the
 * school's open ones (another school's invitations are not this inviter's to end). Calls for one
 * school and address run one at a time (a transaction-scoped advisory lock), so a double submit
 * leaves one open invitation: the later call ends the one the earlier committed.
 */
export async function inviteUser(
  data: Scoped,
  args: { email: string; first_name: string; last_name?: string | null; role_id: number },
): Promise<InvitationRow> {
  const v = data.viewer;
  const parsed = emailRule.safeParse(args.email);
  if (!parsed.success) throw userError(`email ${parsed.error.issues[0]?.message}`, "email");
  const email = parsed.data;
  const first_name = nameField(args.first_name, "first_name");
  const last_name = args.last_name?.trim() ? nameField(args.last_name, "last_name") : null;
  const { db, s } = systemOf(data);
  const [role] = await db.select().from(roles).where(eq(roles.id, args.role_id));
  if (!role) throw userError("role_id is not a role", "role_id");
  if (!canManageUsers(v.roleId, role.id)) throw forbidden("You may not invite a user with this role.", "role_id");
  const [school] = await db
    .select({ name: schools.name, allow_user_invite: schools.allow_user_invite })
    .from(schools)
    .where(eq(schools.id, v.schoolId));
  if (!mayInvite(v.roleId, school?.allow_user_invite ?? false, role.id)) throw forbidden(INVITING_OFF);
  const secret = newLinkSecret();
  const mail = await invitationMailFor(db, v.schoolId, {
    to: email,
    firstName: first_name,
    inviter: `${v.user.first_name} ${v.user.last_name}`,
    roleName: role.display_name,
    schoolName: school?.name,
    link: `${s.publicUrl}/Invite/${secret}`,
  });
  const invitation = await db.transaction(async (tx) => {
    const now = await endOpenInvitations(tx, v.schoolId, email);
    const earlier = await newestUnaccepted(tx, v.schoolId, email);
    const [row] = await tx
      .insert(invitations)
      .values({
        secret_hash: linkSecretHash(secret),
        school_id: v.schoolId,
        role_id: role.id,
        email,
        first_name,
        last_name,
        // what an import gave the address stays with it (decision 0951): the call names no phone
        phone_number: earlier?.phone_number ?? null,
        invited_by: v.user.id,
        expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returning();
    if (!row) throw new Error("invitation insert returned nothing");
    if (earlier) await carryCourses(tx, earlier.id, row.id);
    await tx.insert(auditLog).values({
      school_id: v.schoolId,
      user_id: v.user.id,
      impersonator_id: v.impersonatorId ?? null,
      action: "user.invite",
      subject_type: "invitation",
      subject_id: row.id,
      data: { email, role_id: role.id },
    });
    // queued with the invitation: both are written, or neither
    await s.mailer.send(mail, tx);
    return row;
  });
  s.mailer.wake();
  return invitation;
}

interface InvitationMail {
  to: string;
  firstName: string;
  inviter: string;
  roleName: string;
  schoolName?: string | undefined;
  link: string;
}

/**
 * The mail an invitation into `schoolId` sends, shared by inviteUser and resendInvitation
 * (users/invitations.ts). Addresses are unique across schools, but the inviter must not learn
 * that another school holds one (decision 0951): a live user of the inviter's own school is
 * refused as before; for one of another school the call answers as for a free address, and the
 * holder gets a note that they have an account already instead of a link.
 */
export async function invitationMailFor(db: Db, schoolId: number, m: InvitationMail) {
  const [holder] = await db
    .select({ school_id: users.school_id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${m.to.toLowerCase()}`, isNull(users.deleted_at)))
    .limit(1);
  if (!holder) return invitationMail(m);
  if (holder.school_id === schoolId) throw userError(EMAIL_TAKEN, "email");
  return accountExistsMail(m);
}

/**
 * To a user of another school whom someone invited (or imported, imports/invite-rows.ts): one
 * address holds one account.
 */
export function accountExistsMail(m: Omit<InvitationMail, "link">) {
  return {
    to: m.to,
    subject: `You are invited to Rollbook${m.schoolName ? ` at ${m.schoolName}` : ""}`,
    text: `Hello ${m.firstName},\n\n${m.inviter} invited you to Rollbook as ${m.roleName}${m.schoolName ? ` at ${m.schoolName}` : ""}.\nYou already have a Rollbook account with this address, and one address holds one account, so there is nothing to accept. Sign in as usual, or ask ${m.inviter} to invite another address of yours.\n`,
  };
}

/** The invitation's link, to a free address (or a removed user's of another school, decision 0952). */
export function invitationMail(m: InvitationMail) {
  return {
    to: m.to,
    subject: `You are invited to Rollbook${m.schoolName ? ` at ${m.schoolName}` : ""}`,
    text: `Hello ${m.firstName},\n\n${m.inviter} invited you to Rollbook as ${m.roleName}.\nCreate your account here (valid for 7 days, once):\n${m.link}\n`,
  };
}
