import { SCAN_CODE_PERIOD_S, STATUS, scanCodeAt } from "@rollbook/domain";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, coordinates, events, locations, pings, studentEvent, tasks } from "../db/schema/index.ts";
import { finaliseDue } from "../engine/finalise/run.ts";
import {
  clock,
  floorMinute,
  MIN,
  makeEvent,
  makeStudent,
  type Place,
  phone,
  ping,
  schoolsOf,
} from "../engine/test-fixtures.ts";

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
    const { event } = await placedEventNow(startedMinutesAgo);
    return event;
  }
  const placedEventNow = (startedMinutesAgo = 2) =>
    makeEvent(srv.services.db, school, floorMinute(new Date(Date.now() - startedMinutesAgo * MIN)), 60);
  /** The phone's fix in the event's room, as the app sends it with a scan. */
  const inRoom = (place: Place) => ({ latitude: place.latitude, longitude: place.longitude, accuracy: 12 });

  it("checks a signed-up student in at the event and answers the attendance", async () => {
    const { event, place } = await placedEventNow();
    const student = await makeStudent(srv.services.db, school.id, { events: [event.id] });
    const res = await phone(srv.url, student.token).post("scan", {
      code: scanCodeAt(event.uuid, event.scan_secret, new Date()),
      ...inRoom(place),
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
    const { event, place } = await placedEventNow(25);
    const student = await makeStudent(srv.services.db, school.id, { events: [event.id] });
    const res = await phone(srv.url, student.token).post("scan", {
      code: scanCodeAt(event.uuid, event.scan_secret, new Date()),
      ...inRoom(place),
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

  it("a scan from far away, or one nothing puts at the place, is kept for a person: no status, and the answer does not say why", async () => {
    const db = srv.services.db;
    const start = floorMinute(new Date(Date.now() - 2 * MIN));
    const { event, place } = await makeEvent(db, school, start, 60);
    const [relayed, seated, handmade, vague] = [
      await makeStudent(db, school.id, { events: [event.id] }),
      await makeStudent(db, school.id, { events: [event.id] }),
      await makeStudent(db, school.id, { events: [event.id] }),
      await makeStudent(db, school.id, { events: [event.id] }),
    ];
    const scan = (token: string, where: object) =>
      phone(srv.url, token).post("scan", { code: scanCodeAt(event.uuid, event.scan_secret, new Date()), ...where });
    /** Answered like any scan (pending, nothing of why); stored unconfirmed, with `kind`, and no coordinate. */
    async function expectKeptForAPerson(answer: Response, studentId: number, kind: string) {
      expect(answer.status).toBe(200);
      const shown = (await answer.json()) as any;
      expect(shown.data.attendance).toMatchObject({ attendable_id: event.id, status: STATUS.pending, enter: null });
      expect(JSON.stringify(shown)).not.toMatch(/confidence|evidence|engine_state|reasons|unconfirmed|scan_/);
      const [kept] = await db.select().from(attendance).where(eq(attendance.student_id, studentId));
      expect(kept).toMatchObject({ status: STATUS.pending, enter: null });
      expect(kept?.confidence).toBeLessThan(0.6);
      expect(kept?.evidence?.unconfirmed).toBe(STATUS.present);
      expect(kept?.evidence?.reasons.map((r) => r.kind)).toContain(kind);
      expect(await db.$count(coordinates, eq(coordinates.attendance_id, kept!.id))).toBe(0);
    }

    // from home, 5 km away: the photo of the screen a friend sent
    const res = await scan(relayed.token, {
      latitude: place.latitude + 0.05,
      longitude: place.longitude,
      accuracy: 12,
    });
    await expectKeptForAPerson(res, relayed.id, "scan_away");
    const [stored] = await db.select().from(pings).where(eq(pings.student_id, relayed.id));
    expect(stored).toMatchObject({ latitude: place.latitude + 0.05, longitude: place.longitude, accuracy: 12 });

    // in the room: witnessed by its own position, present
    const here = await scan(seated.token, inRoom(place));
    expect(((await here.json()) as any).data.attendance.status).toBe(STATUS.present);
    // the relayed code in a hand-made request without a position, and with one from home that
    // claims 100 km accuracy (neither inside nor clearly away): the same answer, pending
    for (const [who, where] of [
      [handmade, {}],
      [vague, { latitude: place.latitude + 0.05, longitude: place.longitude, accuracy: 100_000 }],
    ] as const) {
      await expectKeptForAPerson(await scan(who.token, where), who.id, "scan_unplaced");
    }

    // the event made to have ended a minute after it started, the scans half a minute in: the
    // finaliser leaves the relayed and the hand-made scans absent and asks staff to review them
    const students = [relayed.id, seated.id, handmade.id, vague.id];
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
    const rowOf = (id: number) => final.find((r) => r.student_id === id && r.attendable_type === "event");
    expect(rowOf(seated.id)?.status).not.toBe(STATUS.absent);
    const reviewsOf = (id: number) =>
      db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.taskable_id, rowOf(id)!.id),
            eq(tasks.taskable_type, "attendance"),
            like(tasks.description, "Review:%"),
          ),
        );
    for (const who of [relayed, handmade, vague]) {
      expect(rowOf(who.id)?.status, `${who.id}`).toBe(STATUS.absent);
      expect((await reviewsOf(who.id)).length, `${who.id}`).toBeGreaterThan(0);
    }
    expect((await reviewsOf(handmade.id))[0]?.description).toMatch(
      /scanned the event's code on .*, but neither the scan nor their phone put them at the place at the time, so it stays absent \(it would be present\)/,
    );
    expect(await reviewsOf(seated.id)).toEqual([]);
  });

  it("a scan without a position counts once the phone's own live pings put the student at the place", async () => {
    const db = srv.services.db;
    const { event, place } = await placedEventNow();
    const [witnessed, mocked, elsewhere] = [
      await makeStudent(db, school.id, { events: [event.id] }),
      await makeStudent(db, school.id, { events: [event.id] }),
      await makeStudent(db, school.id, { events: [event.id] }),
    ];
    const rowOf = async (id: number) => (await db.select().from(attendance).where(eq(attendance.student_id, id)))[0]!;
    for (const who of [witnessed, mocked, elsewhere]) {
      const res = await phone(srv.url, who.token).post("scan", {
        code: scanCodeAt(event.uuid, event.scan_secret, new Date()),
      });
      expect(((await res.json()) as any).data.attendance.status).toBe(STATUS.pending);
    }
    // a moment later the app pings: from the room; from the room with the platform's mock flag; from home
    const now = new Date();
    const sent = {
      witnessed: ping(now, place),
      mocked: { ...ping(now, place), extra: { mocked: true } },
      elsewhere: ping(now, place, "away"),
    };
    expect((await phone(srv.url, witnessed.token).pings([sent.witnessed])).status).toBe(200);
    expect((await phone(srv.url, mocked.token).pings([sent.mocked])).status).toBe(200);
    expect((await phone(srv.url, elsewhere.token).pings([sent.elsewhere])).status).toBe(200);

    const row = await rowOf(witnessed.id);
    expect(row).toMatchObject({ status: STATUS.present });
    expect(row.enter?.getTime()).toBeLessThan(now.getTime()); // from the scan, not the ping
    expect(row.confidence).toBeGreaterThanOrEqual(0.9);
    expect(row.evidence?.reasons.map((r) => r.kind)).not.toContain("scan_unplaced");
    for (const who of [mocked, elsewhere]) {
      const kept = await rowOf(who.id);
      expect(kept.status, `${who.id}`).toBe(STATUS.pending);
      expect(kept.evidence?.unconfirmed).toBe(STATUS.present);
      expect(kept.evidence?.reasons.map((r) => r.kind)).toContain("scan_unplaced");
    }

    // the running state the witness made is the one a recompute from every stored ping makes
    await db.update(attendance).set({ engine_state: null }).where(eq(attendance.id, row.id));
    expect((await phone(srv.url, witnessed.token).pings([sent.witnessed])).body.data.duplicates).toBe(1);
    const again = await rowOf(witnessed.id);
    expect([again.status, again.enter, again.confidence, again.evidence, again.engine_state]).toEqual([
      row.status,
      row.enter,
      row.confidence,
      row.evidence,
      row.engine_state,
    ]);
  });

  it("believes a scan without a position at a place with no geofence: nothing to compare", async () => {
    const db = srv.services.db;
    const { event, place } = await placedEventNow();
    await db.update(locations).set({ latitude: null, longitude: null }).where(eq(locations.id, place.id));
    const student = await makeStudent(db, school.id, { events: [event.id] });
    const res = await phone(srv.url, student.token).post("scan", {
      code: scanCodeAt(event.uuid, event.scan_secret, new Date()),
    });
    expect(((await res.json()) as any).data.attendance.status).toBe(STATUS.present);
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
