import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { sha256 } from "../auth/tokens.ts";
import { users } from "../db/schema/index.ts";

type UserRow = typeof users.$inferSelect;

/**
 * The secret of a user's calendar feed URLs. Derived (HMAC) from what only the server holds about
 * the user, so the same URL is shown on every ask while the database keeps only its SHA-256
 * (users.calendar_token_hash, the lookup key). A new password makes a new secret: the old URLs
 * stop working at once (the route derives the secret again and compares). Decision 0700, Courses.
 */
export function calendarSecret(user: Pick<UserRow, "id" | "password_hash" | "created_at">): string {
  const key = `${user.password_hash ?? ""}:${user.id}:${new Date(user.created_at).toISOString()}`;
  return createHmac("sha256", key).update("rollbook calendar feed v1").digest("base64url");
}

/**
 * Whether a secret from a URL is the user's current one (constant time). A user without a password
 * (imported, not yet signed in; an admin acting as them can still ask for the URL) has no feed:
 * their secret would be derived from the id and creation time alone, which a stranger can guess.
 */
export function isCurrentSecret(user: UserRow, secret: string): boolean {
  if (!user.password_hash) return false;
  const want = Buffer.from(calendarSecret(user));
  const got = Buffer.from(secret);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The viewer's secret; its hash is stored on first ask (and again after a password change). */
export async function ensureCalendarSecret(data: Scoped): Promise<string> {
  const user = data.viewer.user;
  const secret = calendarSecret(user);
  const hash = sha256(secret);
  if (user.calendar_token_hash !== hash) {
    await systemOf(data).db.update(users).set({ calendar_token_hash: hash }).where(eq(users.id, user.id));
    user.calendar_token_hash = hash;
  }
  return secret;
}

export const feedPath = (secret: string, courseUuid: string) => `/api/v2/calendar/${secret}/courses/${courseUuid}.ics`;

/** The viewer's secret iCal URL of a course: absolute when PUBLIC_URL is set, else from the site's root. */
export async function calendarUrl(data: Scoped, courseUuid: string): Promise<string> {
  // one secret per request, however many courses ask
  const secret = await data
    .loader<"me", string>("calendar-secret", async (keys) => {
      const s = await ensureCalendarSecret(data);
      return keys.map(() => s);
    })
    .load("me");
  const base = (systemOf(data).s.config.PUBLIC_URL ?? "").replace(/\/+$/, "");
  return `${base}${feedPath(secret, courseUuid)}`;
}
