import { STATUS } from "@rollbook/domain";
import { isNull } from "drizzle-orm";
import { schools } from "../db/schema/index.ts";
import type { Mail } from "../mail/mailer.ts";
import { type Block, renderMail, unsubscribeUrl } from "../mail/template.ts";
import type { Services } from "../services.ts";
import { type Reader, readersFor } from "./audience.ts";
import { queueOnce } from "./once.ts";
import { dailyRecapBlocks, loadRecap, weeklyRecapBlocks } from "./recaps.ts";
import { type DuePeriod, duePeriods } from "./schedule.ts";
import { startupBlocks, weekItems } from "./startup.ts";

export type SchedulerServices = Pick<Services, "db" | "mailer" | "log" | "publicUrl">;

const SUBJECT: Record<DuePeriod["kind"], (d: DuePeriod) => string> = {
  daily_recap: (d) => `Daily recap: absences on ${d.from}`,
  weekly_startup: (d) => `Your week ahead: ${d.from} to ${d.to}`,
  weekly_recap: (d) => `Weekly recap: ${d.from} to ${d.to}`,
};

const REASON: Record<DuePeriod["kind"], string> = {
  daily_recap: "You receive this because you asked for a daily recap in Rollbook.",
  weekly_startup: "You receive this because you asked for a weekly start-up mail in Rollbook.",
  weekly_recap: "You receive this because you asked for a weekly recap in Rollbook.",
};

/** Builds, per due kind, each reader's blocks from data read once for the school. */
async function plan(
  s: SchedulerServices,
  school: { id: number; timezone: string },
  due: DuePeriod,
  readers: Reader[],
): Promise<(r: Reader) => Block[] | null> {
  if (due.kind === "weekly_startup") {
    const courseIds = [...new Set(readers.flatMap((r) => [...r.courses]))];
    const eventIds = [...new Set(readers.flatMap((r) => [...r.events]))];
    const items = await weekItems(s.db, school, courseIds, eventIds, due.from, due.to);
    return (r) => startupBlocks(r, items);
  }
  if (due.kind === "daily_recap") {
    const data = await loadRecap(s.db, school.id, readers, due.from, due.to, STATUS.absent);
    return (r) => dailyRecapBlocks(r, data, s.publicUrl);
  }
  const data = await loadRecap(s.db, school.id, readers, due.from, due.to);
  return (r) => weeklyRecapBlocks(r, data, s.publicUrl);
}

export interface SchedulerRun {
  /** mails this run claimed and queued */
  queued: number;
}

/**
 * Queues every recap and start-up mail due at `now` in each school's zone (schedule.ts), each
 * claimed once per (user, kind, period) in the transaction that queues it (once.ts): safe to run
 * every minute in every server process, and again after a restart.
 */
export async function runNotifications(s: SchedulerServices, now = new Date()): Promise<SchedulerRun> {
  const run: SchedulerRun = { queued: 0 };
  const list = await s.db
    .select({ id: schools.id, name: schools.name, timezone: schools.timezone })
    .from(schools)
    .where(isNull(schools.deleted_at))
    .orderBy(schools.id);
  for (const school of list) {
    for (const due of duePeriods(now, school.timezone)) {
      const readers = await readersFor(s.db, school.id, due);
      if (readers.length === 0) continue;
      const blocksOf = await plan(s, school, due, readers);
      for (const reader of readers) {
        const blocks = blocksOf(reader);
        // nothing to tell: claimed all the same, so later ticks of the day skip the reader
        const mails: Mail[] = blocks
          ? [
              {
                to: reader.email,
                ...renderMail({
                  school: school.name,
                  subject: SUBJECT[due.kind](due),
                  greeting: `Hello ${reader.first_name},`,
                  blocks,
                  reason: REASON[due.kind],
                  unsubscribeUrl: unsubscribeUrl(s.publicUrl),
                }),
              },
            ]
          : [];
        const claim = { school_id: school.id, kind: due.kind, recipient: `user:${reader.id}`, period: due.period };
        if ((await queueOnce(s.db, s.mailer, claim, mails)) && mails.length) run.queued++;
      }
    }
  }
  if (run.queued > 0) s.mailer.wake();
  return run;
}

/** Every minute (and soon after start), never two runs at once in this process. Answers a stop function. */
export function startNotifications(s: SchedulerServices, intervalMs = 60_000): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runNotifications(s)
      .then((r) => {
        if (r.queued) s.log.info(r, "queued recap mails");
      })
      .catch((err) => s.log.error({ err }, "recap mails failed; retried next minute"))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 5_000);
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
