import fs from "node:fs";
import {
  addDays,
  courseSessionOn,
  eventSession,
  isClosed,
  localDate,
  localMinutes,
  STATUS,
  weekdayOf,
  zonedToUtc,
} from "@rollbook/domain";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmptyDir } from "../../../test/template.ts";
import { refreshApa } from "../../engine/finalise/apa.ts";
import { dueKey, dueSessions } from "../../engine/finalise/due.ts";
import { type Database, openDatabase } from "../client.ts";
import * as t from "../schema/index.ts";
import { DEMO_TZ, STUDY_HALL_TITLE, seedDemo } from "./demo.ts";

const WEEKS = 4;
const EVENING = 17 * 60 + 30;

/**
 * The last weekday 17:30 in the demo's zone: that day's classes up to 16:45 and its 15:30 event
 * have ended, the 17:00 class is still on.
 */
function lastWeekdayEvening(real: Date): Date {
  let d = localDate(real, DEMO_TZ);
  if (localMinutes(real, DEMO_TZ) < EVENING) d = addDays(d, -1);
  while (weekdayOf(d) === 0 || weekdayOf(d) === 6) d = addDays(d, -1);
  return zonedToUtc(d, EVENING, DEMO_TZ);
}

/**
 * The demo `npm start` seeds: every session that ended before the seed ran is closed as the
 * finaliser would have closed it (UI sweep, item 1: past events showed nobody attended or
 * missed, and stayed "Attending"). The finaliser leaves sessions that ended before their course
 * or event was made, and the seed makes them all at once, so nobody else would close them.
 */
describe("the demo seed's past sessions", () => {
  let database: Database;
  let dir = "";
  const now = lastWeekdayEvening(new Date());

  beforeAll(async () => {
    // a copy of the migrated, empty template: what a first `npm start` finds before it seeds
    dir = freshEmptyDir();
    database = await openDatabase({ dataDir: dir });
    // the size `npm start` seeds (the test template's 60 students sign up for no past event)
    await seedDemo(database.db, { password: "seed-pass-1", now, weeksOfHistory: WEEKS });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const db = () => database.db;

  it("every event that ended has a final status for each student signed up, and is marked finalised", async () => {
    const schools = await db().select().from(t.schools);
    const zone = new Map(schools.map((s) => [s.id, s.timezone]));
    const ended = (await db().select().from(t.events).where(isNull(t.events.deleted_at))).filter(
      (e) => eventSession(e, zone.get(e.school_id) as string).end.getTime() <= now.getTime(),
    );
    // the demo school's and the second school's
    expect(ended.map((e) => e.title)).toEqual(
      expect.arrayContaining(["Career Panel", "Study Skills Workshop", "Athlete Study Hall", "Lakeside Tutoring"]),
    );
    for (const e of ended) {
      const signups = await db().select().from(t.studentEvent).where(eq(t.studentEvent.event_id, e.id));
      const attending = signups.filter((s) => !s.in_waitlist).map((s) => s.student_id);
      const rows = await db()
        .select()
        .from(t.attendance)
        .where(and(eq(t.attendance.attendable_type, "event"), eq(t.attendance.attendable_id, e.id)));
      expect(rows.map((r) => r.student_id).sort(), e.title).toEqual([...attending].sort());
      for (const r of rows) {
        expect(r, e.title).toMatchObject({ finished: true, meets: e.date });
        expect(r.status, e.title).not.toBe(STATUS.pending);
      }
      const [claim] = await db()
        .select()
        .from(t.finalisedSessions)
        .where(and(eq(t.finalisedSessions.attendable_type, "event"), eq(t.finalisedSessions.attendable_id, e.id)));
      expect(claim, e.title).toMatchObject({ meets: e.date, students: attending.length });
    }
    // the demo's draws give the Career Panel both who came and who missed it
    const panel = ended.find((e) => e.title === "Career Panel")!;
    const statuses = (
      await db()
        .select({ status: t.attendance.status })
        .from(t.attendance)
        .where(and(eq(t.attendance.attendable_type, "event"), eq(t.attendance.attendable_id, panel.id)))
    ).map((r) => r.status);
    expect(statuses).toHaveLength(21);
    expect(statuses).toContain(STATUS.absent);
    expect(statuses.some((s) => s === STATUS.present || s === STATUS.late)).toBe(true);
  });

  it("every course session that ended, today's too, has its students' final statuses and is marked finalised", async () => {
    const [school] = await db().select().from(t.schools).where(eq(t.schools.name, "Rollbook Demo High School"));
    const tz = school!.timezone;
    const today = localDate(now, tz);
    const courses = (await db().select().from(t.courses).where(eq(t.courses.school_id, school!.id))).filter(
      (c) => c.title !== STUDY_HALL_TITLE,
    );
    const closures = await db().select().from(t.schoolClosures).where(eq(t.schoolClosures.school_id, school!.id));
    const enrolled = await db()
      .select()
      .from(t.studentCourse)
      .where(
        inArray(
          t.studentCourse.course_id,
          courses.map((c) => c.id),
        ),
      );
    const rows = await db()
      .select({ id: t.attendance.attendable_id, meets: t.attendance.meets, finished: t.attendance.finished })
      .from(t.attendance)
      .where(
        and(
          eq(t.attendance.attendable_type, "course"),
          inArray(
            t.attendance.attendable_id,
            courses.map((c) => c.id),
          ),
        ),
      );
    const claims = new Set(
      (await db().select().from(t.finalisedSessions).where(eq(t.finalisedSessions.school_id, school!.id))).map(dueKey),
    );
    let sessions = 0;
    let todays = 0;
    for (let d = addDays(today, -7 * WEEKS); d <= today; d = addDays(d, 1)) {
      for (const c of courses) {
        const session = courseSessionOn(c, d, tz);
        if (!session || session.end.getTime() > now.getTime() || isClosed(d, closures)) continue;
        sessions++;
        if (d === today) todays++;
        const mine = rows.filter((r) => r.id === c.id && r.meets === d);
        expect(mine.length, `${c.title} ${d}`).toBe(enrolled.filter((e) => e.course_id === c.id).length);
        expect(mine.every((r) => r.finished)).toBe(true);
        expect(
          claims.has(dueKey({ attendable_type: "course", attendable_id: c.id, meets: d })),
          `${c.title} ${d}`,
        ).toBe(true);
      }
    }
    expect(sessions).toBeGreaterThan(50);
    expect(todays).toBeGreaterThan(0);
    // the class still on at the seed's moment is left to the finaliser
    const running = courses.find((c) => c.start_time.startsWith("17:00") && courseSessionOn(c, today, tz));
    if (running) expect(rows.filter((r) => r.id === running.id && r.meets === today)).toEqual([]);
  });

  it("leaves the finaliser nothing of its own to close, and the APA is what the finaliser keeps", async () => {
    const seeded = new Set(
      (
        await db()
          .select({ id: t.schools.id })
          .from(t.schools)
          .where(or(eq(t.schools.name, "Rollbook Demo High School"), eq(t.schools.name, "Lakeside Demo College")))
      ).map((s) => s.id),
    );
    const due = (await dueSessions(db(), now)).filter((s) => seeded.has(s.school_id));
    expect(due.map((s) => `${s.title} ${s.meets}`)).toEqual([]);

    // refreshing every student's APA changes nothing: the seed stored the finaliser's figures
    const before = await db()
      .select({
        id: t.students.id,
        school_id: t.students.school_id,
        weekly: t.students.weekly_apa,
        semester: t.students.semester_apa,
      })
      .from(t.students)
      .orderBy(t.students.id);
    expect(before.filter((s) => s.semester !== null).length).toBeGreaterThan(100);
    for (const id of seeded) {
      const [school] = await db().select().from(t.schools).where(eq(t.schools.id, id));
      await refreshApa(
        db(),
        school!,
        before.filter((s) => s.school_id === id).map((s) => s.id),
        now,
      );
    }
    const after = await db()
      .select({
        id: t.students.id,
        school_id: t.students.school_id,
        weekly: t.students.weekly_apa,
        semester: t.students.semester_apa,
      })
      .from(t.students)
      .orderBy(t.students.id);
    expect(after).toEqual(before);
  });
});
