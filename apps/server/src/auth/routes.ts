import {
  checkInvitationInput,
  confirmEmailInput,
  forgotInput,
  LOGIN_FAILURE_MESSAGE,
  loginInput,
  registerInput,
  resetInput,
} from "@rollbook/domain";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { auditLog, invitations, passwordResets, users } from "../db/schema/index.ts";
import { sendValidationError } from "../http/errors.ts";
import { findNul, NUL_MESSAGE } from "../http/no-nul.ts";
import { closeLimitsOnClose, limitsOf, take } from "../rate-limit/limits.ts";
import { sendRateLimited } from "../rate-limit/refusal.ts";
import { publishRows } from "../realtime/publish-row.ts";
import type { Services } from "../services.ts";
import { isUniqueViolation } from "../students/bulk.ts";
import { confirmEmailChange } from "./confirm-email.ts";
import { openLoginGate } from "./login-limits.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { presentUser } from "./present-user.ts";
import { ACCOUNT_EXISTS, writeRegisteredUser } from "./register.ts";
import { queueResetMailTo } from "./reset-mail.ts";
import { bearer, issueTokens, linkSecretHash, revokeToken, revokeUserTokens } from "./tokens.ts";

const FORGOT_ANSWER = {
  message: "If an account exists for that e-mail, a link to reset the password has been sent.",
};

export async function authRoutes(app: FastifyInstance, { s }: { s: Services }) {
  const { db } = s;
  // per address, in the shared store (Redis with REDIS_URL): every process counts together
  const limited = {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const ms = await take(limitsOf(s).authAddress, request.ip);
      if (ms !== null) return sendRateLimited(reply, ms, "Too many requests from this address.");
    },
  };

  // a U+0000 in any field would fail in PostgreSQL as an internal error
  app.addHook("preValidation", async (request, reply) => {
    const at = findNul(request.body);
    if (at !== null) {
      const field = at || "body";
      return reply.code(400).send({ message: `${field} ${NUL_MESSAGE}`, errors: { [field]: [NUL_MESSAGE] } });
    }
  });

  function parse<T extends z.ZodType>(schema: T, body: unknown) {
    return schema.safeParse(body ?? {});
  }

  // limited per account and per address by its own gate (login-limits.ts, decision 0402), not
  // by a flat count per address: a school's staff sign in from one address at 8 a.m.
  closeLimitsOnClose(app, s);
  app.post("/api/v2/login", async (request, reply) => {
    const input = parse(loginInput, request.body);
    if (!input.success) return sendValidationError(reply, input.error);
    const gate = await openLoginGate(s, request.ip, input.data.email);
    if (gate.refusedMs !== undefined) return sendRateLimited(reply, gate.refusedMs, gate.reason);
    const [user] = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${input.data.email}`, isNull(users.deleted_at)))
      .limit(1);
    const ok = await verifyPassword(user?.password_hash, input.data.password);
    if (!user || !ok || !user.active) {
      await gate.failed();
      return reply.code(401).send({ message: LOGIN_FAILURE_MESSAGE });
    }
    await gate.succeeded();
    const tokens = await issueTokens(db, user.id);
    await db.update(users).set({ last_seen: new Date() }).where(eq(users.id, user.id));
    await db.insert(auditLog).values({ school_id: user.school_id, user_id: user.id, action: "login" });
    return { data: { user: presentUser(user), ...tokens } };
  });

  app.post("/api/v2/logout", async (request, reply) => {
    const token = bearer(request.headers.authorization);
    if (!token || !(await revokeToken(db, token))) return reply.code(401).send({ message: "Not signed in" });
    return { data: { message: "Signed out" } };
  });

  app.post("/api/v2/password/forgot", limited, async (request, reply) => {
    const input = parse(forgotInput, request.body);
    if (!input.success) return sendValidationError(reply, input.error);
    // the same answer at the same moment whether or not the e-mail has an account: the account
    // is looked up and its link written and queued once the answer is out, at a random moment
    // within a second, so that the work does not slow the caller's next request (decision 0414)
    const { email } = input.data;
    s.afterAnswer(reply, "reset link", () => queueResetMailTo(db, s, email));
    return { data: FORGOT_ANSWER };
  });

  app.post("/api/v2/password/reset", limited, async (request, reply) => {
    const input = parse(resetInput, request.body);
    if (!input.success) return sendValidationError(reply, input.error);
    const now = new Date();
    // claim the link atomically so it works once
    const [reset] = await db
      .update(passwordResets)
      .set({ used_at: now })
      .where(
        and(
          eq(passwordResets.secret_hash, linkSecretHash(input.data.token)),
          isNull(passwordResets.used_at),
          gt(passwordResets.expires_at, now),
        ),
      )
      .returning();
    if (!reset) {
      return reply.code(410).send({
        message: "This reset link is invalid, expired or already used. Ask for a new one.",
        errors: { token: ["is invalid, expired or already used"] },
      });
    }
    const password_hash = await hashPassword(input.data.password);
    // a reset ends every session of the user, including any an attacker holds (decision 0410)
    await db.transaction(async (tx) => {
      await tx.update(users).set({ password_hash, updated_at: now }).where(eq(users.id, reset.user_id));
      await revokeUserTokens(tx, reset.user_id);
      await tx.insert(auditLog).values({ user_id: reset.user_id, action: "password.reset" });
    });
    return { data: { message: "Your password has been changed. You can sign in now." } };
  });

  async function openInvitation(token: string) {
    const [inv] = await db
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.secret_hash, linkSecretHash(token)),
          isNull(invitations.accepted_at),
          gt(invitations.expires_at, new Date()),
        ),
      )
      .limit(1);
    return inv;
  }

  const invalidEmailLink = {
    message: "This confirmation link is invalid, expired or already used. Change the e-mail again for a new one.",
    errors: { token: ["is invalid, expired or already used"] },
  };

  const invalidInvitation = {
    message: "This invitation is invalid, expired or already used. Ask for a new one.",
    errors: { token: ["is invalid, expired or already used"] },
  };

  const accountExists = {
    message: "You already have a Rollbook account with this e-mail: sign in with it.",
    errors: { email: ["already has an account"] },
  };
  // only the new address's owner has the link, and their school sees its removed users anyway
  const removedHere = {
    message:
      "This e-mail belongs to a removed user of your school: ask a manager to give that user another e-mail, then change yours again.",
    errors: { email: ["belongs to a removed user of the school"] },
  };

  app.post("/api/v2/checkInvitation", limited, async (request, reply) => {
    const input = parse(checkInvitationInput, request.body);
    if (!input.success) return sendValidationError(reply, input.error);
    const inv = await openInvitation(input.data.token);
    if (!inv) return reply.code(410).send(invalidInvitation);
    return {
      data: { valid: true, email: inv.email, first_name: inv.first_name, last_name: inv.last_name ?? "" },
    };
  });

  app.post("/api/v2/register", limited, async (request, reply) => {
    const input = parse(registerInput, request.body);
    if (!input.success) return sendValidationError(reply, input.error);
    const now = new Date();
    // hashed first: the invitation is used up and the user written in one transaction, so a
    // failure leaves the link working
    const password_hash = await hashPassword(input.data.password);
    const registered = await db
      .transaction(async (tx) => {
        const [inv] = await tx
          .update(invitations)
          .set({ accepted_at: now })
          .where(
            and(
              eq(invitations.secret_hash, linkSecretHash(input.data.token)),
              isNull(invitations.accepted_at),
              gt(invitations.expires_at, now),
            ),
          )
          .returning();
        if (!inv) return null;
        const { first_name, last_name } = input.data;
        return writeRegisteredUser(tx, inv, { first_name, last_name, password_hash }, now);
      })
      .catch((e: unknown) => {
        // the lock orders registrations; a restore or an e-mail confirmation takes none
        if (e === ACCOUNT_EXISTS || isUniqueViolation(e, "users_email_unique")) return "exists" as const;
        throw e;
      });
    if (registered === "exists") return reply.code(409).send(accountExists);
    if (!registered) return reply.code(410).send(invalidInvitation);
    const { user } = registered;
    // after the commit: the courses the invitation newly assigned, as attachUsers sends (decision 0200)
    await publishRows(s, "course.update", user.school_id, registered.courses);
    const tokens = await issueTokens(db, user.id);
    return { data: { user: presentUser(user), ...tokens } };
  });

  // the new address opens its mailed link: the change asked for on /Profile or by a manager
  app.post("/api/v2/email/confirm", limited, async (request, reply) => {
    const input = parse(confirmEmailInput, request.body);
    if (!input.success) return sendValidationError(reply, input.error);
    const outcome = await confirmEmailChange(db, input.data.token);
    if (outcome === "invalid") return reply.code(410).send(invalidEmailLink);
    if (outcome === "taken") return reply.code(409).send(accountExists);
    if (outcome === "removed_here") return reply.code(409).send(removedHere);
    return { data: { message: "Your e-mail address is changed: sign in with it from now on." } };
  });
}
