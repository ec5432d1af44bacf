import { desc, eq } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { mailOutbox } from "../src/db/schema/index.ts";

/**
 * The newest outbox mail to `to`, newer than mail `afterId`, for which `pick` answers something;
 * waited for, as links are written after the answer (decisions 0414, 0701). Throws, naming the
 * address, when none comes within 10 s.
 */
export async function mailedTo<T>(db: Db, to: string, afterId: number, pick: (text: string) => T | undefined) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const found = mail && mail.id > afterId ? pick(mail.text) : undefined;
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} after mail ${afterId}: ${mail?.text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The secret of the link (`/Invite/...` or `/ResetPassword/...`) in the newest mail to `to` after `afterId`. */
export function secretMailed(db: Db, to: string, path: "Invite" | "ResetPassword", afterId = 0) {
  return mailedTo(db, to, afterId, (text) => new RegExp(`/${path}/([0-9a-f-]{36})\\b`).exec(text)?.[1]);
}

/** The id of the newest outbox mail (0 when there is none). */
export async function lastMailId(db: Db) {
  const [row] = await db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
  return row?.id ?? 0;
}
