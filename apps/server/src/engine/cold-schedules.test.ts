import { localDate, STATUS } from "@rollbook/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, studentCourse, tasks } from "../db/schema/index.ts";
import { recomputeAttendance } from "./apply.ts";
import { type IncomingPing, ingestPings } from "./ingest.ts";
import { sessionsNear, sessionsNearMany } from "./sessions-for-student.ts";
import { readSnapshot, readSnapshots, readSnapshotsEach, type Snapshot } from "./snapshot.ts";
import { engineState, type StudentContext } from "./state.ts";
import { studentById, studentByTokenCached } from "./student-context.ts";
import {
  floorMinute,
  MIN,
  makeCourse,
  makeEvent,
  makeStudent,
  type Place,
  ping,
  schoolsOf,
  storedLive,
} from "./test-fixtures.ts";

function incoming(at: Date, place: Place): IncomingPing {
  const p = ping(at, place);
  return { ...p, device_ping_id: p.id, recorded_at: at, beacons: [], extra: p.extra } as IncomingPing;
}

/**
 * What the engine's caches lack is read for many students at once (decision 0569): at the first
 * bell, or after a gap in the bus cleared the caches, every phone misses together.
 */
describe.each(DATABASES)("cold schedules and tokens on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv?.close());

  it("reads the schedules of many students in a few statements, each the same as read alone", async () => {
    const s = srv.services;
    const db = s.db;
    const { demo, other } = await schoolsOf(db);
    const start = floorMinute(new Date(Date.now() - 5 * MIN));
    const a = await makeCourse(db, demo, start, 60);
    const b = await makeCourse(db, other, start, 60);
    const e = await makeEvent(db, demo, start, 30);
    const made = [
      ...(await Promise.all([0, 1, 2].map(() => makeStudent(db, demo.id, { courses: [a.course.id] })))),
      await makeStudent(db, demo.id, { courses: [a.course.id], events: [e.event.id] }),
      await makeStudent(db, demo.id),
      ...(await Promise.all([0, 1].map(() => makeStudent(db, other.id, { courses: [b.course.id] })))),
    ];
    // a link row to another school's course never makes it the student's
    await db.insert(studentCourse).values({ student_id: (made[0] as { id: number }).id, course_id: b.course.id });
    const ctx = (await Promise.all(made.map((m) => studentById(db, m.id)))) as StudentContext[];
    const wants = ctx.map((student) => ({ student, date: student.school_id === demo.id ? a.meets : b.meets }));

    const alone = [];
    for (const w of wants) {
      engineState(s).days.clear();
      alone.push(await sessionsNear(s, db, w.student, w.date));
    }
    engineState(s).days.clear();
    const before = srv.database.statements();
    const together = await sessionsNearMany(s, db, wants);
    // per school-local date: courses, events, excuses, places, and the covers of each of its schools
    // (2 each); the two schools' dates differ for some hours of the day (8 on one date, 12 on two)
    const dates = new Map<string, Set<number>>();
    for (const w of wants) dates.set(w.date, (dates.get(w.date) ?? new Set()).add(w.student.school_id));
    const bound = [...dates.values()].reduce((n, schools) => n + 4 + 2 * schools.size, 0);
    expect(srv.database.statements() - before).toBeLessThanOrEqual(bound);
    expect(together).toEqual(alone);
    const titles = (k: number) => (together[k] ?? []).filter((x) => x.meets === wants[k]?.date).map((x) => x.title);
    expect(titles(0)).toEqual([a.course.title]);
    expect(titles(3).sort()).toEqual([a.course.title, e.event.title].sort());
    expect(titles(4)).toEqual([]);
    expect(titles(5)).toEqual([b.course.title]);
    // now cached: nothing read
    const cached = srv.database.statements();
    expect(await sessionsNearMany(s, db, wants)).toEqual(together);
    expect(srv.database.statements()).toBe(cached);

    // tokens the cache lacks, asked in one turn of the event loop: one statement
    engineState(s).byToken.clear();
    const t0 = srv.database.statements();
    const found = await Promise.all([
      ...made.map((m) => studentByTokenCached(s, m.token)),
      studentByTokenCached(s, "t-nobody"),
    ]);
    expect(srv.database.statements() - t0).toBe(1);
    expect(found).toEqual([...ctx, null]);
  });

  it("a group of pings from students whose schedules are not cached reads them once for the group", async () => {
    const s = srv.services;
    const db = s.db;
    const { demo } = await schoolsOf(db);
    const { course, place } = await makeCourse(db, demo, floorMinute(new Date(Date.now() - 5 * MIN)), 120);
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await makeStudent(db, demo.id, { courses: [course.id] }));
    const ctx = (await Promise.all(made.map((m) => studentById(db, m.id)))) as StudentContext[];
    engineState(s).days.clear();
    const before = srv.database.statements();
    const at = new Date(Date.now() - 60_000);
    const answers = await Promise.all(
      made.map((m, i) => ingestPings(s, ctx[i] as StudentContext, m.token, [incoming(at, place)])),
    );
    expect(answers).toEqual(Array(12).fill({ accepted: 1, duplicates: 0 }));
    // the schedules (6 statements for the twelve; 72 when read one by one), the store, the write, and
    // the window's history of the twelve new attendances in one statement (12 when read one by one)
    expect(srv.database.statements() - before).toBeLessThanOrEqual(6 + 2 + 1);
    const rows = await db
      .select({ enter: attendance.enter })
      .from(attendance)
      .where(and(eq(attendance.attendable_type, "course"), eq(attendance.attendable_id, course.id)));
    expect(rows.map((r) => r.enter?.getTime())).toEqual(Array(12).fill(at.getTime()));
  });

  it("a group whose new attendances read their histories together judges each as a recompute from all stored", async () => {
    const s = srv.services;
    const db = s.db;
    const { demo, other } = await schoolsOf(db);
    const now = Date.now();
    const start = floorMinute(new Date(now - 30 * MIN));
    const a = await makeCourse(db, demo, start, 60);
    const c = await makeCourse(db, other, start, 60);
    const made = await Promise.all([0, 1, 2, 3, 4].map(() => makeStudent(db, demo.id, { courses: [a.course.id] })));
    made.push(await makeStudent(db, other.id, { courses: [c.course.id] }));
    const [cold, older, warm, finished, locked, foreign] = made as [(typeof made)[number], ...typeof made];
    const ctx = (await Promise.all(made.map((m) => studentById(db, m.id)))) as StudentContext[];
    const at = (min: number) => new Date(start.getTime() + min * MIN);
    // history the group's ping alone does not show: its recompute must read it
    await storedLive(db, cold, [ping(at(5), a.place), ping(at(10), a.place, "away"), ping(at(-60), a.place)]);
    await storedLive(db, foreign!, [ping(at(4), c.place), ping(at(8), c.place)]);
    await storedLive(db, finished!, [ping(at(3), a.place)]);
    // a running state each, from one ping alone
    for (const k of [1, 2]) {
      const m = made[k]!;
      expect(await ingestPings(s, ctx[k]!, m.token, [incoming(new Date(now - 2 * MIN), a.place)])).toEqual({
        accepted: 1,
        duplicates: 0,
      });
    }
    const row = (student: { id: number }, extra: Partial<typeof attendance.$inferInsert>) => ({
      attendable_type: "course" as const,
      attendable_id: a.course.id,
      school_id: demo.id,
      student_id: student.id,
      meets: a.meets,
      ...extra,
    });
    await db
      .insert(attendance)
      .values([
        row(finished!, { finished: true, status: STATUS.absent }),
        row(locked!, { lock: true, status: STATUS.excused }),
      ]);
    const rowsOf = async () =>
      (
        await db
          .select()
          .from(attendance)
          .where(
            inArray(
              attendance.student_id,
              made.map((m) => m.id),
            ),
          )
      ).sort((x, y) => x.student_id - y.student_id);
    const kept = await rowsOf();

    // one group: a cold student, one whose ping is older than its state, one newer (the running
    // state, no read), a finished attendance, a locked one, and another school's cold student
    // (sent within a minute or two: a ping that arrives later is not believed, decision 0550)
    const sent = [60, 150, 60, 60, 60, 60].map((ago) => new Date(now - ago * 1000));
    // the schedules cached, to count the group's own statements
    await sessionsNearMany(
      s,
      db,
      ctx.map((student, k) => ({ student, date: localDate(sent[k]!, student.timezone) })),
    );
    const before = srv.database.statements();
    const answers = await Promise.all(
      made.map((m, k) => ingestPings(s, ctx[k]!, m.token, [incoming(sent[k]!, k === 5 ? c.place : a.place)])),
    );
    expect(answers).toEqual(Array(6).fill({ accepted: 1, duplicates: 0 }));
    // the store; the histories of the cold, the older, the finished and the foreign student in one
    // statement (four when read one at a time: 8 in all); the write; the finished one's review (2).
    // A history read wrong shows here too: the write finds more pings in the window than were
    // judged, and each such write is redone alone (a read and a write more)
    expect(srv.database.statements() - before).toBe(5);
    const after = await rowsOf();
    const of = (list: typeof after, m: { id: number }) => list.find((r) => r.student_id === m.id);
    expect(of(after, cold)?.enter?.getTime()).toBe(at(5).getTime());
    expect(of(after, foreign!)?.enter?.getTime()).toBe(at(4).getTime());
    const phones = (m: { id: number }) =>
      (of(after, m)?.engine_state as { tally?: { phone?: number } } | null)?.tally?.phone;
    expect([phones(older!), phones(warm!)]).toEqual([2, 2]);
    // finished and locked rows are left as they were; the finished one's raise goes to staff
    for (const m of [finished!, locked!]) expect(of(after, m)).toEqual(of(kept, m));
    const review = await db
      .select({ description: tasks.description })
      .from(tasks)
      .where(and(eq(tasks.taskable_type, "attendance"), eq(tasks.taskable_id, of(after, finished!)!.id)));
    expect(review.length).toBeGreaterThan(0);

    // a recompute of each from every stored ping, one at a time, finds nothing to change
    for (const [k, m] of made.entries()) {
      const meets = k === 5 ? c.meets : a.meets;
      const session = (await sessionsNear(s, db, ctx[k]!, meets)).find(
        (x) => x.attendable_type === "course" && x.meets === meets,
      );
      await recomputeAttendance(s, m.id, session!);
    }
    expect(await rowsOf()).toEqual(after);
  });

  it("reads many students' window histories in one statement, each the same as read alone", async () => {
    const db = srv.services.db;
    const { demo, other } = await schoolsOf(db);
    const now = Date.now();
    const start = floorMinute(new Date(now - 30 * MIN));
    const a = await makeCourse(db, demo, start, 60);
    const b = await makeCourse(db, demo, start, 90);
    const c = await makeCourse(db, other, start, 60);
    const [inside, twice, finished, locked, empty] = await Promise.all(
      [0, 1, 2, 3, 4].map(() => makeStudent(db, demo.id, { courses: [a.course.id, b.course.id] })),
    );
    const foreign = await makeStudent(db, other.id, { courses: [c.course.id] });
    const at = (min: number) => new Date(start.getTime() + min * MIN);
    // pings in the window and outside it (before the early start, after the end), and a beacon scan
    await storedLive(db, inside!, [
      ping(at(-120), a.place),
      ping(at(5), a.place),
      ping(at(10), a.place, "away"),
      ping(at(12), a.place, "beacon"),
      ping(at(180), a.place),
    ]);
    await storedLive(db, twice!, [ping(at(2), a.place), ping(at(75), b.place)]);
    await storedLive(db, finished!, [ping(at(3), a.place)]);
    await storedLive(db, locked!, [ping(at(4), a.place)]);
    await storedLive(db, foreign, [ping(at(6), c.place), ping(at(-200), c.place)]);
    // attendance rows: an open one, one on another date, a finished one, a locked one, another school's
    const row = (student: { id: number }, course: typeof a, extra: Partial<typeof attendance.$inferInsert> = {}) => ({
      attendable_type: "course" as const,
      attendable_id: course.course.id,
      school_id: course.course.school_id,
      student_id: student.id,
      status: STATUS.present,
      meets: course.meets,
      ...extra,
    });
    await db
      .insert(attendance)
      .values([
        row(inside!, a),
        row(inside!, b, { meets: "2020-01-06" }),
        row(twice!, a),
        row(twice!, b, { status: STATUS.late }),
        row(finished!, a, { finished: true, status: STATUS.absent }),
        row(locked!, a, { lock: true, status: STATUS.excused }),
        row(foreign, c),
      ]);
    const day = (meets: string, days: number) =>
      new Date(Date.parse(`${meets}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const range = (course: typeof a, minutes: number, dates: [number, number] = [0, 0]) => ({
      from: at(-15),
      to: at(minutes),
      fromDate: day(course.meets, dates[0]),
      toDate: day(course.meets, dates[1]),
    });
    const wants = [
      { studentId: inside!.id, range: range(a, 60) },
      // a student asked twice (two sessions of one request), once over three dates
      { studentId: twice!.id, range: range(a, 60) },
      { studentId: twice!.id, range: range(b, 90, [-1, 1]) },
      { studentId: finished!.id, range: range(a, 60) },
      { studentId: locked!.id, range: range(a, 60) },
      { studentId: foreign.id, range: range(c, 60) },
      { studentId: empty!.id, range: range(a, 60) },
    ];
    const alone: Snapshot[] = [];
    for (const w of wants) alone.push(await readSnapshot(db, w.studentId, w.range));
    const before = srv.database.statements();
    const together = await readSnapshots(db, wants);
    expect(srv.database.statements() - before).toBe(1);
    // json_agg keeps no order in either read, and the verdict sorts them (verdict.ts byRecorded)
    const ordered = (x: Snapshot) => ({
      pings: [...x.pings].sort((p, q) => p.recorded_at.getTime() - q.recorded_at.getTime()),
      rows: [...x.rows].sort((p, q) => p.row.id - q.row.id),
    });
    expect(together.map(ordered)).toEqual(alone.map(ordered));

    // and each is what it should be
    const [one, twiceA, twiceB, done, held, theirs, none] = together.map(ordered) as Snapshot[];
    const times = (x: Snapshot | undefined) => x?.pings.map((p) => p.recorded_at.getTime());
    expect(times(one)).toEqual([at(5), at(10), at(12)].map((d) => d.getTime()));
    expect(one?.pings[2]?.beacons).toEqual([{ factory_id: a.place.beacon.toLowerCase(), rssi: -60 }]);
    expect(one?.pings[0]?.received_at.getTime()).toBe(at(5).getTime() + 2_000);
    expect(one?.rows.map((r) => r.row.attendable_id)).toEqual([a.course.id]);
    expect(times(twiceA)).toEqual([at(2).getTime()]);
    expect(times(twiceB)).toEqual([at(2), at(75)].map((d) => d.getTime()));
    expect(twiceB?.rows.map((r) => r.row.status)).toEqual([STATUS.present, STATUS.late]);
    expect(done?.rows.map((r) => [r.row.finished, r.row.status])).toEqual([[true, STATUS.absent]]);
    expect(held?.rows.map((r) => [r.row.lock, r.row.status])).toEqual([[true, STATUS.excused]]);
    expect(times(theirs)).toEqual([at(6).getTime()]);
    expect(theirs?.rows.map((r) => r.row.school_id)).toEqual([other.id]);
    expect(none).toEqual({ pings: [], rows: [] });
    for (const x of together) expect(x.rows.every((r) => /^\d+$/.test(r.version))).toBe(true);

    // a read that fails in the statement (an id past int) fails only its own; the rest read alone
    const bad = { studentId: 2 ** 31, range: range(a, 60) };
    const settled = await readSnapshotsEach(db, [wants[0]!, bad, wants[5]!]);
    expect(settled.map((x) => x.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const value = (k: number) => {
      const x = settled[k];
      return x?.status === "fulfilled" ? ordered(x.value) : null;
    };
    expect([value(0), value(2)]).toEqual([ordered(alone[0]!), ordered(alone[5]!)]);
  });
});
