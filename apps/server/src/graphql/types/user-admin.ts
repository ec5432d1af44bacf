import { switchBack } from "../../auth/switching.ts";
import { visibleUser } from "../../users/guard.ts";
import { listInvitations, resendInvitation, revokeInvitation } from "../../users/invitations.ts";
import { listUsers } from "../../users/list.ts";
import { MAIL_CHOICES, updateNotifications } from "../../users/notifications.ts";
import { updateProfile } from "../../users/profile.ts";
import { sendPasswordReset, signOutUser } from "../../users/security.ts";
import { removeUser, restoreUser, updateUser } from "../../users/write.ts";
import { builder } from "../builder.ts";
import { listArgs, pageOf } from "../paging.ts";
import { InvitationRef } from "./invitation.ts";
import { MeRef } from "./me.ts";
import { TokensRef } from "./session.ts";
import { UserRef } from "./user.ts";

/** /Users is for the admin roles, the academic advisor, the professor and the coach (spec section 2). */
const USERS_PAGE_ROLES = [1, 2, 3, 4, 5, 6, 7] as const;
/** Says which rows an `id` names, for readers of the schema (and the tenant matrix). */
const USER_ID = "the user's id";

builder.queryField("users", (t) =>
  t.field({
    type: pageOf("User", UserRef),
    authScopes: { roles: USERS_PAGE_ROLES },
    args: {
      ...listArgs(t.arg),
      query: t.arg.string(),
      role_id: t.arg.int(),
      state: t.arg.string({ description: "active (default), inactive, removed or all" }),
    },
    resolve: (_r, args, ctx) => listUsers(ctx.data, args),
  }),
);

builder.queryField("user", (t) =>
  t.field({
    type: UserRef,
    authScopes: { roles: USERS_PAGE_ROLES },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, { id }, ctx) => visibleUser(ctx.data, id),
  }),
);

builder.queryField("invitations", (t) =>
  t.field({
    type: pageOf("Invitation", InvitationRef),
    authScopes: { manageUsers: true },
    args: {
      ...listArgs(t.arg),
      query: t.arg.string(),
      state: t.arg.string({ description: "open (default), accepted, expired or all" }),
    },
    resolve: (_r, args, ctx) => listInvitations(ctx.data, args),
  }),
);

builder.mutationField("updateUser", (t) =>
  t.field({
    type: UserRef,
    authScopes: { manageUsers: true },
    description: "Names, e-mail, phone, role and active of a user within the viewer's rank (never oneself).",
    args: {
      id: t.arg.int({ required: true, description: USER_ID }),
      first_name: t.arg.string(),
      last_name: t.arg.string(),
      email: t.arg.string(),
      phone_number: t.arg.string(),
      role_id: t.arg.int(),
      active: t.arg.boolean(),
    },
    resolve: (_r, args, ctx) => updateUser(ctx.data, args),
  }),
);

for (const [name, fn] of [
  ["removeUser", removeUser],
  ["restoreUser", restoreUser],
] as const)
  builder.mutationField(name, (t) =>
    t.field({
      type: UserRef,
      authScopes: { manageUsers: true },
      args: { id: t.arg.int({ required: true, description: USER_ID }) },
      resolve: (_r, { id }, ctx) => fn(ctx.data, id),
    }),
  );

for (const [name, fn] of [
  ["resendInvitation", resendInvitation],
  ["revokeInvitation", revokeInvitation],
] as const)
  builder.mutationField(name, (t) =>
    t.field({
      type: InvitationRef,
      authScopes: { manageUsers: true },
      extensions: { oncePerRequest: true },
      args: { id: t.arg.int({ required: true }) },
      resolve: (_r, { id }, ctx) => fn(ctx.data, id),
    }),
  );

builder.mutationField("sendPasswordReset", (t) =>
  t.field({
    type: "Boolean",
    authScopes: { manageUsers: true },
    extensions: { oncePerRequest: true },
    description: "Mails a reset link to a user within the viewer's rank.",
    args: { id: t.arg.int({ required: true, description: USER_ID }) },
    resolve: (_r, { id }, ctx) => sendPasswordReset(ctx.data, id),
  }),
);

builder.mutationField("signOutUser", (t) =>
  t.field({
    type: "Boolean",
    // oneself (the calling session stays), or a user within the viewer's rank (users/security.ts)
    authScopes: { signedIn: true },
    extensions: { oncePerRequest: true },
    args: { id: t.arg.int({ required: true, description: USER_ID }) },
    resolve: (_r, { id }, ctx) => signOutUser(ctx.data, id),
  }),
);

builder.mutationField("updateNotifications", (t) =>
  t.field({
    type: UserRef,
    // oneself, or a user within the viewer's rank (users/notifications.ts)
    authScopes: { signedIn: true },
    args: {
      user_id: t.arg.int({ required: true }),
      ...Object.fromEntries(MAIL_CHOICES.map((k) => [k, t.arg.boolean()])),
      prefers_sms: t.arg.boolean(),
      phone_number: t.arg.string(),
      alert_filter: t.arg.stringList({ description: 'entries "course:<id>", "event:<id>", "team:<id>"; empty: all' }),
    } as never,
    resolve: (_r, args, ctx) => updateNotifications(ctx.data, args as never),
  }),
);

builder.mutationField("updateProfile", (t) =>
  t.field({
    type: MeRef,
    authScopes: { signedIn: true },
    description: "The viewer's own information and display choices; a role cannot be changed here.",
    args: {
      first_name: t.arg.string(),
      last_name: t.arg.string(),
      email: t.arg.string(),
      phone_number: t.arg.string(),
      higher_contrast: t.arg.boolean(),
      a11y_mode: t.arg.boolean(),
    },
    resolve: (_r, args, ctx) => updateProfile(ctx.data, args),
  }),
);

builder.mutationField("switchBack", (t) =>
  t.field({
    type: TokensRef,
    authScopes: { signedIn: true },
    extensions: { oncePerRequest: true },
    description: "Ends an acting session (switchUser) and answers fresh tokens of the original user.",
    resolve: (_r, _a, ctx) => switchBack(ctx.data),
  }),
);
