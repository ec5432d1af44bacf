import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DATABASES, startServer } from "../test/harness.ts";
import { whileTableLocked } from "../test/table-lock.ts";
import type { Db } from "./db/client.ts";
import { finalisedSessions, studentCourse } from "./db/schema/index.ts";
import { floorMinute, MIN, makeCourse, makeStudent, schoolsOf } from "./engine/test-fixtures.ts";
import { createRedisBus } from "./realtime/bus-redis.ts";
import type { BusMessage } from "./realtime/messages.ts";

const REDIS = process.env.TEST_REDIS_URL;
// the finaliser's first tick comes this long after the app starts (startFinaliser: min(interval, 5 s))
const TICK_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Closing the app stops its parts in order (app.ts; Fastify runs onClose hooks last added first):
 * a finaliser run in progress finishes before the mailer and the bus close, so what it finalised
 * still reaches the other processes. Through Redis, as between real processes: a bus closed first
 * drops the run's pushes without a word.
 */
describe.skipIf(!REDIS).each(DATABASES)("closing the app on %s (needs TEST_REDIS_URL)", (kind) => {
  it("lets a finaliser run in progress publish what it finalised before the bus closes", async () => {
    const channel = `rollbook:push:shutdown:${process.pid}:${kind}:${Date.now()}`;
    const srv = await startServer(kind, {
      FINALISE_INTERVAL_MS: String(TICK_MS),
      REDIS_URL: REDIS as string,
      REDIS_CHANNEL: channel,
    });
    // the finaliser started before this, so its first tick comes before started + TICK_MS
    const started = Date.now();
    const watcher = createRedisBus(REDIS as string, channel, srv.services.log);
    let closing: Promise<void> | null = null;
    const close = () => {
      closing ??= srv.close();
      return closing;
    };
    try {
      await watcher.ready();
      const heard: BusMessage[] = [];
      watcher.subscribe((m) => heard.push(m));
      // a session that ended 30 minutes ago, with a student who never came: the next tick finalises it
      const db = srv.services.db;
      const { demo } = await schoolsOf(db);
      const start = floorMinute(new Date(Date.now() - 90 * MIN));
      const { course } = await makeCourse(db, demo, start, 60, { created_at: new Date(start.getTime() - MIN) });
      const student = await makeStudent(db, demo.id, { courses: [course.id] });
      await db
        .update(studentCourse)
        .set({ created_at: new Date(start.getTime() - 24 * 60 * MIN) })
        .where(eq(studentCourse.student_id, student.id));
      // made before the first tick, so the run that tick starts has the session to finalise
      expect(Date.now() - started).toBeLessThan(TICK_MS - 1000);
      const finalised = (d: Db) =>
        d.$count(
          finalisedSessions,
          and(eq(finalisedSessions.attendable_type, "course"), eq(finalisedSessions.attendable_id, course.id)),
        );

      // hold the finaliser in the middle of a run, close the app meanwhile, then let the run go on
      const closeDuringRun = async (d: Db, waitForRun: () => Promise<void>) => {
        await waitForRun();
        expect(await finalised(d)).toBe(0);
        void close();
        // long enough for hooks that ran first to have closed the bus and the mailer
        await sleep(500);
      };
      if (kind === "postgres") {
        // another connection holds the claims table: the run waits on its claim of a session
        const waiting = async () => {
          const result = await db.execute(sql`select count(*)::int as n from pg_locks
            where relation = 'finalised_sessions'::regclass and not granted`);
          return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
        };
        await whileTableLocked(srv.databaseUrl, "finalised_sessions", () =>
          closeDuringRun(db, async () => {
            await expect.poll(waiting, { timeout: TICK_MS * 4 }).toBeGreaterThan(0);
          }),
        );
      } else {
        // PGlite runs one transaction at a time: a run started meanwhile waits for this one
        await db.transaction((tx) =>
          closeDuringRun(tx as unknown as Db, async () => {
            // 3 s past the tick: a loaded CI machine may fire the timer late
            await sleep(Math.max(0, started + TICK_MS + 3000 - Date.now()));
          }),
        );
      }
      await close();
      await expect
        .poll(() => heard.some((m) => m.type === "attendance.update" && (m.student_ids ?? []).includes(student.id)), {
          timeout: 5000,
        })
        .toBe(true);
    } finally {
      await watcher.close();
      await close();
    }
  }, 60_000);
});
