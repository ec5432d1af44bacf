import { and, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { notificationClaims } from "../db/schema/index.ts";
import type { Mail, Mailer } from "../mail/mailer.ts";

export interface Claim {
  school_id: number;
  kind: NotificationKind;
  /** "user:<id>", "student:<id>", or "email:<address>" (an import's invitation, decision 0951) */
  recipient: string;
  /** the day, the week's Monday, the session ("course:3:2026-11-25") or the import ("import:7") */
  period: string;
}

export type NotificationKind = "daily_recap" | "weekly_startup" | "weekly_recap" | "pindrop" | "import_invite";

/**
 * Claims the notice and queues its mails in one transaction: the unique (kind, recipient,
 * period) row is inserted ON CONFLICT DO NOTHING, so of two runs (a restart, another process)
 * only the first queues anything; the other waits on the row, then sees it taken. Answers
 * whether this run claimed it (the caller then sends its texts and wakes the relay).
 */
export async function queueOnce(db: Db, mailer: Mailer, claim: Claim, mails: readonly Mail[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const got = await tx
      .insert(notificationClaims)
      .values(claim)
      .onConflictDoNothing()
      .returning({ id: notificationClaims.id });
    if (got.length === 0) return false;
    for (const mail of mails) await mailer.send(mail, tx as unknown as Db);
    return true;
  });
}

/** Whether a claim matching all of `where` was written: a cheap look (one indexed read) before the work. */
export async function claimed(db: Db, ...where: SQL[]): Promise<boolean> {
  const rows = await db
    .select({ id: notificationClaims.id })
    .from(notificationClaims)
    .where(and(...where))
    .limit(1);
  return rows.length > 0;
}
