import { STATUS } from "@rollbook/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance } from "../db/schema/index.ts";
import { DEFER_LIMIT, firstStep, placeOf } from "./apply.ts";
import { finaliseDue } from "./finalise/run.ts";
import type { StoredPing } from "./presence.ts";
import { earlyStart, sessionsAround } from "./sessions-for-student.ts";
import { readSnapshot } from "./snapshot.ts";
import { floorMinute, MIN, makeCourse, makeStudent, phone, ping, schoolsOf, storedLive } from "./test-fixtures.ts";
import { writeAttendances } from "./write-attendance.ts";

/**
 * A ping that changes nothing staff judge by (a student who left, still away) is stored and not
 * written to the attendance at once: the next write, at the latest DEFER_LIMIT pings on, takes
 * every ping stored since, as does the finaliser, and a write that missed a ping stored meanwhile
 * is refused (decision 0568). Late in the day a student has more open rows (the all-day study
 * hall's among them), and this is what keeps a late ping's cost near an early one's.
 */
describe.each(DATABASES)("writes a ping may skip on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv?.close());

  /** A course that started 30 minutes ago and runs 2 hours, a student in it, and their phone. */
  async function leftClass() {
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    const start = floorMinute(new Date(Date.now() - 30 * MIN));
    const { course, place } = await makeCourse(db, demo, start, 120);
    const student = await makeStudent(db, demo.id, { courses: [course.id] });
    const device = phone(srv.url, student.token);
    // live pings a second apart ending now: 3 in the room, then away, never twice the same fix;
    // away, a metre further each time, so the reason's example (the smallest detail) stays the first's
    const first = Date.now() - 60_000;
    const sent: Fix[] = [];
    const next = (where: "at" | "away") => {
      const p = ping(new Date(first + (sent.length + 1) * 1000), place, where) as Fix;
      const j = sent.length;
      const fix = { ...p, latitude: p.latitude + j * 0.00001 };
      sent.push(fix);
      return fix;
    };
    const rowOf = async () => {
      const [row] = await db
        .select({ row: attendance, version: sql<string>`${attendance}.xmin::text` })
        .from(attendance)
        .where(eq(attendance.student_id, student.id));
      return row!;
    };
    const send = async (where: "at" | "away") => {
      const res = await device.pings([next(where)]);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ accepted: 1, duplicates: 0 });
    };
    for (let i = 0; i < 3; i++) await send("at");
    await send("away"); // leaves: written (exit, a new reason)
    return { db, course, student, device, sent, rowOf, send, end: new Date(start.getTime() + 120 * MIN) };
  }

  const outsideCount = (row: { evidence: unknown }) =>
    (row.evidence as { reasons: { kind: string; pings: number }[] }).reasons.find((r) => r.kind === "outside_fence")
      ?.pings;

  it("leaves a student who has left unwritten for up to DEFER_LIMIT pings, then agrees with a full recompute", async () => {
    const { db, device, sent, rowOf, send } = await leftClass();
    const written = await rowOf();
    expect(written.row.enter).not.toBeNull();
    const away = sent.filter((p) => p.latitude > sent[0]!.latitude + 0.01).length;
    expect(outsideCount(written.row)).toBe(away);

    for (let i = 1; i < DEFER_LIMIT; i++) {
      await send("away");
      expect((await rowOf()).version, `ping ${i} after the write`).toBe(written.version);
    }
    await send("away");
    const caught = await rowOf();
    expect(caught.version).not.toBe(written.version);
    // every ping is in: the tally and the reasons count the ones that were not written
    expect(caught.row.engine_state).toMatchObject({ tally: { phone: sent.length } });
    expect(outsideCount(caught.row)).toBe(away + DEFER_LIMIT);

    // the same row from every stored ping: forget the state and resend a ping (a duplicate recomputes)
    await db.update(attendance).set({ engine_state: null }).where(eq(attendance.id, caught.row.id));
    expect((await device.pings([sent[0]])).body.data).toEqual({ accepted: 0, duplicates: 1 });
    const full = (await rowOf()).row;
    expect(full.engine_state).toEqual(caught.row.engine_state);
    expect({ ...full, updated_at: null }).toEqual({ ...caught.row, updated_at: null });
  });

  it("the finaliser takes the pings that were not written", async () => {
    const { rowOf, send, end, sent } = await leftClass();
    for (let i = 0; i < 4; i++) await send("away");
    const open = (await rowOf()).row;
    expect(open.engine_state).toMatchObject({ tally: { phone: sent.length - 4 } });

    await finaliseDue(srv.services, new Date(end.getTime() + 10 * MIN));
    const done = (await rowOf()).row;
    expect(done).toMatchObject({ finished: true });
    expect(done.status).not.toBe(STATUS.pending);
    expect(outsideCount(done)).toBe(outsideCount(open)! + 4);
  });

  it("refuses a write that did not take a ping stored meanwhile", async () => {
    const { db, student, rowOf, send, sent } = await leftClass();
    for (let i = 1; i < DEFER_LIMIT; i++) await send("away");
    const before = await rowOf();
    const [session] = await sessionsAround(srv.services, student.id, new Date());
    const place = await placeOf(srv.services, session!);
    // stored as the device API stores a ping, 2 s after it was recorded
    const stored = async (p: (typeof sent)[number]): Promise<StoredPing> => {
      await storedLive(db, student, [p]);
      const recorded_at = new Date(p.recorded_at);
      return {
        device_ping_id: p.id,
        recorded_at,
        received_at: new Date(recorded_at.getTime() + 2_000),
        latitude: p.latitude,
        longitude: p.longitude,
        accuracy: p.accuracy,
        low_power: false,
        bluetooth: false,
        beacons: null,
        extra: p.extra,
      };
    };
    const last = sent.at(-1)!;
    const at = (s: number) => new Date(new Date(last.recorded_at).getTime() + s * 1000);
    // this request's ping, and what it read: the DEFER_LIMIT-th since the write, so it writes
    const mine = await stored({ ...last, id: "mine", recorded_at: at(1).toISOString() });
    const snapshot = await readSnapshot(db, student.id, windowOf(session!));
    const step = await firstStep(db, student.id, session!, place, { fresh: [mine], now: new Date(), snapshot });
    expect("write" in step).toBe(true);
    if (!("write" in step)) return;
    // another request's ping, stored before this write
    await stored({ ...last, id: "theirs", recorded_at: at(2).toISOString() });
    expect(await writeAttendances(db, [step.write])).toEqual(["conflict"]);
    expect((await rowOf()).version).toBe(before.version);
  });
});

/** A ping with a position (ping() makes one unless asked for a beacon). */
type Fix = Extract<ReturnType<typeof ping>, { latitude: number }>;

const windowOf = (session: { start: Date; end: Date; meets: string }) => ({
  from: earlyStart(session),
  to: session.end,
  fromDate: session.meets,
  toDate: session.meets,
});
