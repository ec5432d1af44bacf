import { localDate, STATUS, weekRange } from "@rollbook/domain";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../../test/harness.ts";
import { openDatabase } from "../../db/client.ts";
import {
  attendance,
  cancellations,
  courses,
  events,
  excuses,
  finalisedSessions,
  mailOutbox,
  schoolClosures,
  studentCourse,
  studentEvent,
  students,
  studentTeam,
  tasks,
  teams,
  travel,
  userCourse,
  users,
} from "../../db/schema/index.ts";
import { isPush, type PushBus, type PushMessage } from "../../realtime/messages.ts";
import {
  floorMinute,
  MIN,
  makeCourse,
  makeEvent,
  makeStudent,
  phone,
  schoolsOf,
  sentLive,
  series,
  storedLive,
} from "../test-fixtures.ts";
import { finaliseDue, RECENT_LOOKBACK_DAYS, startFinaliser } from "./run.ts";

const DAY = 24 * 60 * MIN;

/** Sessions that ended, finalised through finaliseDue over a real server's database, on every database. */
describe.each(DATABASES)("finalising ended sessions on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };
  let judge: { id: number; email: string };
  const messages: PushMessage[] = [];

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
    (srv.services.bus as PushBus).subscribe((m) => isPush(m) && messages.push(m));
    const [j] = await srv.services.db
      .update(users)
      .set({ absent_email: true, late_email: true, alert_filter: [] })
      .where(like(users.email, "judge@%"))
      .returning({ id: users.id, email: users.email });
    judge = j!;
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const s = () => srv.services;

  /** A daily course whose session today ran from 90 to 30 minutes ago (created just before it). */
  async function endedCourse(extra: Parameters<typeof makeCourse>[4] = {}, sch = school, daysAgo = 0) {
    const start = floorMinute(new Date(Date.now() - 90 * MIN - daysAgo * DAY));
    const made = await makeCourse(db(), sch, start, 60, { created_at: new Date(start.getTime() - MIN), ...extra });
    return { ...made, start, end: new Date(start.getTime() + 60 * MIN), school: sch };
  }
  /** A student enrolled since yesterday, with their phone. */
  async function enrol(c: Awaited<ReturnType<typeof endedCourse>>) {
    const student = await makeStudent(db(), c.school.id, { courses: [c.course.id] });
    await db()
      .update(studentCourse)
      .set({ created_at: new Date(c.start.getTime() - DAY) })
      .where(eq(studentCourse.student_id, student.id));
    return {
      student,
      phone: phone(srv.url, student.token),
      /** the class's pings as the phone sent them while it ran */
      live: (list: Parameters<typeof sentLive>[3]) => sentLive(db(), srv.url, student, list),
    };
  }
  const at = (c: { start: Date }, minutes: number) => new Date(c.start.getTime() + minutes * MIN);
  /** today's attendance of a student in a course (ended sessions are today's unless daysAgo) */
  async function rowOf(studentId: number, courseId: number) {
    const rows = await db()
      .select()
      .from(attendance)
      .where(and(eq(attendance.student_id, studentId), eq(attendance.attendable_id, courseId)));
    expect(rows.length).toBeLessThanOrEqual(1);
    return rows[0];
  }

  it("gives each enrolled student a final status from their presence, and marks the session done", async () => {
    const c = await endedCourse();
    const onTime = await enrol(c);
    const late = await enrol(c);
    const tooLate = await enrol(c);
    const leftEarly = await enrol(c);
    const never = await enrol(c);
    expect((await onTime.live(series(at(c, -3), at(c, 60), c.place))).status).toBe(200);
    expect((await late.live(series(at(c, 9), at(c, 60), c.place))).status).toBe(200);
    expect((await tooLate.live(series(at(c, 25), at(c, 60), c.place))).status).toBe(200);
    expect(
      (
        await leftEarly.live([
          ...series(at(c, -2), at(c, 20), c.place),
          ...series(at(c, 23), at(c, 60), c.place, "away"),
        ])
      ).status,
    ).toBe(200);

    const summary = await finaliseDue(s());
    expect(summary.failed).toBe(0);
    expect(summary.sessions).toBeGreaterThanOrEqual(1);
    const expected: [number, number][] = [
      [onTime.student.id, STATUS.present],
      [late.student.id, STATUS.late],
      [tooLate.student.id, STATUS.absent],
      [leftEarly.student.id, STATUS.left_early],
      [never.student.id, STATUS.absent],
    ];
    for (const [id, status] of expected) {
      const row = await rowOf(id, c.course.id);
      expect(row, `student ${id}`).toMatchObject({ status, finished: true, meets: c.meets });
    }
    const [claim] = await db()
      .select()
      .from(finalisedSessions)
      .where(and(eq(finalisedSessions.attendable_type, "course"), eq(finalisedSessions.attendable_id, c.course.id)));
    expect(claim).toMatchObject({ meets: c.meets, school_id: school.id, students: 5 });
  });

  it("a student who never came gets a follow-up task and an alert mail for the assigned user, and a push", async () => {
    const c = await endedCourse();
    await db().insert(userCourse).values({ user_id: judge.id, course_id: c.course.id });
    const present = await enrol(c);
    const never = await enrol(c);
    await present.live(series(at(c, -3), at(c, 60), c.place));
    messages.length = 0;
    await finaliseDue(s());
    const row = await rowOf(never.student.id, c.course.id);
    expect(row).toMatchObject({ status: STATUS.absent, finished: true });
    const mine = await db()
      .select()
      .from(tasks)
      .where(and(eq(tasks.user_id, judge.id), eq(tasks.taskable_id, row!.id)));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ taskable_type: "attendance", school_id: school.id });
    expect(mine[0]!.description).toContain(never.student.last_name);
    const presentRow = await rowOf(present.student.id, c.course.id);
    expect(await db().select().from(tasks).where(eq(tasks.taskable_id, presentRow!.id))).toEqual([]);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, judge.email), like(mailOutbox.subject, `%${c.course.title}%`)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(never.student.last_name);
    expect(mails[0]!.text).not.toContain(present.student.last_name);
    // the bus delivers after the publisher's turn
    await expect.poll(() => messages.some((m) => m.type === "attendance.update" && m.ids.includes(row!.id))).toBe(true);
    expect(messages).toContainEqual(
      expect.objectContaining({ type: "attendance.update", ids: [row!.id], student_ids: [never.student.id] }),
    );
    await expect.poll(() => messages.some((m) => m.type === "task.update" && m.ids.includes(mine[0]!.id))).toBe(true);
    expect(messages).toContainEqual(
      expect.objectContaining({ type: "task.update", ids: [mine[0]!.id], user_id: judge.id }),
    );
  });

  it("covers a cancelled date, a school closure, an excuse and team travel instead of marking absent", async () => {
    const cancelled = await endedCourse();
    const a = await enrol(cancelled);
    await db().insert(cancellations).values({ course_id: cancelled.course.id, date: cancelled.meets });

    const closed = await endedCourse({}, other);
    const b = await enrol(closed);
    await db()
      .insert(schoolClosures)
      .values({ school_id: other.id, title: "Snow day", start_date: closed.meets, end_date: closed.meets });

    const c = await endedCourse();
    const excused = await enrol(c);
    await db().insert(excuses).values({ school_id: school.id, student_id: excused.student.id, date: c.meets });
    const away = await enrol(c);
    const [team] = await db()
      .insert(teams)
      .values({ school_id: school.id, name: "Travel team", is_sport: true })
      .returning();
    await db().insert(studentTeam).values({ student_id: away.student.id, team_id: team!.id });
    await db()
      .insert(travel)
      .values({ team_id: team!.id, start_date: at(c, -120), end_date: at(c, 180), is_away: true });

    await finaliseDue(s());
    expect(await rowOf(a.student.id, cancelled.course.id)).toMatchObject({ status: STATUS.cancelled, finished: true });
    expect(await rowOf(b.student.id, closed.course.id)).toMatchObject({ status: STATUS.cancelled, finished: true });
    expect(await rowOf(excused.student.id, c.course.id)).toMatchObject({ status: STATUS.excused, finished: true });
    expect(await rowOf(away.student.id, c.course.id)).toMatchObject({ status: STATUS.travel, finished: true });
    // none of them is an absence to follow up
    for (const [st, course] of [
      [a, cancelled],
      [excused, c],
      [away, c],
    ] as const) {
      const row = await rowOf(st.student.id, course.course.id);
      expect(await db().select().from(tasks).where(eq(tasks.taskable_id, row!.id))).toEqual([]);
    }
  });

  it("an override stands through finalisation and later pings", async () => {
    const c = await endedCourse();
    const st = await enrol(c);
    await st.live(series(at(c, -3), at(c, 60), c.place, "at", 5));
    const row = await rowOf(st.student.id, c.course.id);
    expect(row?.status).toBe(STATUS.present);
    await db().update(attendance).set({ status: STATUS.excused, lock: true }).where(eq(attendance.id, row!.id));
    await finaliseDue(s());
    expect(await rowOf(st.student.id, c.course.id)).toMatchObject({
      status: STATUS.excused,
      lock: true,
      finished: true,
    });
    await st.phone.pings(series(at(c, -2), at(c, 60), c.place, "at", 5));
    expect(await rowOf(st.student.id, c.course.id)).toMatchObject({ status: STATUS.excused, lock: true });
  });

  it("a manual course's unmarked students stay pending for staff to mark; marked ones are finished as marked", async () => {
    const c = await endedCourse({ manual_attendance: true });
    const unmarked = await enrol(c);
    const marked = await enrol(c);
    await db().insert(attendance).values({
      attendable_id: c.course.id,
      attendable_type: "course",
      school_id: school.id,
      student_id: marked.student.id,
      status: STATUS.late,
      meets: c.meets,
    });
    await finaliseDue(s());
    expect(await rowOf(unmarked.student.id, c.course.id)).toMatchObject({ status: STATUS.pending, finished: false });
    expect(await rowOf(marked.student.id, c.course.id)).toMatchObject({ status: STATUS.late, finished: true });
  });

  it("running again does nothing: no second row, task or mail", async () => {
    const c = await endedCourse();
    await db().insert(userCourse).values({ user_id: judge.id, course_id: c.course.id });
    const never = await enrol(c);
    await finaliseDue(s());
    const count = async () => ({
      rows: (await db().select().from(attendance).where(eq(attendance.student_id, never.student.id))).length,
      tasks: (await db().select().from(tasks).where(eq(tasks.user_id, judge.id))).length,
      mails: (
        await db()
          .select()
          .from(mailOutbox)
          .where(like(mailOutbox.subject, `%${c.course.title}%`))
      ).length,
    });
    const first = await count();
    expect(first).toMatchObject({ rows: 1, mails: 1 });
    const again = await finaliseDue(s());
    expect(again).toMatchObject({ sessions: 0, students: 0, tasks: 0, mails: 0, failed: 0 });
    expect(await count()).toEqual(first);
  });

  it("a session that ended while no finaliser ran is finalised when one starts (a restart)", async () => {
    const c = await endedCourse();
    const never = await enrol(c);
    // nothing ran since the session ended 30 minutes ago; a server starting now catches up
    const stop = startFinaliser(s(), 1000);
    try {
      await expect
        .poll(async () => (await rowOf(never.student.id, c.course.id))?.finished ?? false, { timeout: 15_000 })
        .toBe(true);
    } finally {
      await stop();
    }
    expect(await rowOf(never.student.id, c.course.id)).toMatchObject({ status: STATUS.absent });
    // and sessions that ended days ago, within the 7-day look-back, are not skipped either
    const old = await endedCourse({}, school, 3);
    const missed = await enrol(old);
    expect((await finaliseDue(s())).failed).toBe(0);
    const rows = await db()
      .select()
      .from(attendance)
      .where(and(eq(attendance.student_id, missed.student.id), eq(attendance.attendable_id, old.course.id)));
    expect(rows.map((r) => [r.meets, r.status, r.finished]).sort()).toEqual(
      [0, 1, 2, 3]
        .map((d) => [localDate(new Date(old.start.getTime() + d * DAY), school.timezone), STATUS.absent, true])
        .sort(),
    );
  });

  it("ticks between full look-backs look back a day; the first tick, then one an hour, look back every accepted day", async () => {
    const dates = (c: { start: Date }, days: number[]) =>
      days.map((d) => localDate(new Date(c.start.getTime() + d * DAY), school.timezone)).sort();
    /**
     * A course made while a finaliser runs, shown to it only with its student enrolled: a tick
     * between the two would find today's session without students and mark it done, as it should
     * (a student enrolled after a session ended gets no attendance for it; these are backdated).
     */
    const enrolledUnseen = async (daysAgo: number) => {
      const course = await endedCourse({ is_archived: true }, school, daysAgo);
      const enrolled = await enrol(course);
      await db().update(courses).set({ is_archived: false }).where(eq(courses.id, course.course.id));
      return { course, enrolled };
    };
    const finishedDates = async (studentId: number, courseId: number) =>
      (
        await db()
          .select()
          .from(attendance)
          .where(and(eq(attendance.student_id, studentId), eq(attendance.attendable_id, courseId)))
      )
        .filter((r) => r.finished)
        .map((r) => r.meets)
        .sort();
    // a daily course whose sessions ended 3, 2, 1 and 0 days ago, none finalised
    const old = await endedCourse({}, school, 3);
    const missed = await enrol(old);
    expect((await finaliseDue(s(), new Date(), RECENT_LOOKBACK_DAYS)).failed).toBe(0);
    expect(await finishedDates(missed.student.id, old.course.id)).toEqual(dates(old, [3]));
    // a server starting now looks back the whole window on its first tick, and not again for an hour
    const stop = startFinaliser(s(), 200);
    try {
      await expect
        .poll(() => finishedDates(missed.student.id, old.course.id), { timeout: 15_000 })
        .toEqual(dates(old, [0, 1, 2, 3]));
      // another such course, made after that tick: the next ticks look back a day only
      const { course: later, enrolled: other } = await enrolledUnseen(3);
      await expect
        .poll(() => finishedDates(other.student.id, later.course.id), { timeout: 15_000 })
        .toEqual(dates(later, [3]));
      const ticked = Date.now();
      await expect.poll(() => Date.now() - ticked, { timeout: 5_000 }).toBeGreaterThan(1_000);
      expect(await finishedDates(other.student.id, later.course.id)).toEqual(dates(later, [3]));
    } finally {
      await stop();
    }
    // with full look-backs due every 2 s, a course made after the first one is found whole: only a
    // full look reaches its older days (timing decides only when, not whether)
    const marker = await endedCourse({}, school, 3);
    const marked = await enrol(marker);
    const hourly = startFinaliser(s(), 200, 2_000);
    try {
      // the first tick (full) has read the courses once the marker is done
      await expect
        .poll(() => finishedDates(marked.student.id, marker.course.id), { timeout: 15_000 })
        .toEqual(dates(marker, [0, 1, 2, 3]));
      const { course: third, enrolled: found } = await enrolledUnseen(3);
      await expect
        .poll(() => finishedDates(found.student.id, third.course.id), { timeout: 20_000 })
        .toEqual(dates(third, [0, 1, 2, 3]));
    } finally {
      await hourly();
    }
  });

  it("an event that ended days ago, within the look-back, gives its signed-up students final statuses the pages show", async () => {
    const start = floorMinute(new Date(Date.now() - 3 * DAY - 120 * MIN));
    const end = new Date(start.getTime() + 60 * MIN);
    const { event, place } = await makeEvent(db(), school, start, 60);
    // made a week ahead; three signed up the day before, one of them on the waitlist
    await db()
      .update(events)
      .set({ created_at: new Date(start.getTime() - 7 * DAY) })
      .where(eq(events.id, event.id));
    const came = await makeStudent(db(), school.id, { events: [event.id] });
    const never = await makeStudent(db(), school.id, { events: [event.id] });
    const waiting = await makeStudent(db(), school.id);
    await db().insert(studentEvent).values({ student_id: waiting.id, event_id: event.id, in_waitlist: true });
    await db()
      .update(studentEvent)
      .set({ created_at: new Date(start.getTime() - DAY) })
      .where(eq(studentEvent.event_id, event.id));
    // signed up after it ended: cannot have missed it
    const after = await makeStudent(db(), school.id, { events: [event.id] });
    await storedLive(db(), came, series(new Date(start.getTime() - 3 * MIN), end, place));

    expect((await finaliseDue(s())).failed).toBe(0);
    const rowsOf = (id: number) =>
      db()
        .select()
        .from(attendance)
        .where(
          and(
            eq(attendance.student_id, id),
            eq(attendance.attendable_type, "event"),
            eq(attendance.attendable_id, event.id),
          ),
        );
    expect(await rowsOf(came.id)).toMatchObject([{ status: STATUS.present, finished: true, meets: event.date }]);
    expect(await rowsOf(never.id)).toMatchObject([{ status: STATUS.absent, finished: true, meets: event.date }]);
    expect(await rowsOf(waiting.id)).toEqual([]);
    expect(await rowsOf(after.id)).toEqual([]);
    const [claim] = await db()
      .select()
      .from(finalisedSessions)
      .where(and(eq(finalisedSessions.attendable_type, "event"), eq(finalisedSessions.attendable_id, event.id)));
    expect(claim).toMatchObject({ meets: event.date, students: 2 });

    // what the event page, the Event report and a student's Events tab read
    const { access_token } = await srv.login("school_admin");
    const read = async (query: string, variables: Record<string, unknown>) => {
      const r = await srv.gql(access_token, query, variables);
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      return r.body.data;
    };
    const page = await read(
      `query($uuid: String!) { event(uuid: $uuid) { missed_event { id } attendance_graph { labels datasets { data } } } }`,
      { uuid: event.uuid },
    );
    expect(page.event.missed_event).toEqual([{ id: never.id }]);
    expect(page.event.attendance_graph.labels).toEqual(expect.arrayContaining(["present", "absent"]));
    const report = await read(
      `query($d: String!) { eventReport(start_date: $d, end_date: $d, per_page: 100) { data { id attending attended missed } } }`,
      { d: event.date },
    );
    expect(report.eventReport.data).toContainEqual({ id: event.id, attending: 3, attended: 1, missed: 1 });
    const tab = await read(`query($uuid: String!) { student(uuid: $uuid) { events { status event { id } } } }`, {
      uuid: never.uuid,
    });
    expect(tab.student.events).toEqual([{ status: STATUS.absent, event: { id: event.id } }]);
  });

  it("an event made after it took place is left alone: nobody can have missed it (the seed closes its own)", async () => {
    const start = floorMinute(new Date(Date.now() - 2 * DAY));
    const { event } = await makeEvent(db(), school, start, 60);
    const st = await makeStudent(db(), school.id, { events: [event.id] });
    await db()
      .update(studentEvent)
      .set({ created_at: new Date(start.getTime() - DAY) })
      .where(eq(studentEvent.event_id, event.id));
    expect((await finaliseDue(s())).failed).toBe(0);
    expect(
      await db()
        .select()
        .from(attendance)
        .where(and(eq(attendance.student_id, st.id), eq(attendance.attendable_id, event.id))),
    ).toEqual([]);
  });

  it("two processes finalising at once do each session exactly once", async () => {
    const c = await endedCourse();
    await db().insert(userCourse).values({ user_id: judge.id, course_id: c.course.id });
    const never = await enrol(c);
    // a second connection pool stands for a second server process (PGlite allows one process)
    const second = srv.databaseUrl ? await openDatabase({ url: srv.databaseUrl }) : null;
    const other2 = second ? { ...s(), db: second.db } : s();
    try {
      const [x, y] = await Promise.all([finaliseDue(s()), finaliseDue(other2)]);
      expect(x.failed + y.failed).toBe(0);
      const mine = await db()
        .select()
        .from(finalisedSessions)
        .where(and(eq(finalisedSessions.attendable_type, "course"), eq(finalisedSessions.attendable_id, c.course.id)));
      expect(mine).toHaveLength(1);
      const row = await rowOf(never.student.id, c.course.id);
      expect(await db().select().from(tasks).where(eq(tasks.taskable_id, row!.id))).toHaveLength(1);
      const mails = await db()
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.subject, `%${c.course.title}%`));
      expect(mails).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });

  it("updates the students' weekly and semester APA and their team's", async () => {
    const c = await endedCourse();
    const came = await enrol(c);
    const never = await enrol(c);
    await came.live(series(at(c, -3), at(c, 60), c.place));
    const [team] = await db().insert(teams).values({ school_id: school.id, name: "APA team" }).returning();
    await db()
      .insert(studentTeam)
      .values([
        { student_id: came.student.id, team_id: team!.id },
        { student_id: never.student.id, team_id: team!.id },
      ]);
    await finaliseDue(s());
    const apaOf = async (id: number) =>
      (
        await db()
          .select({ w: students.weekly_apa, s: students.semester_apa })
          .from(students)
          .where(eq(students.id, id))
      )[0];
    // The session ran 90 minutes ago: early on a Monday (school time) that is last week's
    // Sunday, so this week has no finished session yet and weekly APA is empty (decision 0342).
    const meets = localDate(c.start, school.timezone);
    const thisWeek = weekRange(localDate(new Date(), school.timezone));
    const inWeek = meets >= thisWeek.from && meets <= thisWeek.to;
    expect(await apaOf(came.student.id)).toEqual({ w: inWeek ? 100 : null, s: 100 });
    expect(await apaOf(never.student.id)).toEqual({ w: inWeek ? 0 : null, s: 0 });
    const [t] = await db().select({ apa: teams.apa }).from(teams).where(eq(teams.id, team!.id));
    expect(t!.apa).toBe(50);
  });
});
