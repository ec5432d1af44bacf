import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, pings } from "../db/schema/index.ts";
import { type IncomingPing, ingestPings } from "./ingest.ts";
import { studentById } from "./student-context.ts";
import { floorMinute, MIN, makeCourse, makeStudent, type Place, ping, schoolsOf, setToken } from "./test-fixtures.ts";

/** A ping as the device route hands it to the engine. */
function incoming(at: Date, place: Place): IncomingPing {
  const p = ping(at, place);
  return {
    device_ping_id: p.id,
    recorded_at: at,
    latitude: p.latitude ?? null,
    longitude: p.longitude ?? null,
    accuracy: p.accuracy ?? null,
    low_power: p.low_power ?? false,
    bluetooth: p.bluetooth ?? false,
    beacons: [],
    extra: p.extra,
  };
}

/**
 * Requests that arrive while others are being stored go as one group (decision 0564): two
 * statements for the group, yet each request is answered as if alone, and a student's two
 * requests of one moment both count.
 */
describe.each(DATABASES)("a group of ping requests on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv?.close());

  it("stores and judges every request of a group in one pair of statements, each answered on its own", async () => {
    const s = srv.services;
    const db = s.db;
    const { demo } = await schoolsOf(db);
    const start = floorMinute(new Date(Date.now() - 5 * MIN));
    const { course, place } = await makeCourse(db, demo, start, 120);
    const students = [];
    for (let i = 0; i < 12; i++) students.push(await makeStudent(db, demo.id, { courses: [course.id] }));
    const ctx = await Promise.all(students.map(async (st) => (await studentById(db, st.id))!));
    // one ping each, one at a time: schedules cached, attendance made
    for (const [i, st] of students.entries())
      expect(await ingestPings(s, ctx[i]!, st.token, [incoming(new Date(Date.now() - 60_000), place)])).toEqual({
        accepted: 1,
        duplicates: 0,
      });
    // the last student's token is reset meanwhile: their request must be refused, alone
    await setToken(db, students[11]!.id, `t-reset-${Date.now()}`);

    const before = srv.database.statements();
    const now = Date.now();
    const answers = await Promise.all([
      ...students.map((st, i) => ingestPings(s, ctx[i]!, st.token, [incoming(new Date(now - 1000), place)])),
      // the first student's second request of the same moment
      ingestPings(s, ctx[0]!, students[0]!.token, [incoming(new Date(now), place)]),
    ]);
    const statements = srv.database.statements() - before;

    expect(answers.slice(0, 11)).toEqual(Array(11).fill({ accepted: 1, duplicates: 0 }));
    expect(answers[11]).toBeNull();
    expect(answers[12]).toEqual({ accepted: 1, duplicates: 0 });
    // two statements a request would be 26; a group takes two whatever its size: one group of the
    // twelve students, then the first student's second request
    expect(statements).toBe(4);

    const ids = students.map((st) => st.id);
    const stored = await db.select({ student_id: pings.student_id }).from(pings).where(inArray(pings.student_id, ids));
    const count = (id: number) => stored.filter((p) => p.student_id === id).length;
    expect(count(ids[0]!)).toBe(3);
    for (const id of ids.slice(1, 11)) expect(count(id)).toBe(2);
    expect(count(ids[11]!)).toBe(1);

    // every attendance took every stored ping into its running state, none lost to another's write
    const rows = await db
      .select({ student_id: attendance.student_id, status: attendance.status, state: attendance.engine_state })
      .from(attendance)
      .where(and(eq(attendance.attendable_id, course.id), eq(attendance.attendable_type, "course")));
    const phoneTally = (id: number) =>
      (rows.find((r) => r.student_id === id)?.state as { tally?: { phone?: number } } | null)?.tally?.phone;
    expect(phoneTally(ids[0]!)).toBe(3);
    for (const id of ids.slice(1, 11)) expect(phoneTally(id)).toBe(2);
    expect(phoneTally(ids[11]!)).toBe(1);
  });
});
