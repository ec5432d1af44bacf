import { createHash, randomBytes, randomUUID } from "node:crypto";
import { ACCESS_TOKEN_TTL_MS } from "@rollbook/domain";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { accessTokens, users } from "../db/schema/index.ts";

export type TokenKind = "access" | "search";

export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
export const newSecret = (bytes = 32) => randomBytes(bytes).toString("base64url");

/**
 * The secret of an /Invite or /ResetPassword link: a random UUID v4 (122 random bits; the spec's
 * {uuid}), stored only as its SHA-256 (decision 0411). Case-folded: a UUID is case-insensitive.
 */
export const newLinkSecret = () => randomUUID();
export const linkSecretHash = (secret: string) => sha256(secret.toLowerCase());

/** A pair of bearer tokens: full access, and one that may only search. Only hashes are stored. */
export async function issueTokens(db: Db, userId: number, impersonatorId: number | null = null) {
  const access_token = newSecret();
  const search_token = newSecret();
  const expires_at = new Date(Date.now() + ACCESS_TOKEN_TTL_MS);
  await db.insert(accessTokens).values([
    { user_id: userId, token_hash: sha256(access_token), kind: "access", impersonator_id: impersonatorId, expires_at },
    { user_id: userId, token_hash: sha256(search_token), kind: "search", impersonator_id: impersonatorId, expires_at },
  ]);
  return { access_token, search_token };
}

export interface ResolvedToken {
  tokenId: number;
  kind: TokenKind;
  impersonatorId: number | null;
  user: typeof users.$inferSelect;
}

export async function resolveToken(db: Db, raw: string): Promise<ResolvedToken | null> {
  if (!raw || raw.length > 200) return null;
  const rows = await db
    .select({ token: accessTokens, user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .where(
      and(
        eq(accessTokens.token_hash, sha256(raw)),
        isNull(accessTokens.revoked_at),
        gt(accessTokens.expires_at, new Date()),
        isNull(users.deleted_at),
        eq(users.active, true),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    tokenId: row.token.id,
    kind: row.token.kind,
    impersonatorId: row.token.impersonator_id,
    user: row.user,
  };
}

/** Logout revokes the presented token and its search twin (issued in the same statement). */
export async function revokeToken(db: Db, raw: string): Promise<boolean> {
  const [token] = await db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.token_hash, sha256(raw)), isNull(accessTokens.revoked_at)))
    .limit(1);
  if (!token) return false;
  await db
    .update(accessTokens)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(accessTokens.user_id, token.user_id),
        // compared in SQL: a JS Date would drop the microseconds
        sql`${accessTokens.created_at} = (select created_at from access_tokens where id = ${token.id})`,
        isNull(accessTokens.revoked_at),
      ),
    );
  return true;
}

/**
 * Revokes the user's tokens after a password change or reset: those issued to them (their own
 * and any an admin minted by switching into them) and those they minted by switching into
 * others. `keepTokenId` spares the caller's token and its search twin.
 */
export async function revokeUserTokens(db: Db, userId: number, keepTokenId?: number): Promise<void> {
  const mine = or(eq(accessTokens.user_id, userId), eq(accessTokens.impersonator_id, userId));
  await db
    .update(accessTokens)
    .set({ revoked_at: new Date() })
    .where(
      and(
        mine,
        isNull(accessTokens.revoked_at),
        keepTokenId === undefined
          ? undefined
          : // the twin shares user and created_at (one insert); compared in SQL for the microseconds
            sql`not (${accessTokens.user_id} = ${userId} and ${accessTokens.created_at} = (select created_at from access_tokens where id = ${keepTokenId}))`,
      ),
    );
}

export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}
