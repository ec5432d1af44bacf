import { roleById } from "@rollbook/domain";
import { eq, gt, sql } from "drizzle-orm";
import { accountExistsMail } from "../auth/invite.ts";
import type { Db } from "../db/client.ts";
import { notificationClaims, users } from "../db/schema/index.ts";
import { claimed, queueOnce } from "../notifications/once.ts";
import { lockAddress, releaseAddress } from "../users/release-address.ts";
import type { BatchContext } from "./rows.ts";

/**
 * How often one school's imports tell another school's holder (decision 0951): a school that
 * imports its roster every night would otherwise mail them every night.
 */
export const ACCOUNT_EXISTS_EVERY_MS = 30 * 24 * 3600 * 1000;

/** A users row whose address another school's user had when the batch was read. */
export interface ElsewhereRow {
  email: string;
  value: Record<string, unknown> & { email: string; role_id: number };
}

/**
 * Users rows whose address belongs to another school (decision 0951): the report says of them
 * what it says of a free address (nothing), and as with inviteUser only the holder hears of it.
 * - a live user of another school keeps its account and gets the invitation's "you already have
 *   an account" mail, once per importing school in 30 days (ACCOUNT_EXISTS_EVERY_MS): a nightly
 *   import, or a run again after a crash, within them sends none;
 * - a removed user of another school is no holder: it gives the address up (decision 0952) and
 *   the row is inserted as a free one.
 * One transaction, each address locked (in order, so two imports never wait on each other) and
 * read again after its lock, as registration does.
 */
export async function importElsewhere(ctx: BatchContext, rows: ElsewhereRow[]) {
  const sorted = [...rows].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    for (const row of sorted) {
      await lockAddress(tx, row.email);
      const [holder] = await tx.select().from(users).where(sql`lower(${users.email}) = ${row.email}`).limit(1);
      // the importer's school holds it since the read: the next run of the file updates it
      if (holder?.school_id === ctx.schoolId) continue;
      const free = !holder || (holder.deleted_at !== null && (await releaseAddress(tx, holder, now)));
      if (free) {
        await tx
          .insert(users)
          .values({ ...row.value, first_name: row.value.first_name as string, school_id: ctx.schoolId });
        continue;
      }
      // once per holder and importing school in the window: the address lock above keeps two
      // imports from both missing the other's claim
      if (await toldRecently(tx as unknown as Db, ctx.schoolId, holder.id, now)) continue;
      // the import's claim: a run again after a crash (decision 0970) tells nobody twice
      const claim = {
        school_id: ctx.schoolId,
        kind: "import_account_exists",
        recipient: `user:${holder.id}`,
        period: `import:${ctx.importId}`,
      } as const;
      const mail = accountExistsMail({
        to: row.email,
        firstName: row.value.first_name as string,
        inviter: ctx.mail.inviter,
        roleName: roleById(row.value.role_id).display_name,
        schoolName: ctx.mail.schoolName,
      });
      await queueOnce(tx as unknown as Db, ctx.mail.mailer, claim, [mail]);
    }
  });
  ctx.mail.mailer.wake();
}

/** Whether this school's imports told the holder within ACCOUNT_EXISTS_EVERY_MS (one indexed read). */
async function toldRecently(db: Db, schoolId: number, holderId: number, now: Date): Promise<boolean> {
  return claimed(
    db,
    eq(notificationClaims.kind, "import_account_exists"),
    eq(notificationClaims.recipient, `user:${holderId}`),
    eq(notificationClaims.school_id, schoolId),
    gt(notificationClaims.created_at, new Date(now.getTime() - ACCOUNT_EXISTS_EVERY_MS)),
  );
}
