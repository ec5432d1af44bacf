import { STATUS } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, devices, pings, students } from "../db/schema/index.ts";
import {
  floorMinute,
  MIN,
  makeCourse,
  makeStudent,
  phone,
  ping,
  schoolsOf,
  series,
  setToken,
  storedLive,
} from "../engine/test-fixtures.ts";

describe.each(DATABASES)("device API on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };

  beforeAll(async () => {
    srv = await startServer(kind);
    school = (await schoolsOf(srv.services.db)).demo;
  });
  afterAll(async () => {
    await srv?.close();
  });

  it("registers the phone: answers the student and the device, and a second call updates the same device", async () => {
    const student = await makeStudent(srv.services.db, school.id);
    const p = phone(srv.url, student.token);
    const fields = {
      type: "ios",
      os_version: "17.4",
      app_version: "2.1.0",
      model_name: "iPhone 15",
      token: "push-token-1:APA91b-0123456789",
      location_permission: true,
      bluetooth_permission: false,
    };
    const res = await p.post("register", fields);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.data.student).toMatchObject({ id: student.id, first_name: "Test", offline_code: student.offline_code });
    expect(body.data.student.token).toBeUndefined();
    expect(body.data.device).toMatchObject(fields);
    const again = (await (await p.post("register", { ...fields, os_version: "17.5" })).json()) as any;
    expect(again.data.device.id).toBe(body.data.device.id);
    expect(again.data.device.os_version).toBe("17.5");
    const [row] = await srv.services.db.select().from(students).where(eq(students.id, student.id));
    expect(row!.device_id).toBe(body.data.device.id);
    expect(row!.last_seen).not.toBeNull();
    expect(await srv.services.db.$count(devices, eq(devices.student_id, student.id))).toBe(1);
  });

  it("answers a day's schedule with the location's fence and beacons", async () => {
    const start = floorMinute(new Date(Date.now() - 30 * MIN));
    const { course, place, meets } = await makeCourse(srv.services.db, school, start, 60);
    const student = await makeStudent(srv.services.db, school.id, { courses: [course.id] });
    const res = await phone(srv.url, student.token).get(`schedule?date=${meets}`);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as any;
    expect(data.date).toBe(meets);
    expect(data.timezone).toBe(school.timezone);
    const mine = data.sessions.find((x: any) => x.attendable_type === "course" && x.attendable_id === course.id);
    expect(mine).toMatchObject({
      title: course.title,
      start_time: course.start_time.slice(0, 5),
      start: start.toISOString(),
      cancelled: null,
      location: { id: place.id, latitude: place.latitude, longitude: place.longitude, radius: 50 },
      attendance: null,
    });
    expect(mine.location.beacons).toEqual([{ factory_id: place.beacon }]);
    const empty = await makeStudent(srv.services.db, school.id);
    const none = (await (await phone(srv.url, empty.token).get(`schedule?date=${meets}`)).json()) as any;
    expect(none.data.sessions).toEqual([]);
    const bad = await phone(srv.url, student.token).get("schedule?date=2026-02-30");
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as any).errors)).toEqual(["date"]);
  });

  it("stores a ping sent twice once, and counts the duplicates", async () => {
    const student = await makeStudent(srv.services.db, school.id);
    const start = new Date(Date.now() - 10 * MIN);
    const { place } = await makeCourse(srv.services.db, school, floorMinute(start), 60);
    const batch = series(start, new Date(), place);
    const p = phone(srv.url, student.token);
    const first = await p.pings([...batch, batch[0]]);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ accepted: batch.length, duplicates: 1 });
    const second = await p.pings(batch);
    expect(second.body.data).toEqual({ accepted: 0, duplicates: batch.length });
    expect(await srv.services.db.$count(pings, eq(pings.student_id, student.id))).toBe(batch.length);
  });

  it("stores a ping outside any session and changes nothing", async () => {
    const start = floorMinute(new Date(Date.now() - 30 * MIN));
    const { course, place } = await makeCourse(srv.services.db, school, start, 60);
    const student = await makeStudent(srv.services.db, school.id, { courses: [course.id] });
    // three hours before the class, at its room
    const res = await phone(srv.url, student.token).pings([ping(new Date(start.getTime() - 180 * MIN), place)]);
    expect(res.body.data).toEqual({ accepted: 1, duplicates: 0 });
    expect(await srv.services.db.$count(pings, eq(pings.student_id, student.id))).toBe(1);
    expect(await srv.services.db.$count(attendance, eq(attendance.student_id, student.id))).toBe(0);
  });

  it("moves last_seen and the device row on a ping, at most once a minute (decision 0563)", async () => {
    const db = srv.services.db;
    const student = await makeStudent(db, school.id);
    const p = phone(srv.url, student.token);
    const reg = (await (await p.post("register", { type: "android", token: p.id })).json()) as any;
    const start = floorMinute(new Date(Date.now() - 5 * MIN));
    const { place } = await makeCourse(db, school, start, 60);
    const stamps = async () => {
      const [d] = await db.select().from(devices).where(eq(devices.id, reg.data.device.id));
      const [s] = await db.select().from(students).where(eq(students.id, student.id));
      return { device: d!.updated_at.getTime(), seen: s!.last_seen?.getTime() ?? null };
    };
    // seen two minutes ago: the next ping moves both
    const old = new Date(Date.now() - 2 * MIN);
    await db.update(devices).set({ updated_at: old }).where(eq(devices.id, reg.data.device.id));
    await db.update(students).set({ last_seen: old }).where(eq(students.id, student.id));
    expect((await p.pings([ping(new Date(), place, "away")])).status).toBe(200);
    const moved = await stamps();
    expect(moved.device).toBeGreaterThan(old.getTime() + MIN);
    expect(moved.seen).toBeGreaterThan(old.getTime() + MIN);
    // seen this minute: a second ping leaves both as they are (no write of the students row)
    await new Promise((r) => setTimeout(r, 20));
    expect((await p.pings([ping(new Date(), place, "away")])).status).toBe(200);
    expect(await stamps()).toEqual(moved);
    // never seen: the first ping sets last_seen
    await db.update(students).set({ last_seen: null }).where(eq(students.id, student.id));
    expect((await p.pings([ping(new Date(), place, "away")])).status).toBe(200);
    expect((await stamps()).seen).not.toBeNull();
  });

  describe("refuses bad input with 400 naming each field", () => {
    let token: string;
    beforeAll(async () => {
      token = (await makeStudent(srv.services.db, school.id)).token;
    });
    const now = () => new Date().toISOString();

    it("names each bad ping field", async () => {
      const good = { id: "g1", recorded_at: now(), latitude: 40, longitude: -70 };
      const res = await phone(srv.url, token).pings([
        good,
        { ...good, id: "b1", latitude: "north" },
        { ...good, id: "b2", recorded_at: new Date(Date.now() + 3600_000).toISOString() },
        { ...good, id: undefined },
        { ...good, id: "b4", longitude: 1e308, accuracy: -3 },
        { ...good, id: "b5", recorded_at: "2001-01-01T00:00:00Z" },
        { ...good, id: "b6", recorded_at: "yesterday" },
        { ...good, id: "b7", beacons: [{ factory_id: 12 }], low_power: "yes" },
        { ...good, id: "b8", longitude: null },
        { ...good, id: "presence:scan:x" },
      ]);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
      expect(Object.keys(res.body.errors).sort()).toEqual(
        [
          "pings.1.latitude",
          "pings.2.recorded_at",
          "pings.3.id",
          "pings.4.longitude",
          "pings.4.accuracy",
          "pings.5.recorded_at",
          "pings.6.recorded_at",
          "pings.7.beacons.0.factory_id",
          "pings.7.low_power",
          "pings.8.longitude",
          "pings.9.id",
        ].sort(),
      );
      expect(res.body.errors["pings.2.recorded_at"]).toEqual(["is in the future"]);
    });

    it("refuses an empty batch, more than 500 pings, and a body that is not a batch", async () => {
      const p = phone(srv.url, token);
      const empty = await p.pings([]);
      expect(empty.status).toBe(400);
      expect(Object.keys(empty.body.errors)).toEqual(["pings"]);
      const many = Array.from({ length: 501 }, (_, i) => ({
        id: `m${i}`,
        recorded_at: now(),
        latitude: 1,
        longitude: 1,
      }));
      const tooMany = await p.pings(many);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors.pings).toEqual(["must hold at most 500 pings"]);
      for (const body of [[1, 2], "null", { pings: "x" }, { pings: [1] }, {}]) {
        const res = await p.post("pings", typeof body === "string" ? body : JSON.stringify(body));
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(((await res.json()) as any).errors).toBeTypeOf("object");
      }
    });

    it("answers malformed JSON (and NaN, which is not JSON) with 400", async () => {
      const p = phone(srv.url, token);
      for (const text of ['{"pings": [', `{"pings":[{"id":"n","recorded_at":"${now()}","latitude":NaN}]}`, "{,}"]) {
        const res = await p.post("pings", text);
        expect(res.status).toBe(400);
        const body = (await res.json()) as any;
        expect(body.message).toBe("The request body is not valid JSON");
        expect(body.errors).toEqual({ body: ["is not valid JSON"] });
      }
    });

    it("refuses text PostgreSQL cannot store (NUL, half a surrogate pair) instead of failing", async () => {
      const good = { recorded_at: now(), latitude: 40, longitude: -70 };
      const res = await phone(srv.url, token).pings([
        { ...good, id: "nul\u0000id" },
        { ...good, id: "x1", extra: { note: "a\u0000b" } },
        { ...good, id: "x2", beacons: [{ factory_id: "\ud800" }] },
        { ...good, id: "x3", extra: { deep: { deeper: "\udc00" } } },
      ]);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(
        ["pings.0.id", "pings.1.extra", "pings.2.beacons.0.factory_id", "pings.3.extra"].sort(),
      );
      const reg = await phone(srv.url, token).post("register", { model_name: "a\u0000b" });
      expect(reg.status).toBe(400);
    });

    it("takes a full batch of 500 pings with beacons and extra, and answers 413 past 6 MB", async () => {
      const p = phone(srv.url, token);
      const full = Array.from({ length: 500 }, (_, i) => ({
        id: `full-${i}`,
        recorded_at: now(),
        latitude: 1,
        longitude: 1,
        beacons: Array.from({ length: 20 }, (_, k) => ({ factory_id: `BEACON-${k}-XXXXXXXXXXXX`, rssi: -60 })),
        extra: { note: "x".repeat(1500) },
      }));
      const ok = await p.pings(full);
      expect(ok.status).toBe(200);
      expect(ok.body.data.accepted).toBe(500);
      const huge = await p.post("pings", JSON.stringify({ pings: [{ id: "h", extra: { note: "x".repeat(7e6) } }] }));
      expect(huge.status).toBe(413);
      expect(await huge.json()).toMatchObject({
        message: "The request body must be at most 6291456 bytes",
        errors: { body: ["must be at most 6291456 bytes"] },
      });
    });

    it("accepts unknown beacons and a ping without coordinates", async () => {
      const res = await phone(srv.url, token).pings([
        { id: "u1", recorded_at: now(), beacons: [{ factory_id: "NOPE-123", rssi: -70 }] },
      ]);
      expect(res.body.data).toEqual({ accepted: 1, duplicates: 0 });
    });

    it("refuses a bad register or scan body", async () => {
      const p = phone(srv.url, token);
      const reg = await p.post("register", { type: 5, location_permission: "yes", token: p.id });
      expect(reg.status).toBe(400);
      expect(Object.keys(((await reg.json()) as any).errors).sort()).toEqual(["location_permission", "type"]);
      const scan = await p.post("scan", { code: "" });
      expect(scan.status).toBe(400);
      expect(Object.keys(((await scan.json()) as any).errors)).toEqual(["code"]);
      const junk = await p.post("scan", { code: "rollbook:event:not-a-uuid:12345678" });
      expect(junk.status).toBe(400);
      expect(((await junk.json()) as any).errors.code).toBeDefined();
    });
  });

  describe("refuses a bad or reset token with 401", () => {
    it("without a token, with a wrong one, and with one that was reset (even right after using it)", async () => {
      const student = await makeStudent(srv.services.db, school.id);
      const body = { pings: [{ id: "a", recorded_at: new Date().toISOString(), latitude: 1, longitude: 1 }] };
      const plain = await fetch(`${srv.url}/api/v2/device/pings`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(plain.status).toBe(401);
      expect(((await plain.json()) as any).message).toBeTypeOf("string");
      expect((await phone(srv.url, "wrong-token").pings(body.pings)).status).toBe(401);
      expect((await phone(srv.url, "x".repeat(500)).get("schedule?date=2026-01-01")).status).toBe(401);

      const old = phone(srv.url, student.token);
      expect((await old.pings(body.pings)).status).toBe(200);
      await setToken(srv.services.db, student.id, `${student.token}-new`);
      const refused = await old.pings([{ ...body.pings[0], id: "b" }]);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: expect.any(String), server_time: expect.any(String) });
      expect((await old.get("schedule?date=2026-01-01")).status).toBe(401);
      expect((await old.post("register", {})).status).toBe(401);
      expect((await phone(srv.url, `${student.token}-new`).pings([{ ...body.pings[0], id: "b" }])).status).toBe(200);
      // the refused ping was not stored
      expect(await srv.services.db.$count(pings, eq(pings.student_id, student.id))).toBe(2);
    });
  });

  it("needs no XHR marker from a phone, while staff REST calls still do", async () => {
    const student = await makeStudent(srv.services.db, school.id);
    const p = phone(srv.url, student.token);
    const res = await p.post("register", { token: p.id });
    expect(res.status).toBe(200);
    const staff = await fetch(`${srv.url}/api/v2/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(staff.status).toBe(403);
  });

  it("tells the phone nothing of presence it did not believe: such a row reads as none", async () => {
    const start = floorMinute(new Date(Date.now() - 2 * MIN));
    const { course, place, meets } = await makeCourse(srv.services.db, school, start, 60);
    const faker = await makeStudent(srv.services.db, school.id, { courses: [course.id] });
    const p = phone(srv.url, faker.token);
    // inside the fence, but the platform says the location is mocked: not believed
    const mocked = [ping(new Date(Date.now() - 20_000), place), ping(new Date(), place)].map((x) => ({
      ...x,
      extra: { mocked: true },
    }));
    expect((await p.pings(mocked)).status).toBe(200);
    const [row] = await srv.services.db.select().from(attendance).where(eq(attendance.student_id, faker.id));
    expect(row).toMatchObject({ status: STATUS.pending, enter: null });
    expect(row?.evidence?.unconfirmed).toBe(STATUS.present);
    const { data } = (await (await p.get(`schedule?date=${meets}`)).json()) as any;
    expect(data.sessions.find((x: any) => x.attendable_id === course.id).attendance).toBeNull();
  });

  it("shows the attendance the pings made on the schedule", async () => {
    const start = floorMinute(new Date(Date.now() - 20 * MIN));
    const { course, place, meets } = await makeCourse(srv.services.db, school, start, 60);
    const student = await makeStudent(srv.services.db, school.id, { courses: [course.id] });
    const p = phone(srv.url, student.token);
    // the phone sent as it went: stored as they arrived, the newest sent (twice) through the API
    const batch = series(new Date(start.getTime() - 2 * MIN), new Date(), place);
    await storedLive(srv.services.db, student, batch.slice(0, -1));
    await p.pings(batch.slice(-1));
    await p.pings(batch.slice(-1));
    const { data } = (await (await p.get(`schedule?date=${meets}`)).json()) as any;
    const mine = data.sessions.find((x: any) => x.attendable_id === course.id);
    expect(mine.attendance.status).toBe(STATUS.present);
    const [row] = await srv.services.db
      .select()
      .from(attendance)
      .where(and(eq(attendance.student_id, student.id), eq(attendance.attendable_id, course.id)));
    expect(mine.attendance.id).toBe(row!.id);
  });
});
