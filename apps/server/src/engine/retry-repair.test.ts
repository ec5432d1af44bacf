import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, pings } from "../db/schema/index.ts";
import { MIN, makeCourse, makeStudent, phone, ping, schoolsOf, setToken } from "./test-fixtures.ts";

/**
 * A ping can be stored while its recompute fails (the database hiccups after the insert): the
 * phone gets an error and resends it. The resent ping is a duplicate, and it must still bring
 * the attendance up to date (issue 9, "a retried ping ... never repairs the status").
 */
describe.each(DATABASES)("a retried ping repairs its session on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv?.close());

  it("a duplicate of a ping stored without its recompute brings the attendance up to date", async () => {
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    const now = new Date();
    const { course, place } = await makeCourse(db, demo, new Date(now.getTime() - 10 * MIN), 60);
    const student = await makeStudent(db, demo.id, { courses: [course.id] });
    const token = `retry-${student.id}-${Date.now()}`;
    await setToken(db, student.id, token);
    const p = ping(new Date(now.getTime() - MIN), place);
    // stored as the first attempt left it: the ping is there, the attendance never computed
    await db.insert(pings).values({
      student_id: student.id,
      device_ping_id: p.id,
      recorded_at: new Date(p.recorded_at),
      latitude: p.latitude,
      longitude: p.longitude,
      accuracy: p.accuracy,
      low_power: false,
      bluetooth: true,
      beacons: [],
      extra: p.extra,
      location_id: place.id,
    });
    const rowsOf = () =>
      db
        .select()
        .from(attendance)
        .where(
          and(
            eq(attendance.student_id, student.id),
            eq(attendance.attendable_type, "course"),
            eq(attendance.attendable_id, course.id),
          ),
        );
    expect(await rowsOf()).toEqual([]);

    const res = await phone(srv.url, token).pings([p]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ accepted: 0, duplicates: 1 });
    const [row] = await rowsOf();
    expect(row?.enter).not.toBeNull();
    expect(row?.enter?.toISOString()).toBe(p.recorded_at);
  });
});
