import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { studentCourse } from "../db/schema/index.ts";
import { type IncomingPing, ingestPings } from "./ingest.ts";
import { sessionsNear, sessionsNearMany } from "./sessions-for-student.ts";
import { engineState, type StudentContext } from "./state.ts";
import { studentById, studentByTokenCached } from "./student-context.ts";
import { floorMinute, MIN, makeCourse, makeEvent, makeStudent, type Place, ping, schoolsOf } from "./test-fixtures.ts";

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
    // per school-local date: courses, events, places, and the covers of each of its schools (2 each);
    // the two schools' dates differ for some hours of the day (7 on one date, 10 on two; 33 alone)
    const dates = new Map<string, Set<number>>();
    for (const w of wants) dates.set(w.date, (dates.get(w.date) ?? new Set()).add(w.student.school_id));
    const bound = [...dates.values()].reduce((n, schools) => n + 3 + 2 * schools.size, 0);
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
    // the schedules (5 statements for the twelve; 60 when read one by one), the store, the write, and
    // for each new attendance a read of its window's history (one a student: not read together yet)
    expect(srv.database.statements() - before).toBeLessThanOrEqual(5 + 2 + 12);
  });
});
