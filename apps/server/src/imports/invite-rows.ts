import { canManageUsers, INVITATION_TTL_MS, roleById } from "@rollbook/domain";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { accountExistsMail, invitationMail, lockInvitationsOf } from "../auth/invite.ts";
import { linkSecretHash, newLinkSecret } from "../auth/tokens.ts";
import type { Db } from "../db/client.ts";
import { auditLog, invitations, notificationClaims, users } from "../db/schema/index.ts";
import type { BatchContext } from "./rows.ts";

/**
 * How often one school's imports invite one address (decision 0951): a school that imports its
 * roster every night would otherwise mail every person who has not registered every week.
 */
export const IMPORT_INVITE_EVERY_MS = 30 * 24 * 3600 * 1000;

/** The claim of an import's invitation of an address (notification_claims, decision 0970). */
const CLAIM_KIND = "import_invite";
const recipientOf = (address: string) => `email:${address}`;

/** A users row whose address no user of the importer's school had when the batch was read. */
export interface InviteRow {
  line: number;
  email: string;
  value: Record<string, unknown> & { email: string; first_name: string; role_id: number };
}

/**
 * Users rows of addresses the school does not have (decision 0951): each becomes one pending
 * invitation, the same whether the address is free or another school's user holds it, so the
 * report, /Users and the invitations list tell them apart by nothing but the address.
 * - an open invitation of the school keeps its link (no mail); the row's role, names and phone
 *   are written to it (a re-run after a crash, decision 0970, and a nightly import alike);
 * - otherwise the address is invited when this school's imports have not invited it within
 *   IMPORT_INVITE_EVERY_MS: a new link to a free address (a removed user of another school is no
 *   holder, decision 0952), "you already have an account" to another school's live user.
 * One transaction per batch; every address's invitations locked in one statement (in order, so two
 * imports never wait on each other in a cycle) and read after the locks, as inviteUser does.
 */
export async function inviteImported(ctx: BatchContext, rows: InviteRow[]) {
  const sorted = [...rows].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  const addresses = sorted.map((r) => r.email);
  let mailed = false;
  await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockInvitationsOf(t, ctx.schoolId, addresses);
    const now = new Date();
    const holders = await tx
      .select({ email: sql<string>`lower(${users.email})`, school_id: users.school_id, deleted_at: users.deleted_at })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, addresses));
    const held = new Set<string>();
    const ownSince = new Set<string>();
    for (const h of holders)
      if (h.school_id === ctx.schoolId) ownSince.add(h.email);
      else if (!h.deleted_at) held.add(h.email);
    const open = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.school_id, ctx.schoolId),
          inArray(sql`lower(${invitations.email})`, addresses),
          isNull(invitations.accepted_at),
          gt(invitations.expires_at, now),
        ),
      );
    const openBy = new Map(open.map((i) => [i.email.toLowerCase(), i]));
    const invite: InviteRow[] = [];
    for (const row of sorted) {
      // the importer's school got the address since the read: the next run of the file updates it
      if (ownSince.has(row.email)) continue;
      const inv = openBy.get(row.email);
      if (!inv) invite.push(row);
      else if (!canManageUsers(ctx.importer.roleId, inv.role_id))
        ctx.fail(row.line, "email: has an open invitation of a role you may not manage");
      else await updateOpen(tx, inv, row.value);
    }
    const fresh = await claimInvitations(tx, ctx, invite, now);
    if (fresh.length === 0) return;
    const secrets = fresh.map(() => newLinkSecret());
    const made = await tx
      .insert(invitations)
      .values(
        fresh.map((row, i) => ({
          secret_hash: linkSecretHash(secrets[i] as string),
          school_id: ctx.schoolId,
          role_id: row.value.role_id,
          email: row.value.email,
          first_name: row.value.first_name,
          last_name: (row.value.last_name as string | undefined) || null,
          phone_number: (row.value.phone_number as string | null | undefined) ?? null,
          invited_by: ctx.importer.id,
          expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
        })),
      )
      .returning({ id: invitations.id, email: sql<string>`lower(${invitations.email})` });
    const idOf = new Map(made.map((m) => [m.email, m.id]));
    await tx.insert(auditLog).values(
      fresh.map((row) => ({
        school_id: ctx.schoolId,
        user_id: ctx.importer.id,
        action: "user.invite",
        subject_type: "invitation",
        subject_id: idOf.get(row.email) as number,
        data: { email: row.value.email, role_id: row.value.role_id, import: ctx.importId },
      })),
    );
    // queued with the invitations: all are written, or none
    for (const [i, row] of fresh.entries()) {
      const m = {
        to: row.value.email,
        firstName: row.value.first_name,
        inviter: ctx.mail.inviter,
        roleName: roleById(row.value.role_id).display_name,
        schoolName: ctx.mail.schoolName,
      };
      const mail = held.has(row.email)
        ? accountExistsMail(m)
        : invitationMail({ ...m, link: `${ctx.mail.publicUrl}/Invite/${secrets[i]}` });
      await ctx.mail.mailer.send(mail, tx);
    }
    mailed = true;
  });
  if (mailed) ctx.mail.mailer.wake();
}

/** The row's values written to the school's open invitation of the address, when they differ. */
async function updateOpen(tx: Db, inv: typeof invitations.$inferSelect, v: InviteRow["value"]) {
  const set: Partial<typeof invitations.$inferInsert> = {};
  if (inv.role_id !== v.role_id) set.role_id = v.role_id;
  if (inv.first_name !== v.first_name) set.first_name = v.first_name;
  if ("last_name" in v && inv.last_name !== ((v.last_name as string) || null))
    set.last_name = (v.last_name as string) || null;
  if ("phone_number" in v && inv.phone_number !== v.phone_number) set.phone_number = v.phone_number as string | null;
  if (Object.keys(set).length) await tx.update(invitations).set(set).where(eq(invitations.id, inv.id));
}

/**
 * The rows this import may invite: not invited by this school's imports within the window (one
 * indexed read for the batch), then claimed for this import. A run again after a crash (decision
 * 0970) finds its own claims and its open invitations, and mails nobody twice.
 */
async function claimInvitations(tx: Db, ctx: BatchContext, rows: InviteRow[], now: Date) {
  if (rows.length === 0) return [];
  const recent = await tx
    .select({ recipient: notificationClaims.recipient })
    .from(notificationClaims)
    .where(
      and(
        eq(notificationClaims.kind, CLAIM_KIND),
        inArray(
          notificationClaims.recipient,
          rows.map((r) => recipientOf(r.email)),
        ),
        eq(notificationClaims.school_id, ctx.schoolId),
        gt(notificationClaims.created_at, new Date(now.getTime() - IMPORT_INVITE_EVERY_MS)),
      ),
    );
  const told = new Set(recent.map((c) => c.recipient));
  const due = rows.filter((r) => !told.has(recipientOf(r.email)));
  if (due.length === 0) return [];
  const got = await tx
    .insert(notificationClaims)
    .values(
      due.map((r) => ({
        school_id: ctx.schoolId,
        kind: CLAIM_KIND,
        recipient: recipientOf(r.email),
        period: `import:${ctx.importId}`,
      })),
    )
    .onConflictDoNothing()
    .returning({ recipient: notificationClaims.recipient });
  const claimed = new Set(got.map((c) => c.recipient));
  return due.filter((r) => claimed.has(recipientOf(r.email)));
}
