import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { pings } from "../db/schema/index.ts";
import { recordPresence } from "./record-presence.ts";
import { MIN, makeCourse, makeStudent, schoolsOf } from "./test-fixtures.ts";

/** A code or scan outside every session counts for nothing and leaves nothing behind (issue 9). */
describe.each(DATABASES)("recordPresence on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv?.close());

  it("stores no presence when the student has no session in progress, and one when they do", async () => {
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    const now = new Date();
    // a course that ended two hours ago: no session in progress
    const { course: past } = await makeCourse(db, demo, new Date(now.getTime() - 180 * MIN), 60);
    const { course: live } = await makeCourse(db, demo, new Date(now.getTime() - 10 * MIN), 60);
    const idle = await makeStudent(db, demo.id, { courses: [past.id] });
    const busy = await makeStudent(db, demo.id, { courses: [live.id] });
    const stored = async (id: number) => db.$count(pings, eq(pings.student_id, id));

    expect(await recordPresence(srv.services, { studentId: idle.id, at: now, source: "offline_code" })).toEqual([]);
    expect(await stored(idle.id)).toBe(0);

    const rows = await recordPresence(srv.services, { studentId: busy.id, at: now, source: "offline_code" });
    expect(rows.map((r) => r.attendable_id)).toEqual([live.id]);
    expect(await stored(busy.id)).toBe(1);
  });
});
