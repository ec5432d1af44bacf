import { STATUS } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, studentCourse } from "../db/schema/index.ts";
import { finaliseDue } from "./finalise/run.ts";
import { recordPresence } from "./record-presence.ts";
import {
  floorMinute,
  MIN,
  makeCourse,
  makeStudent,
  phone,
  ping,
  schoolsOf,
  sentLive,
  series,
  storedLive,
} from "./test-fixtures.ts";

const DAY = 24 * 60 * MIN;

/**
 * A check-in (scan, offline code) starts presence that holds until the end, unless the student's
 * own phone then places them clearly away (decision 0552): a scan and a walk home reads left
 * early, not present to the end.
 */
describe.each(DATABASES)("a check-in followed by pings from far away on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school } = await schoolsOf(srv.services.db));
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const rowOf = async (studentId: number) =>
    (await db().select().from(attendance).where(eq(attendance.student_id, studentId)))[0]!;

  it("reads left_early where the phone went away, live and after the finaliser; without away pings it holds", async () => {
    // a class that ended half an hour ago, the finaliser not run yet
    const start = floorMinute(new Date(Date.now() - 90 * MIN));
    const end = new Date(start.getTime() + 60 * MIN);
    const { course, place } = await makeCourse(db(), school, start, 60, {
      created_at: new Date(start.getTime() - MIN),
    });
    const enrol = async () => {
      const s = await makeStudent(db(), school.id, { courses: [course.id] });
      await db()
        .update(studentCourse)
        .set({ created_at: new Date(start.getTime() - DAY) })
        .where(eq(studentCourse.student_id, s.id));
      return s;
    };
    const attendable = { type: "course", id: course.id } as const;
    // a scan sends the phone's fix at the room, as the app does (without one it wants a witness, decision 0552)
    const position = { latitude: place.latitude, longitude: place.longitude, accuracy: 10 };
    const checkIn = (studentId: number, source: "scan" | "offline_code") =>
      recordPresence(srv.services, {
        studentId,
        at: new Date(start.getTime() + 2 * MIN),
        source,
        attendable,
        position: source === "scan" ? position : null,
      });

    const scanned = await enrol();
    const typed = await enrol();
    const stayed = await enrol();
    await checkIn(scanned.id, "scan");
    await checkIn(typed.id, "offline_code");
    await checkIn(stayed.id, "scan");
    // from 20 minutes in, their phones ping from home, 5 km away, as it happens
    const home = series(new Date(start.getTime() + 20 * MIN), end, place, "away");
    for (const s of [scanned, typed]) expect((await sentLive(db(), srv.url, s, home)).status).toBe(200);
    // a ping without a position (a beacon of another room) says nothing: the check-in holds over it
    const blind = ping(new Date(start.getTime() + 20 * MIN), { ...place, beacon: "TB-ELSEWHERE" }, "beacon");
    expect((await sentLive(db(), srv.url, stayed, [blind])).status).toBe(200);

    for (const s of [scanned, typed]) {
      const row = await rowOf(s.id);
      expect(row.status, `${s.id}`).toBe(STATUS.left_early);
      expect(row.exit?.getTime()).toBe(start.getTime() + 20 * MIN);
      expect(row.evidence?.unconfirmed).toBeNull();
    }
    expect(await rowOf(stayed.id)).toMatchObject({ status: STATUS.present, exit: end });

    await finaliseDue(srv.services);
    expect(await rowOf(scanned.id)).toMatchObject({ status: STATUS.left_early, finished: true });
    expect(await rowOf(typed.id)).toMatchObject({ status: STATUS.left_early, finished: true });
    expect(await rowOf(stayed.id)).toMatchObject({ status: STATUS.present, finished: true });
  });

  it("a scan without a position holds when a live ping at the place is within 10 minutes of it, either way", async () => {
    const start = floorMinute(new Date(Date.now() - 90 * MIN));
    const { course, place } = await makeCourse(db(), school, start, 60, {
      created_at: new Date(start.getTime() - MIN),
    });
    const at = (minutes: number) => new Date(start.getTime() + minutes * MIN);
    // [scan, the phone's one ping at the room], minutes into the class
    const cases = { before: [10, 1], after: [2, 11], longBefore: [12, 1], longAfter: [2, 13] } as const;
    const ids: Record<string, number> = {};
    for (const [name, [scanAt, pingAt]] of Object.entries(cases)) {
      const s = await makeStudent(db(), school.id, { courses: [course.id] });
      await db()
        .update(studentCourse)
        .set({ created_at: new Date(start.getTime() - DAY) })
        .where(eq(studentCourse.student_id, s.id));
      await storedLive(db(), s, [ping(at(pingAt), place)]);
      await recordPresence(srv.services, {
        studentId: s.id,
        at: at(scanAt),
        source: "scan",
        attendable: { type: "course", id: course.id },
      });
      ids[name] = s.id;
    }
    await finaliseDue(srv.services);
    for (const name of ["before", "after"]) {
      const row = await rowOf(ids[name]!);
      expect(row.status, name).toBe(STATUS.present);
      expect(row.exit?.getTime(), name).toBe(at(60).getTime());
      expect(row.evidence?.reasons.map((r) => r.kind)).not.toContain("scan_unplaced");
    }
    // 11 minutes apart: the ping's own ten minutes count, the scan waits for a person
    for (const name of ["longBefore", "longAfter"]) {
      const row = await rowOf(ids[name]!);
      expect(row.status, name).not.toBe(STATUS.present);
      expect(row.evidence?.unconfirmed, name).toBe(STATUS.present);
      expect(row.evidence?.reasons.map((r) => r.kind)).toContain("scan_unplaced");
    }
  });

  it("keeps a running state through a check-in that a full recompute reproduces, ping for ping", async () => {
    // the check-in on time, and the pings after it within the live window of now
    const start = floorMinute(new Date(Date.now() - 3 * MIN));
    const { course, place } = await makeCourse(db(), school, start, 60);
    const student = await makeStudent(db(), school.id, { courses: [course.id] });
    const device = phone(srv.url, student.token);
    const t0 = Math.max(start.getTime(), Date.now() - 150_000);
    await recordPresence(srv.services, {
      studentId: student.id,
      at: new Date(t0),
      source: "scan",
      attendable: { type: "course", id: course.id },
      position: { latitude: place.latitude, longitude: place.longitude, accuracy: 10 },
    });
    const after = await rowOf(student.id);
    expect(after.status).toBe(STATUS.present);
    expect(after.engine_state).toMatchObject({ v: 4, codes: { held: true }, live: { held: true } });

    // live pings after it: at the room, then from 5 km away
    const sent = [
      ping(new Date(t0 + 60_000), place),
      ping(new Date(t0 + 90_000), place, "away"),
      ping(new Date(t0 + 120_000), place, "away"),
    ];
    for (const p of sent) expect((await device.pings([p])).status).toBe(200);
    const row = await rowOf(student.id);
    expect(row.status).toBe(STATUS.present); // live: leaving early is judged at the end
    expect(row.exit?.getTime()).toBe(t0 + 90_000);

    // forget the running state: a resent ping recomputes from every stored ping and writes the same row
    await db().update(attendance).set({ engine_state: null }).where(eq(attendance.id, row.id));
    expect((await device.pings([sent[2]])).body.data).toEqual({ accepted: 0, duplicates: 1 });
    const again = await rowOf(student.id);
    const pick = (r: typeof row) => [r.status, r.enter?.getTime(), r.exit?.getTime(), r.percentage, r.confidence];
    expect(pick(again)).toEqual(pick(row));
    expect(again.evidence).toEqual(row.evidence);
    expect(again.engine_state).toEqual(row.engine_state);
  });
});
