import { sendTexts } from "../../notifications/sms.ts";
import type { Services } from "../../services.ts";
import { statusesChanged } from "./apa.ts";
import { dueSessions, LOOKBACK_DAYS } from "./due.ts";
import { type FinalisedSession, finaliseSession } from "./session.ts";

export interface FinaliseSummary {
  /** sessions this run finalised (not those another process or an earlier run did) */
  sessions: number;
  /** attendance rows written or finished */
  students: number;
  tasks: number;
  mails: number;
  /** sessions that failed; they stay due and are tried again on the next run */
  failed: number;
}

/**
 * A tick between two full look-backs looks back this far: every session that ends is seen by the
 * next tick, and one that failed is tried again on every tick for a day (decision 0340).
 */
export const RECENT_LOOKBACK_DAYS = 1;
/** How often a tick looks back the whole LOOKBACK_DAYS (and at start, to catch up after downtime). */
export const FULL_LOOKBACK_EVERY_MS = 60 * 60_000;

/**
 * Finalises every session that ended in the last `lookbackDays` (by default as far back as pings
 * are accepted, decision 0512) and is not finalised yet (so one that ended while no server ran is
 * done by the next run), each in its own transaction; then, outside it, refreshes APA, tells
 * connected staff and sends the alert mails.
 */
export async function finaliseDue(
  s: Services,
  now = new Date(),
  lookbackDays = LOOKBACK_DAYS,
): Promise<FinaliseSummary> {
  const summary: FinaliseSummary = { sessions: 0, students: 0, tasks: 0, mails: 0, failed: 0 };
  for (const session of await dueSessions(s.db, now, lookbackDays)) {
    let done: FinalisedSession | null;
    try {
      done = await finaliseSession(s, session, now);
    } catch (err) {
      summary.failed++;
      s.log.error({ err, session: { ...session, rules: undefined } }, "finalising a session failed; retried next run");
      continue;
    }
    if (!done) continue; // another process has it
    summary.sessions++;
    summary.students += done.changed.length;
    summary.tasks += done.tasks.length;
    summary.mails += done.mails.length;
    await afterCommit(s, done, now);
  }
  return summary;
}

/** What follows a committed finalisation; a failure here is logged, the statuses stand. */
async function afterCommit(s: Services, done: FinalisedSession, now: Date) {
  const { session } = done;
  // APA, then the pushes: the same path as a staff member's change of a status
  await statusesChanged(
    s,
    done.changed.map((c) => ({
      id: c.id,
      school_id: session.school_id,
      student_id: c.student_id,
      attendable_type: session.attendable_type,
      attendable_id: session.attendable_id,
    })),
    now,
  );
  try {
    for (const t of done.tasks)
      await s.bus.publish({ type: "task.update", school_id: t.school_id, ids: [t.id], user_id: t.user_id });
  } catch (err) {
    s.log.warn({ err }, "task push after finalisation failed");
  }
  for (const mail of done.mails) {
    try {
      await s.mailer.send(mail);
    } catch (err) {
      s.log.error({ err, to: mail.to }, "alert mail failed");
    }
  }
  await sendTexts(s, done.texts);
}

/**
 * Runs finaliseDue every `intervalMs` (and once soon after start, to catch up after downtime);
 * never two runs at once in this process. 0 turns it off (tests call finaliseDue themselves).
 * The first run and one an hour look back the whole LOOKBACK_DAYS; the others one day. A large
 * school's full look-back reads tens of thousands of finalised sessions and held the event loop
 * (no ping answered) for a large part of a second every 30 s (decision 0340, bench:finaliser).
 * Answers a stop function that waits for a run in progress.
 */
export function startFinaliser(
  s: Services,
  intervalMs: number,
  fullLookbackEveryMs = FULL_LOOKBACK_EVERY_MS,
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> | null = null;
  let stopped = false;
  let lastFull = Number.NEGATIVE_INFINITY;
  const tick = () => {
    if (running || stopped) return;
    const now = new Date();
    const full = now.getTime() - lastFull >= fullLookbackEveryMs;
    if (full) lastFull = now.getTime();
    running = finaliseDue(s, now, full ? LOOKBACK_DAYS : RECENT_LOOKBACK_DAYS)
      .then((r) => {
        if (r.sessions || r.failed) s.log.info(r, "finalised ended sessions");
      })
      .catch((err) => s.log.error({ err }, "finalising sessions failed"))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, Math.min(intervalMs, 5_000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
