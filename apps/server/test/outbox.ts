import { desc, eq } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { mailOutbox } from "../src/db/schema/index.ts";

/**
 * The secret of the link (`/Invite/...` or `/ResetPassword/...`) in the newest outbox mail to
 * `to`, newer than mail `afterId`; waited for, as a reset link is written after the answer
 * (decision 0414). Throws, naming the address, when none comes within 10 s.
 */
export async function secretMailed(db: Db, to: string, path: "Invite" | "ResetPassword", afterId = 0) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const secret =
      mail && mail.id > afterId ? new RegExp(`/${path}/([0-9a-f-]{36})\\b`).exec(mail.text)?.[1] : undefined;
    if (secret) return secret;
    if (Date.now() > deadline) throw new Error(`no ${path} mail to ${to}: ${mail?.text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The id of the newest outbox mail (0 when there is none). */
export async function lastMailId(db: Db) {
  const [row] = await db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
  return row?.id ?? 0;
}
