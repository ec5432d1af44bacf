import { canSwitchInto, password as passwordRule } from "@rollbook/domain";
import { and, eq, isNull } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../auth/passwords.ts";
import { issueTokens } from "../../auth/tokens.ts";
import { auditLog, schools, users } from "../../db/schema/index.ts";
import { builder, notFound, userError } from "../builder.ts";
import { viewerOf } from "../context.ts";
import { SchoolRef } from "./school.ts";

const TokensRef = builder.objectRef<{ access_token: string; search_token: string }>("Tokens").implement({
  fields: (t) => ({ access_token: t.exposeString("access_token"), search_token: t.exposeString("search_token") }),
});

/** Role 1 moves to another school; the web app reloads after it. */
builder.mutationField("switchSchool", (t) =>
  t.field({
    type: SchoolRef,
    authScopes: { masterAdmin: true },
    args: { school_id: t.arg.int({ required: true }) },
    resolve: async (_r, { school_id }, ctx) => {
      const v = viewerOf(ctx);
      const [school] = await ctx.s.db
        .select()
        .from(schools)
        .where(and(eq(schools.id, school_id), isNull(schools.deleted_at)));
      if (!school) throw notFound("School");
      await ctx.s.db.update(users).set({ school_id, updated_at: new Date() }).where(eq(users.id, v.user.id));
      await ctx.s.db.insert(auditLog).values({
        school_id,
        user_id: v.user.id,
        action: "school.switch",
        data: { from: v.schoolId, to: school_id },
      });
      return school;
    },
  }),
);

/** Impersonation: roles 1-3 into a user of a higher role id in the same school; always audited. */
builder.mutationField("switchUser", (t) =>
  t.field({
    type: TokensRef,
    authScopes: { switchUser: true },
    args: { user_id: t.arg.int({ required: true }) },
    resolve: async (_r, { user_id }, ctx) => {
      const v = viewerOf(ctx);
      const [target] = await ctx.s.db
        .select()
        .from(users)
        .where(and(eq(users.id, user_id), isNull(users.deleted_at), eq(users.active, true)));
      if (!target || target.school_id !== v.schoolId) throw notFound("User");
      if (!canSwitchInto(v.roleId, target.role_id))
        throw userError("You may only switch into a user of a lower role.", "user_id");
      const tokens = await issueTokens(ctx.s.db, target.id, v.impersonatorId ?? v.user.id);
      await ctx.s.db.insert(auditLog).values({
        school_id: v.schoolId,
        user_id: target.id,
        impersonator_id: v.user.id,
        action: "user.switch",
        subject_type: "user",
        subject_id: target.id,
      });
      return tokens;
    },
  }),
);

builder.mutationField("updatePassword", (t) =>
  t.field({
    type: "Boolean",
    authScopes: { signedIn: true },
    args: {
      user_id: t.arg.int({ required: true }),
      current_password: t.arg.string({ required: true }),
      new_password: t.arg.string({ required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const v = viewerOf(ctx);
      // a password is changed by its owner only, knowing the current one
      if (args.user_id !== v.user.id) throw userError("You can only change your own password.", "user_id");
      const rule = passwordRule.safeParse(args.new_password);
      if (!rule.success) throw userError(`new_password ${rule.error.issues[0]?.message}`, "new_password");
      const [me] = await ctx.s.db.select().from(users).where(eq(users.id, v.user.id));
      if (!me || !(await verifyPassword(me.password_hash, args.current_password)))
        throw userError("current_password is not correct", "current_password");
      await ctx.s.db
        .update(users)
        .set({ password_hash: await hashPassword(args.new_password), updated_at: new Date() })
        .where(eq(users.id, me.id));
      await ctx.s.db.insert(auditLog).values({ school_id: v.schoolId, user_id: me.id, action: "password.update" });
      return true;
    },
  }),
);
