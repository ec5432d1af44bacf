import { canManageUsers, INVITATION_TTL_MS, mayInvite, roleById } from "@rollbook/domain";
import { and, asc, eq, gt, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { endOpenInvitations, INVITING_OFF, type InvitationRow, invitationMailFor } from "../auth/invite.ts";
import { linkSecretHash, newLinkSecret } from "../auth/tokens.ts";
import { byName } from "../db/collation.ts";
import { foldedContains } from "../db/folded-contains.ts";
import { invitations, schools } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { type PageArgs, paging, searchTerm, sortColumn } from "../graphql/paging.ts";
import { auditUser } from "./audit.ts";
import { forbidden } from "./guard.ts";

export const INVITATION_STATES = ["open", "accepted", "expired", "all"] as const;

function stateWhere(state: string, now: Date): SQL | undefined {
  switch (state) {
    case "open":
      return and(isNull(invitations.accepted_at), gt(invitations.expires_at, now));
    case "accepted":
      return isNotNull(invitations.accepted_at);
    case "expired":
      return and(isNull(invitations.accepted_at), lte(invitations.expires_at, now));
    case "all":
      return undefined;
    default:
      throw userError(`state must be one of ${INVITATION_STATES.join(", ")}`, "state");
  }
}

/** The school's invitations, open ones by default, newest first. */
export function listInvitations(data: Scoped, args: PageArgs & { state?: string | null; query?: string | null }) {
  const p = paging(args);
  const q = searchTerm(args.query);
  const where = and(
    stateWhere(args.state ?? "open", new Date()),
    // "first last e-mail", blind to case and accents as the /Users search (decisions 0614, 0615)
    q
      ? foldedContains(
          sql`${invitations.first_name} || ' ' || coalesce(${invitations.last_name}, '') || ' ' || ${invitations.email}`,
          q,
        )
      : undefined,
  );
  // newest first unless the caller sorts; names in the names' order, as /Users (decision 0612)
  const col = sortColumn<PgColumn | SQL>(
    args.sort_by,
    {
      created_at: invitations.created_at,
      expires_at: invitations.expires_at,
      email: invitations.email,
      first_name: byName(invitations.first_name),
      last_name: byName(invitations.last_name),
      role_id: invitations.role_id,
    },
    "created_at",
  );
  const dir = args.sort_by ? p.dir : "desc";
  return data.page("invitations", {
    where,
    orderBy: [dir === "asc" ? sql`${col} asc nulls last` : sql`${col} desc nulls last`, asc(invitations.id)],
    limit: p.perPage,
    offset: p.offset,
  });
}

/** An open invitation of the viewer's school whose role the viewer may grant. */
async function openInvitation(data: Scoped, id: number): Promise<InvitationRow> {
  const row = await data.first("invitations", eq(invitations.id, id));
  if (!row) throw notFound("Invitation");
  if (!canManageUsers(data.viewer.roleId, row.role_id)) throw forbidden("You may not manage this invitation.", "id");
  if (row.accepted_at) throw userError("This invitation was accepted already.", "id");
  return row;
}

/** A new link (the old one stops working) and 7 more days; mailed again. */
export async function resendInvitation(data: Scoped, id: number): Promise<InvitationRow> {
  const inv = await openInvitation(data, id);
  const v = data.viewer;
  const { db, s } = systemOf(data);
  const [school] = await db
    .select({ name: schools.name, allow_user_invite: schools.allow_user_invite })
    .from(schools)
    .where(eq(schools.id, inv.school_id));
  // a resend is a new link: an invitation as much as the first (revoking stays open to the advisor)
  if (!mayInvite(v.roleId, school?.allow_user_invite ?? false, inv.role_id)) throw forbidden(INVITING_OFF);
  const secret = newLinkSecret();
  const mail = await invitationMailFor(db, inv.school_id, {
    to: inv.email,
    firstName: inv.first_name,
    inviter: `${v.user.first_name} ${v.user.last_name}`,
    roleName: roleById(inv.role_id).display_name,
    schoolName: school?.name,
    link: `${s.publicUrl}/Invite/${secret}`,
  });
  const row = await db.transaction(async (tx) => {
    // the renewed link is the address's one open invitation: a newer one it replaces ends
    await endOpenInvitations(tx, inv.school_id, inv.email, inv.id);
    const [updated] = await tx
      .update(invitations)
      .set({ secret_hash: linkSecretHash(secret), expires_at: new Date(Date.now() + INVITATION_TTL_MS) })
      .where(eq(invitations.id, inv.id))
      .returning();
    if (!updated) throw new Error("invitation vanished during resend");
    await s.mailer.send(mail, tx);
    return updated;
  });
  s.mailer.wake();
  await auditUser(data, "user.invite_resend", row.id, { email: row.email }, "invitation");
  return row;
}

/** Ends an open invitation at once: its link answers as expired. */
export async function revokeInvitation(data: Scoped, id: number): Promise<InvitationRow> {
  const inv = await openInvitation(data, id);
  const [row] = await data.update("invitations", eq(invitations.id, inv.id), { expires_at: new Date() });
  if (!row) throw notFound("Invitation");
  await auditUser(data, "user.invite_revoke", row.id, { email: row.email }, "invitation");
  return row;
}
