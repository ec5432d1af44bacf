import { canManageUsers, email as emailRule, INVITATION_TTL_MS } from "@rollbook/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import { auditLog, invitations, roles, schools, users } from "../../db/schema/index.ts";
import { builder, userError } from "../builder.ts";
import { viewerOf } from "../context.ts";

type InvitationRow = typeof invitations.$inferSelect;

const InvitationRef = builder.objectRef<InvitationRow>("Invitation").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    email: t.exposeString("email"),
    first_name: t.exposeString("first_name"),
    last_name: t.exposeString("last_name", { nullable: true }),
    role_id: t.exposeInt("role_id"),
    school_id: t.exposeInt("school_id"),
    expires_at: t.expose("expires_at", { type: "DateTime" }),
  }),
});

const NAME_MAX = 100;

function requiredName(value: string, field: string): string {
  const v = value.trim();
  if (!v) throw userError(`${field} is required`, field);
  if (v.length > NAME_MAX) throw userError(`${field} must be at most ${NAME_MAX} characters`, field);
  return v;
}

/**
 * Mails a single-use /Invite/{uuid} link, valid 7 days, into the viewer's school. A new
 * invitation for the same address replaces the open ones, so only the newest link works.
 */
builder.mutationField("inviteUser", (t) =>
  t.field({
    type: InvitationRef,
    authScopes: { manageUsers: true },
    args: {
      email: t.arg.string({ required: true }),
      first_name: t.arg.string({ required: true }),
      last_name: t.arg.string(),
      role_id: t.arg.int({ required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const v = viewerOf(ctx);
      const parsed = emailRule.safeParse(args.email);
      if (!parsed.success) throw userError(`email ${parsed.error.issues[0]?.message}`, "email");
      const email = parsed.data;
      const first_name = requiredName(args.first_name, "first_name");
      const last_name = args.last_name?.trim() ? requiredName(args.last_name, "last_name") : null;
      const [role] = await ctx.s.db.select().from(roles).where(eq(roles.id, args.role_id));
      if (!role) throw userError("role_id is not a role", "role_id");
      if (!canManageUsers(v.roleId, role.id)) throw userError("You may not invite a user with this role.", "role_id");
      const [taken] = await ctx.s.db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deleted_at)))
        .limit(1);
      if (taken) throw userError("A user with this e-mail already exists.", "email");

      const now = new Date();
      const invitation = await ctx.s.db.transaction(async (tx) => {
        // older open links for this address stop working
        await tx
          .update(invitations)
          .set({ expires_at: now })
          .where(and(sql`lower(${invitations.email}) = ${email}`, isNull(invitations.accepted_at)));
        const [row] = await tx
          .insert(invitations)
          .values({
            school_id: v.schoolId,
            role_id: role.id,
            email,
            first_name,
            last_name,
            invited_by: v.user.id,
            expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
          })
          .returning();
        if (!row) throw new Error("invitation insert returned nothing");
        await tx.insert(auditLog).values({
          school_id: v.schoolId,
          user_id: v.user.id,
          impersonator_id: v.impersonatorId ?? null,
          action: "user.invite",
          subject_type: "invitation",
          subject_id: row.id,
          data: { email, role_id: role.id },
        });
        return row;
      });
      const [school] = await ctx.s.db.select({ name: schools.name }).from(schools).where(eq(schools.id, v.schoolId));
      await ctx.s.mailer.send({
        to: email,
        subject: `You are invited to Rollbook${school ? ` at ${school.name}` : ""}`,
        text: `Hello ${first_name},\n\n${v.user.first_name} ${v.user.last_name} invited you to Rollbook as ${role.display_name}.\nCreate your account here (valid for 7 days, once):\n${ctx.s.publicUrl}/Invite/${invitation.uuid}\n`,
      });
      return invitation;
    },
  }),
);
