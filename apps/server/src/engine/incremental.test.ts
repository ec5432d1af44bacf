import { STATUS } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance } from "../db/schema/index.ts";
import { floorMinute, MIN, makeCourse, makeStudent, phone, ping, schoolsOf } from "./test-fixtures.ts";

/**
 * A ping in order is added to the attendance's running state: it reads no other ping of the
 * session, so it costs the same statements early and late (issue 9, point 2); anything else
 * recomputes from every stored ping and reaches the same row.
 */
describe.each(DATABASES)("the incremental engine on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv?.close());

  it("costs the same statements after 150 pings as after 2, and agrees with a full recompute", async () => {
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    const start = floorMinute(new Date(Date.now() - 5 * MIN));
    const { course, place } = await makeCourse(db, demo, start, 120);
    const student = await makeStudent(db, demo.id, { courses: [course.id] });
    const device = phone(srv.url, student.token);
    // recorded a second apart up to now, each sent at once (live), jittering like a real fix
    const first = Date.now() - 160_000;
    const sent: Record<string, unknown>[] = [];
    const next = (at = first + (sent.length + 1) * 1000) => {
      const p = ping(new Date(at), place);
      const j = sent.length;
      const fix = {
        ...p,
        latitude: (p.latitude ?? 0) + (j % 7) * 0.000004,
        longitude: (p.longitude ?? 0) + (j % 5) * 0.000004,
      };
      sent.push(fix);
      return fix;
    };
    const cost = async (body: unknown) => {
      const before = srv.database.statements();
      const res = await device.pings([body]);
      expect(res.status).toBe(200);
      return srv.database.statements() - before;
    };
    const rowOf = async () => (await db.select().from(attendance).where(eq(attendance.student_id, student.id)))[0]!;
    const pick = (r: Awaited<ReturnType<typeof rowOf>>) => ({
      status: r.status,
      enter: r.enter?.getTime(),
      exit: r.exit?.getTime(),
      percentage: r.percentage,
      confidence: r.confidence,
      evidence: r.evidence,
    });

    await cost(next()); // the first makes the attendance from every stored ping
    const early = [await cost(next()), await cost(next())];
    for (let i = 0; i < 150; i++) await device.pings([next()]);
    const late = [await cost(next()), await cost(next())];
    expect(early[0]).toBe(early[1]);
    expect(late).toEqual(early);

    const row = await rowOf();
    expect(row).toMatchObject({ status: STATUS.present });
    expect(row.confidence).toBeGreaterThan(0.9);
    expect(row.engine_state).toMatchObject({ v: 4, tally: { phone: 155 } });
    // forget the running state: a resent ping recomputes from all 155 and writes the same row
    await db.update(attendance).set({ engine_state: null }).where(eq(attendance.id, row.id));
    const resent = await device.pings([sent[1]]);
    expect(resent.body.data).toEqual({ accepted: 0, duplicates: 1 });
    const again = await rowOf();
    expect(pick(again)).toEqual(pick(row));
    expect(again.engine_state).toEqual(row.engine_state);

    // out of order: a recompute from every stored ping, one statement more, and counted
    expect(await cost(next(first + 500))).toBe(early[0]! + 1);
    expect((await rowOf()).engine_state).toMatchObject({ tally: { phone: 156 } });
  });
});
