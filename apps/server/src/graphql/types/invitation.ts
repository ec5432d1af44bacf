import { type InvitationRow, inviteUser } from "../../auth/invite.ts";
import { builder } from "../builder.ts";

export const InvitationRef = builder.objectRef<InvitationRow>("Invitation").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    email: t.exposeString("email"),
    first_name: t.exposeString("first_name"),
    last_name: t.exposeString("last_name", { nullable: true }),
    role_id: t.exposeInt("role_id"),
    school_id: t.exposeInt("school_id"),
    expires_at: t.expose("expires_at", { type: "DateTime" }),
    accepted_at: t.expose("accepted_at", { type: "DateTime", nullable: true }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

/** See auth/invite.ts: a single-use link, valid 7 days, into the viewer's school. */
builder.mutationField("inviteUser", (t) =>
  t.field({
    type: InvitationRef,
    authScopes: { manageUsers: true },
    extensions: { oncePerRequest: true },
    args: {
      email: t.arg.string({ required: true }),
      first_name: t.arg.string({ required: true }),
      last_name: t.arg.string(),
      role_id: t.arg.int({ required: true }),
    },
    resolve: (_r, args, ctx) => inviteUser(ctx.data, args),
  }),
);
