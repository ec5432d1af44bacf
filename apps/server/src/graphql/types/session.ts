import { password as passwordRule } from "@rollbook/domain";
import { GraphQLError } from "graphql";
import { changeOwnPassword } from "../../auth/change-password.ts";
import { openAccountGate } from "../../auth/login-limits.ts";
import { switchSchool, switchUser } from "../../auth/switching.ts";
import { rateLimitedError } from "../../rate-limit/refusal.ts";
import { builder } from "../builder.ts";
import type { Context } from "../context.ts";
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
    resolve: (_r, args, ctx) => changePasswordGated(ctx, args),
  }),
);

/**
 * A wrong current_password is a failed sign-in of the account (decisions 0402, 0403): it counts
 * against LOGIN_ACCOUNT_FAILURES with the same doubling wait, and a refused account is
 * RATE_LIMITED here as sign-in refuses it, before the password is checked. A call refused for
 * its other arguments checks no password and counts nothing.
 */
async function changePasswordGated(
  ctx: Context,
  args: { user_id: number; current_password: string; new_password: string },
): Promise<true> {
  const v = ctx.data.viewer;
  if (args.user_id !== v.user.id || !passwordRule.safeParse(args.new_password).success)
    return changeOwnPassword(ctx.data, args);
  const gate = await openAccountGate(ctx.s, v.user.email);
  if (gate.refusedMs !== undefined) throw rateLimitedError(gate.refusedMs, gate.reason);
  try {
    await changeOwnPassword(ctx.data, args);
  } catch (err) {
    if (err instanceof GraphQLError && err.extensions.field === "current_password") await gate.failed();
    throw err;
  }
  await gate.succeeded();
  return true;
}
