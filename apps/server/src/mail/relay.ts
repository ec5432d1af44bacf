import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";

export interface RelayOptions {
  /** rows claimed at once */
  batch: number;
  /** a claimed row is left alone this long by other relays while this one sends it */
  leaseMs: number;
  /** back-off after the first failure; doubled after each further one, up to retryMaxMs */
  retryBaseMs: number;
  retryMaxMs: number;
  /** after this many failed attempts a row stays unsent, its last_error kept */
  maxAttempts: number;
}

export const RELAY_DEFAULTS: RelayOptions = {
  batch: 20,
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  maxAttempts: 10,
};

export const backoffMs = (attempts: number, o: RelayOptions) =>
  Math.min(o.retryMaxMs, o.retryBaseMs * 2 ** Math.max(0, attempts - 1));

export interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

/**
 * Claims due rows in one statement: SKIP LOCKED and the lease moved ahead mean two relays (in
 * this process or another) never hold the same row. No transaction is held while mail is sent.
 * The CTE is MATERIALIZED: as an IN (subquery) the planner may re-run the locking subquery per
 * row, and each re-run skips the rows this statement already updated, so LIMIT stops limiting.
 */
export async function claimDue(db: Db, now: Date, o: RelayOptions): Promise<ClaimedMail[]> {
  const lease = new Date(now.getTime() + o.leaseMs);
  const result = await db.execute(sql`
    with due as materialized (
      select id from ${mailOutbox}
      where sent_at is null and next_attempt_at <= ${now} and attempts < ${o.maxAttempts}
      order by next_attempt_at, id
      limit ${o.batch}
      for update skip locked
    )
    update ${mailOutbox} m set attempts = m.attempts + 1, next_attempt_at = ${lease}
    from due where m.id = due.id
    returning m.id, m."to", m.subject, m.text, m.html, m.attempts`);
  return (result as unknown as { rows: ClaimedMail[] }).rows.map((r) => ({
    ...r,
    id: Number(r.id),
    attempts: Number(r.attempts),
  }));
}

export interface RelayRun {
  sent: number;
  failed: number;
}

/** Claims and sends due rows until none is left; a failure is recorded and retried later. */
export async function relayDue(
  db: Db,
  transport: Transporter,
  from: string,
  log: FastifyBaseLogger,
  o: RelayOptions = RELAY_DEFAULTS,
  now: () => Date = () => new Date(),
): Promise<RelayRun> {
  const run: RelayRun = { sent: 0, failed: 0 };
  for (;;) {
    const rows = await claimDue(db, now(), o);
    for (const row of rows) {
      try {
        // with html, nodemailer sends multipart/alternative: the text part first, then the HTML
        await transport.sendMail({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
        });
        await db.update(mailOutbox).set({ sent_at: now(), last_error: null }).where(eq(mailOutbox.id, row.id));
        run.sent++;
      } catch (err) {
        run.failed++;
        const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        await db
          .update(mailOutbox)
          .set({ last_error: message, next_attempt_at: new Date(now().getTime() + backoffMs(row.attempts, o)) })
          .where(eq(mailOutbox.id, row.id));
        // the message is the SMTP conversation's, never the mail's text
        const final = row.attempts >= o.maxAttempts;
        log[final ? "error" : "warn"](
          { mail: row.id, attempts: row.attempts, error: message },
          final ? "mail could not be delivered; giving up" : "mail delivery failed; retried later",
        );
      }
    }
    if (rows.length < o.batch) return run;
  }
}

export interface Relay {
  /** run soon (after new mail was committed); runs never overlap in one process */
  wake(): void;
  /** stops the timer and waits for a run in progress */
  stop(): Promise<void>;
}

/** Runs relayDue every intervalMs and whenever woken. */
export function startRelay(
  db: Db,
  transport: Transporter,
  from: string,
  log: FastifyBaseLogger,
  intervalMs: number,
  o: RelayOptions = RELAY_DEFAULTS,
): Relay {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = relayDue(db, transport, from, log, o)
      .then(
        () => undefined,
        (err) => log.error({ err }, "mail relay run failed; retried next run"),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  setImmediate(tick);
  return {
    wake: () => setImmediate(tick),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
