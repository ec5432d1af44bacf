import { SCAN_CODE_PERIOD_S, STATUS, scanCodeAt } from "@rollbook/domain";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, coordinates, events, pings, studentEvent, tasks } from "../db/schema/index.ts";
import { finaliseDue } from "../engine/finalise/run.ts";
import { clock, floorMinute, MIN, makeEvent, makeStudent, phone, schoolsOf } from "../engine/test-fixtures.ts";

describe.each(DATABASES)("POST /api/v2/device/scan on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };

  beforeAll(async () => {
    srv = await startServer(kind);
    school = (await schoolsOf(srv.services.db)).demo;
  });
  afterAll(async () => {
    await srv?.close();
  });

  async function eventNow(startedMinutesAgo = 2) {
    const { event } = await makeEvent(
      srv.services.db,
      school,
      floorMinute(new Date(Date.now() - startedMinutesAgo * MIN)),
      60,
    );
    return event;
  }

  it("checks a signed-up student in at the event and answers the attendance", async () => {
    const event = await eventNow();
    const student = await makeStudent(srv.services.db, school.id, { events: [event.id] });
    const res = await phone(srv.url, student.token).post("scan", {
      code: scanCodeAt(event.uuid, event.scan_secret, new Date()),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as any;
    expect(data.event).toEqual({ id: event.id, uuid: event.uuid, title: event.title });
    expect(data.attendance).toMatchObject({
      attendable_type: "event",
      attendable_id: event.id,
      student_id: student.id,
      status: STATUS.present,
      attendable: { title: event.title },
    });
  });

  it("a scan after absent_time makes the student absent, not present", async () => {
    const event = await eventNow(25);
    const student = await makeStudent(srv.services.db, school.id, { events: [event.id] });
    const res = await phone(srv.url, student.token).post("scan", {
      code: scanCodeAt(event.uuid, event.scan_secret, new Date()),
    });
    expect(((await res.json()) as any).data.attendance.status).toBe(STATUS.absent);
  });

  it("a late scan from far away answers like any scan: the attendance, kept with its evidence", async () => {
    const db = srv.services.db;
    const { event, place } = await makeEvent(db, school, floorMinute(new Date(Date.now() - 25 * MIN)), 60);
    const student = await makeStudent(db, school.id, { events: [event.id] });
    const res = await phone(srv.url, student.token).post("scan", {
      code: scanCodeAt(event.uuid, event.scan_secret, new Date()),
      latitude: place.latitude + 0.05,
      longitude: place.longitude,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.data.attendance).toMatchObject({ attendable_id: event.id, status: STATUS.pending });
    const [row] = await db.select().from(attendance).where(eq(attendance.student_id, student.id));
    expect(row?.evidence?.reasons.map((r) => r.kind)).toContain("scan_away");
    // its position is no coordinate of the attendance: it does not put the student there
    expect(await db.$count(coordinates, eq(coordinates.attendance_id, row!.id))).toBe(0);
  });

  it("refuses an expired code, another event's secret, and a student not signed up", async () => {
    const event = await eventNow();
    const student = await makeStudent(srv.services.db, school.id, { events: [event.id] });
    const p = phone(srv.url, student.token);
    const old = scanCodeAt(event.uuid, event.scan_secret, new Date(Date.now() - 5 * SCAN_CODE_PERIOD_S * 1000));
    const expired = await p.post("scan", { code: old });
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as any).errors.code).toEqual(["has expired: scan the code again"]);
    const forged = await p.post("scan", { code: scanCodeAt(event.uuid, "00".repeat(16), new Date()) });
    expect(forged.status).toBe(400);
    const stranger = await makeStudent(srv.services.db, school.id);
    const notMine = await phone(srv.url, stranger.token).post("scan", {
      code: scanCodeAt(event.uuid, event.scan_secret, new Date()),
    });
    expect(notMine.status).toBe(400);
    expect(((await notMine.json()) as any).errors.code).toEqual(["is for an event you are not signed up for"]);
  });

  it("refuses an event that is not in session", async () => {
    const event = await eventNow(-120);
    const student = await makeStudent(srv.services.db, school.id, { events: [event.id] });
    const res = await phone(srv.url, student.token).post("scan", {
      code: scanCodeAt(event.uuid, event.scan_secret, new Date()),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).errors.code).toEqual(["is for an event that is not in session now"]);
  });

  it("a scan sent from far away (a relayed code) is kept for a person: no status, and the answer does not say why", async () => {
    const db = srv.services.db;
    const start = floorMinute(new Date(Date.now() - 2 * MIN));
    const { event, place } = await makeEvent(db, school, start, 60);
    const [relayed, seated, older] = [
      await makeStudent(db, school.id, { events: [event.id] }),
      await makeStudent(db, school.id, { events: [event.id] }),
      await makeStudent(db, school.id, { events: [event.id] }),
    ];
    const scan = (token: string, where: object) =>
      phone(srv.url, token).post("scan", { code: scanCodeAt(event.uuid, event.scan_secret, new Date()), ...where });

    // from home, 5 km away: the photo of the screen a friend sent
    const res = await scan(relayed.token, {
      latitude: place.latitude + 0.05,
      longitude: place.longitude,
      accuracy: 12,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.data.attendance).toMatchObject({ attendable_id: event.id, status: STATUS.pending, enter: null });
    expect(JSON.stringify(body)).not.toMatch(/confidence|evidence|engine_state|reasons|unconfirmed|scan_away/);
    const [row] = await db.select().from(attendance).where(eq(attendance.student_id, relayed.id));
    expect(row).toMatchObject({ status: STATUS.pending, enter: null });
    expect(row?.confidence).toBeLessThan(0.6);
    expect(row?.evidence?.unconfirmed).toBe(STATUS.present);
    expect(row?.evidence?.reasons.map((r) => r.kind)).toContain("scan_away");
    const [stored] = await db.select().from(pings).where(eq(pings.student_id, relayed.id));
    expect(stored).toMatchObject({ latitude: place.latitude + 0.05, longitude: place.longitude, accuracy: 12 });

    // in the room, and an older app that sends no position: witnessed, present
    const here = await scan(seated.token, { latitude: place.latitude, longitude: place.longitude, accuracy: 12 });
    expect(((await here.json()) as any).data.attendance.status).toBe(STATUS.present);
    const plain = await scan(older.token, {});
    const plainBody = (await plain.json()) as any;
    expect(plainBody.data.attendance.status).toBe(STATUS.present);
    expect(JSON.stringify(plainBody)).not.toMatch(/confidence|evidence|engine_state/);

    // the event made to have ended a minute after it started, the scans half a minute in: the
    // finaliser leaves the relayed scan absent and asks staff to review it
    const students = [relayed.id, seated.id, older.id];
    await db
      .update(pings)
      .set({ recorded_at: new Date(start.getTime() + 30_000) })
      .where(inArray(pings.student_id, students));
    await db
      .update(events)
      .set({
        end_time: clock(new Date(start.getTime() + MIN), school.timezone),
        created_at: new Date(start.getTime() - MIN),
      })
      .where(eq(events.id, event.id));
    await db
      .update(studentEvent)
      .set({ created_at: new Date(start.getTime() - 24 * 60 * MIN) })
      .where(eq(studentEvent.event_id, event.id));
    await finaliseDue(srv.services);
    const final = await db.select().from(attendance).where(eq(attendance.attendable_id, event.id));
    const statusOf = (id: number) => final.find((r) => r.student_id === id && r.attendable_type === "event")?.status;
    expect(statusOf(relayed.id)).toBe(STATUS.absent);
    expect(statusOf(seated.id)).not.toBe(STATUS.absent);
    const ids = final.filter((r) => r.student_id === relayed.id).map((r) => r.id);
    const reviews = await db
      .select()
      .from(tasks)
      .where(
        and(
          inArray(tasks.taskable_id, ids),
          eq(tasks.taskable_type, "attendance"),
          like(tasks.description, "Review:%"),
        ),
      );
    expect(reviews.length).toBeGreaterThan(0);
  });

  it("names a position that is half given or out of range", async () => {
    const event = await eventNow();
    const student = await makeStudent(srv.services.db, school.id, { events: [event.id] });
    const p = phone(srv.url, student.token);
    const code = scanCodeAt(event.uuid, event.scan_secret, new Date());
    const half = await p.post("scan", { code, latitude: 40 });
    expect(half.status).toBe(400);
    expect(((await half.json()) as any).errors).toEqual({ longitude: ["is required with latitude"] });
    const far = await p.post("scan", { code, latitude: 200, longitude: 0 });
    expect(far.status).toBe(400);
    expect(((await far.json()) as any).errors).toEqual({ latitude: ["must be between -90 and 90"] });
  });
});
