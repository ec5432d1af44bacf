import { SCAN_CODE_PERIOD_S, STATUS, scanCodeAt } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { floorMinute, MIN, makeEvent, makeStudent, phone, schoolsOf } from "../engine/test-fixtures.ts";

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
});
