import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLog, courses, invitationCourse, type invitations, userCourse, users } from "../db/schema/index.ts";
import { endMailedLinks, lockAddress, releaseAddress } from "../users/release-address.ts";

type Invitation = typeof invitations.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** Thrown when the address has a live account: the caller rolls the claim of the invitation back. */
export const ACCOUNT_EXISTS = Symbol("account exists");

/**
 * Writes the user of an accepted invitation, in the transaction that claimed it (decision 0952).
 * Registrations of one address run one at a time and read the address after the lock, so two
 * invitations accepted at once end with one live account and a 409 for the other.
 * - a live account of the address (any school) is never taken over: ACCOUNT_EXISTS;
 * - a removed user of the inviting school comes back as itself (its school's own record);
 * - a removed user of another school gives the address up and stays there with its history:
 *   the inviting school gets a new user.
 * What a users import gave the invitation (decision 0951) is applied too: its phone, and its
 * course assignments (of the courses not removed meanwhile), answered in `courses` for the push
 * the caller sends after the commit (auth/routes.ts).
 */
export async function writeRegisteredUser(
  tx: Db,
  inv: Invitation,
  input: { first_name: string; last_name: string; password_hash: string },
  now: Date,
): Promise<{ user: UserRow; courses: number[] }> {
  const address = inv.email.trim().toLowerCase();
  await lockAddress(tx, address);
  const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${address}`).limit(1);
  if (existing && !existing.deleted_at) throw ACCOUNT_EXISTS;
  const values = {
    school_id: inv.school_id,
    role_id: inv.role_id,
    first_name: input.first_name,
    last_name: input.last_name,
    email: inv.email,
    // an invitation without one (inviteUser) leaves a revived user's phone as it was
    ...(inv.phone_number === null ? {} : { phone_number: inv.phone_number }),
    password_hash: input.password_hash,
    active: true,
    deleted_at: null,
    updated_at: now,
  };
  let written: UserRow | undefined;
  if (existing && existing.school_id === inv.school_id) {
    await endMailedLinks(tx, existing.id, now);
    [written] = await tx
      .update(users)
      .set(values)
      .where(and(eq(users.id, existing.id), isNotNull(users.deleted_at)))
      .returning();
    // restored since the read (restoreUser takes no lock): a live account after all
    if (!written) throw ACCOUNT_EXISTS;
  } else {
    if (existing && !(await releaseAddress(tx, existing, now))) throw ACCOUNT_EXISTS;
    [written] = await tx.insert(users).values(values).returning();
  }
  if (!written) throw new Error("registration failed");
  const assigned = await assignInvitedCourses(tx, inv.id, written.id);
  await tx.insert(auditLog).values({
    school_id: written.school_id,
    user_id: written.id,
    action: "user.register",
    data: { invitation: inv.id },
  });
  return { user: written, courses: assigned };
}

/**
 * The invitation's courses (a OneRoster enrollment's) become the user's, in one statement;
 * answers the courses newly assigned.
 */
async function assignInvitedCourses(tx: Db, invitationId: number, userId: number): Promise<number[]> {
  const live = tx
    .select({ user_id: sql<number>`${userId}::int`.as("user_id"), course_id: invitationCourse.course_id })
    .from(invitationCourse)
    .innerJoin(courses, eq(courses.id, invitationCourse.course_id))
    .where(and(eq(invitationCourse.invitation_id, invitationId), isNull(courses.deleted_at)));
  const added = await tx
    .insert(userCourse)
    .select(live)
    .onConflictDoNothing()
    .returning({ course: userCourse.course_id });
  return added.map((a) => a.course);
}
