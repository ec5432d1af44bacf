import { scanCodeAt } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { auditLog, devices, pings, students } from "../db/schema/index.ts";
import { floorMinute, MIN, makeEvent, makeLocation, makeStudent, ping, schoolsOf } from "../engine/test-fixtures.ts";
import type { PushBus, PushMessage } from "../realtime/messages.ts";
import { ANOTHER_PHONE } from "./active-device.ts";
import { device, idOf } from "./test-phone.ts";

const RELEASE = "mutation($id: Int!) { releaseDevice(student_id: $id) { id device_id } }";

describe.each(DATABASES)("one active phone per student on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };
  let admin: string; // school_admin: may reset tokens
  let judge: string; // a professor: may not

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
    admin = (await srv.login("school_admin")).access_token;
    judge = (await srv.login("judge")).access_token;
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const pingCount = async (studentId: number) => db().$count(pings, eq(pings.student_id, studentId));

  it("refuses a second phone with 409 until staff release the first, and refuses its pings", async () => {
    const student = await makeStudent(db(), school.id);
    const place = await makeLocation(db(), school.id);
    const first = device(srv.url, student.token, "phone-a");
    const second = device(srv.url, student.token, "phone-b");
    const reg = await first.register();
    expect(reg.status).toBe(200);

    // the same phone again updates its device
    const again = await first.register({ model_name: "Browser 2" });
    expect(again.status).toBe(200);
    expect(again.body.data.device.id).toBe(reg.body.data.device.id);

    // another phone, or one that does not say which it is (it cannot register at all)
    const anonymous = device(srv.url, student.token, null);
    expect((await anonymous.register()).status).toBe(400);
    const refused = await second.register();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ANOTHER_PHONE);
    for (const intruder of [second, anonymous]) {
      const pinged = await intruder.pings([ping(new Date(), place)]);
      expect(pinged.status).toBe(409);
      expect(pinged.body.message).toBe(ANOTHER_PHONE);
    }
    expect(await pingCount(student.id)).toBe(0);
    const [row] = await db().select().from(students).where(eq(students.id, student.id));
    expect(row!.device_id).toBe(reg.body.data.device.id);
    const [kept] = await db().select().from(devices).where(eq(devices.id, reg.body.data.device.id));
    expect(kept!.token).toBe(idOf("phone-a"));
    expect(kept!.model_name).toBe("Browser 2");

    // the active phone still pings
    const ok = await first.pings([ping(new Date(), place)]);
    expect(ok.status).toBe(200);
    expect(await pingCount(student.id)).toBe(1);

    // staff release it: the new phone registers, the old one is now the stranger
    const pushed: PushMessage[] = [];
    const off = (srv.services.bus as PushBus).subscribe((m) => pushed.push(m as PushMessage));
    const released = await srv.gql(admin, RELEASE, { id: student.id });
    expect(released.body.errors).toBeUndefined();
    expect(released.body.data.releaseDevice).toEqual({ id: student.id, device_id: null });
    expect(await db().$count(devices, eq(devices.student_id, student.id))).toBe(0);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "student.release_device"), eq(auditLog.subject_id, student.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.data).toMatchObject({ device_id: reg.body.data.device.id, model_name: "Browser 2" });
    await expect.poll(() => pushed.some((m) => m.type === "student.update" && m.ids.includes(student.id))).toBe(true);
    off();

    const moved = await second.register();
    expect(moved.status).toBe(200);
    expect((await second.pings([ping(new Date(), place)])).status).toBe(200);
    expect((await first.pings([ping(new Date(), place)])).status).toBe(409);
    expect((await first.register()).status).toBe(409);
    expect(await pingCount(student.id)).toBe(2);
  });

  it("refuses a scan from a phone that is not the active one", async () => {
    const { event } = await makeEvent(db(), school, floorMinute(new Date(Date.now() - 2 * MIN)), 60);
    const student = await makeStudent(db(), school.id, { events: [event.id] });
    expect((await device(srv.url, student.token, "scan-a").register()).status).toBe(200);
    const code = scanCodeAt(event.uuid, event.scan_secret, new Date());
    const refused = await device(srv.url, student.token, "scan-b").scan(code);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ANOTHER_PHONE);
    expect(await pingCount(student.id)).toBe(0);
    expect((await device(srv.url, student.token, "scan-a").scan(code)).status).toBe(200);
  });

  it("register requires the phone's token: 400 naming it, and nothing is bound", async () => {
    const student = await makeStudent(db(), school.id);
    const cases: [unknown, string][] = [
      [undefined, "is required"],
      [null, "is required"],
      ["", "is required"],
      ["   ", "is required"],
      [42, "must be a string"],
      ["abc123", "must be at least 16 characters"],
      ["x".repeat(513), "must be at most 512 characters"],
      ["0123456789abcdef 0123", "must hold only letters, digits and . _ : ~ + / = -"],
      ["0123456789abcdef\u00e9", "must hold only letters, digits and . _ : ~ + / = -"],
    ];
    for (const [token, message] of cases) {
      const res = await device(srv.url, student.token, null).register({ token });
      expect(res.status, JSON.stringify(token)).toBe(400);
      expect(res.body.errors).toEqual({ token: [message] });
      expect(res.body.message).toBe(`token ${message}`);
    }
    const [row] = await db().select().from(students).where(eq(students.id, student.id));
    expect(row!.device_id).toBeNull();
    expect(await db().$count(devices, eq(devices.student_id, student.id))).toBe(0);
    // a push token's characters pass, trimmed
    const fcm = `dGVzdA:APA91b-Hx_9${"a".repeat(40)}`;
    const ok = await device(srv.url, student.token, null).register({ token: ` ${fcm} ` });
    expect(ok.status).toBe(200);
    expect(ok.body.data.device.token).toBe(fcm);
  });

  it("a device row left without a token binds nothing until a phone with one claims it", async () => {
    const student = await makeStudent(db(), school.id);
    const place = await makeLocation(db(), school.id);
    // registered before the token was required (no call makes such a row now)
    const [legacy] = await db().insert(devices).values({ student_id: student.id, type: "simulator" }).returning();
    await db().update(students).set({ device_id: legacy!.id }).where(eq(students.id, student.id));
    const old = device(srv.url, student.token, null);
    expect((await old.pings([ping(new Date(), place)])).status).toBe(200);
    const claimed = await device(srv.url, student.token, "legacy-a").register();
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.device.id).toBe(legacy!.id);
    // from now on a phone without the header, or another one, is refused
    expect((await old.pings([ping(new Date(), place)])).status).toBe(409);
    expect((await device(srv.url, student.token, "legacy-b").register()).status).toBe(409);
    expect((await device(srv.url, student.token, "legacy-a").pings([ping(new Date(), place)])).status).toBe(200);
  });

  it("releaseDevice: FORBIDDEN without reset_token, NOT_FOUND for another school's student", async () => {
    const student = await makeStudent(db(), school.id);
    expect((await device(srv.url, student.token, "release-a").register()).status).toBe(200);
    const forbidden = await srv.gql(judge, RELEASE, { id: student.id });
    expect(forbidden.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const stranger = await makeStudent(db(), other.id);
    expect((await device(srv.url, stranger.token, "phone-x").register()).status).toBe(200);
    const foreign = await srv.gql(admin, RELEASE, { id: stranger.id });
    expect(foreign.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    // neither changed anything
    for (const id of [student.id, stranger.id]) {
      const [row] = await db().select().from(students).where(eq(students.id, id));
      expect(row!.device_id).not.toBeNull();
    }
    expect((await device(srv.url, student.token, "release-b").register()).status).toBe(409);
    expect((await device(srv.url, stranger.token, "phone-y").register()).status).toBe(409);
  });

  it("two phones registering at once: exactly one becomes the active one", async () => {
    const student = await makeStudent(db(), school.id);
    const answers = await Promise.all(
      ["p1", "p2", "p3", "p4"].map((id) => device(srv.url, student.token, id).register()),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await db().$count(devices, eq(devices.student_id, student.id))).toBe(1);
  });
});
