import { changeOwnPassword } from "../../auth/change-password.ts";
import { switchSchool, switchUser } from "../../auth/switching.ts";
import { builder } from "../builder.ts";
import { SchoolRef } from "./school.ts";

export const TokensRef = builder.objectRef<{ access_token: string; search_token: string }>("Tokens").implement({
  fields: (t) => ({ access_token: t.exposeString("access_token"), search_token: t.exposeString("search_token") }),
});

/** Role 1 moves to another school; the web app reloads after it. */
builder.mutationField("switchSchool", (t) =>
  t.field({
    type: SchoolRef,
    authScopes: { masterAdmin: true },
    extensions: { oncePerRequest: true },
    args: { school_id: t.arg.int({ required: true }) },
    resolve: (_r, { school_id }, ctx) => switchSchool(ctx.data, school_id),
  }),
);

/** Impersonation: roles 1-3 into a user of a higher role id in the same school; always audited. */
builder.mutationField("switchUser", (t) =>
  t.field({
    type: TokensRef,
    authScopes: { switchUser: true },
    extensions: { oncePerRequest: true },
    args: { user_id: t.arg.int({ required: true }) },
    resolve: (_r, { user_id }, ctx) => switchUser(ctx.data, user_id),
  }),
);

builder.mutationField("updatePassword", (t) =>
  t.field({
    type: "Boolean",
    authScopes: { signedIn: true },
    extensions: { oncePerRequest: true },
    args: {
      user_id: t.arg.int({ required: true }),
      current_password: t.arg.string({ required: true }),
      new_password: t.arg.string({ required: true }),
    },
    // by its owner only, knowing the current one; ends their other sessions (decision 0410)
    resolve: (_r, args, ctx) => changeOwnPassword(ctx.data, args),
  }),
);
