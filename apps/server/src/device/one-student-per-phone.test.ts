import { PHONE_MOVE_AFTER_MS } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { auditLog, devices, students } from "../db/schema/index.ts";
import { makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import type { PushBus, PushMessage } from "../realtime/messages.ts";
import { ANOTHER_PHONE } from "./active-device.ts";
import { ANOTHER_STUDENT, RECENTLY_ANOTHER_STUDENT } from "./phone-holder.ts";
import { device, idOf } from "./test-phone.ts";

describe.each(DATABASES)("one student per phone on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number };
  let other: { id: number };

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const boundDevice = async (id: number) =>
    (await db().select({ device_id: students.device_id }).from(students).where(eq(students.id, id)))[0]!.device_id;

  it("refuses a phone that is another student's active phone, in any school, without naming them", async () => {
    const first = await makeStudent(db(), school.id);
    const second = await makeStudent(db(), school.id);
    const elsewhere = await makeStudent(db(), other.id);
    const reg = await device(srv.url, first.token, "shared").register();
    expect(reg.status).toBe(200);
    for (const student of [second, elsewhere]) {
      const refused = await device(srv.url, student.token, "shared").register();
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ANOTHER_STUDENT);
      expect(JSON.stringify(refused.body)).not.toContain(first.last_name);
      expect(await boundDevice(student.id)).toBeNull();
      expect(await db().$count(devices, eq(devices.student_id, student.id))).toBe(0);
    }
    // the first student's phone is untouched and goes on
    expect(await boundDevice(first.id)).toBe(reg.body.data.device.id);
    expect((await device(srv.url, first.token, "shared").register()).status).toBe(200);
    // a removed student holds no phone
    await db().update(students).set({ deleted_at: new Date() }).where(eq(students.id, first.id));
    expect((await device(srv.url, second.token, "shared").register()).status).toBe(200);
  });

  it("a phone bound to several students before the rule signs in none of them again", async () => {
    const a = await makeStudent(db(), school.id);
    const b = await makeStudent(db(), school.id);
    for (const s of [a, b]) {
      const [d] = await db()
        .insert(devices)
        .values({ student_id: s.id, token: idOf("old-shared") })
        .returning();
      await db().update(students).set({ device_id: d!.id }).where(eq(students.id, s.id));
    }
    const again = await device(srv.url, a.token, "old-shared").register();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ANOTHER_STUDENT);
  });

  it("students registering one phone at once: exactly one gets it", async () => {
    const list = await Promise.all([1, 2, 3, 4].map(() => makeStudent(db(), school.id)));
    const answers = await Promise.all(list.map((s) => device(srv.url, s.token, "race").register()));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const held = await db()
      .select()
      .from(devices)
      .where(eq(devices.token, idOf("race")));
    expect(held).toHaveLength(1);
  });

  it("the active phone signs its student out; a friend's phone cannot; the phone waits before another student", async () => {
    const student = await makeStudent(db(), school.id);
    const sibling = await makeStudent(db(), school.id);
    const own = device(srv.url, student.token, "family");
    const reg = await own.register({ model_name: "Family phone" });
    expect(reg.status).toBe(200);

    // a friend's phone with the student's personal token, or one that names no phone, unbinds nothing
    for (const intruder of [device(srv.url, student.token, "friend"), device(srv.url, student.token, null)]) {
      const refused = await intruder.signOut();
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ANOTHER_PHONE);
    }
    expect(await boundDevice(student.id)).toBe(reg.body.data.device.id);

    const pushed: PushMessage[] = [];
    const off = (srv.services.bus as PushBus).subscribe((m) => pushed.push(m as PushMessage));
    const out = await own.signOut();
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ signed_out: true });
    expect(await boundDevice(student.id)).toBeNull();
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "student.sign_out_device"), eq(auditLog.subject_id, student.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      school_id: school.id,
      user_id: null,
      data: { device_id: reg.body.data.device.id, model_name: "Family phone" },
    });
    await expect.poll(() => pushed.some((m) => m.type === "student.update" && m.ids.includes(student.id))).toBe(true);
    off();
    // signing out again has nothing to let go
    expect((await own.signOut()).body.data).toEqual({ signed_out: false });

    // another student waits; the same student comes back to the same device at once
    const early = await device(srv.url, sibling.token, "family").register();
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(RECENTLY_ANOTHER_STUDENT);
    const back = await own.register();
    expect(back.status).toBe(200);
    expect(back.body.data.device.id).toBe(reg.body.data.device.id);
    expect((await own.signOut()).status).toBe(200);

    // after the wait the phone moves to the sibling
    const long = new Date(Date.now() - PHONE_MOVE_AFTER_MS - 60_000);
    await db().update(devices).set({ signed_out_at: long }).where(eq(devices.id, reg.body.data.device.id));
    const moved = await device(srv.url, sibling.token, "family").register();
    expect(moved.status).toBe(200);
    expect(await boundDevice(sibling.id)).toBe(moved.body.data.device.id);
    // and the student's own old row goes when they next register (their new phone)
    expect((await device(srv.url, student.token, "own-phone").register()).status).toBe(200);
    expect(await db().$count(devices, eq(devices.student_id, student.id))).toBe(1);
  });

  it("staff see a signed-out phone in its wait and release it, so a sibling signs in today", async () => {
    const admin = (await srv.login("school_admin")).access_token as string;
    const STUDENT = `query($uuid: String!) { student(uuid: $uuid) {
      device { id } signed_out_device { id model_name signed_out_at } } }`;
    const RELEASE = "mutation($id: Int!) { releaseDevice(student_id: $id) { id device_id } }";
    const student = await makeStudent(db(), school.id);
    const sibling = await makeStudent(db(), school.id);
    const [row] = await db().select({ uuid: students.uuid }).from(students).where(eq(students.id, student.id));
    const uuid = row?.uuid;
    const own = device(srv.url, student.token, "kitchen");
    const reg = await own.register({ model_name: "Kitchen phone" });
    expect(reg.status).toBe(200);
    const shown = async () => (await srv.gql(admin, STUDENT, { uuid })).body.data.student;
    // the active phone is no phone in a wait
    expect(await shown()).toEqual({ device: { id: reg.body.data.device.id }, signed_out_device: null });

    expect((await own.signOut()).status).toBe(200);
    const waiting = await shown();
    expect(waiting.device).toBeNull();
    expect(waiting.signed_out_device).toMatchObject({ id: reg.body.data.device.id, model_name: "Kitchen phone" });
    expect(Date.now() - Date.parse(waiting.signed_out_device.signed_out_at)).toBeLessThan(60_000);
    expect((await device(srv.url, sibling.token, "kitchen").register()).body.message).toBe(RECENTLY_ANOTHER_STUDENT);

    const released = await srv.gql(admin, RELEASE, { id: student.id });
    expect(released.body.errors).toBeUndefined();
    expect(await shown()).toEqual({ device: null, signed_out_device: null });
    expect(await db().$count(devices, eq(devices.student_id, student.id))).toBe(0);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "student.release_device"), eq(auditLog.subject_id, student.id)));
    expect(audits.map((a) => a.data)).toEqual([
      { device_id: reg.body.data.device.id, type: expect.anything(), model_name: "Kitchen phone" },
    ]);
    expect((await device(srv.url, sibling.token, "kitchen").register()).status).toBe(200);
    // releasing again finds nothing to let go, and audits nothing
    expect((await srv.gql(admin, RELEASE, { id: student.id })).body.errors).toBeUndefined();
    expect(
      await db().$count(
        auditLog,
        and(eq(auditLog.action, "student.release_device"), eq(auditLog.subject_id, student.id)),
      ),
    ).toBe(1);
  });

  describe("a token reset signs the phone out", () => {
    const RESET = "mutation($id: Int!) { resetStudentToken(id: $id) { token device { id } signed_out_device { id } } }";
    const RESET_MANY = "mutation($ids: [Int!]!) { resetStudentsTokens(student_ids: $ids) { student_ids } }";
    const signedOutByReset = (studentId: number) =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "student.sign_out_device"), eq(auditLog.subject_id, studentId)));
    const signedOutAt = async (deviceId: number) =>
      (await db().select({ at: devices.signed_out_at }).from(devices).where(eq(devices.id, deviceId)))[0]?.at;

    it("a lost phone: the student's new phone signs in at once; the old one is audited as signed out", async () => {
      const admin = await srv.login("school_admin");
      const student = await makeStudent(db(), school.id);
      const lost = await device(srv.url, student.token, "lost").register({ model_name: "Lost phone" });
      expect(lost.status).toBe(200);
      const phoneId = lost.body.data.device.id;

      const reset = await srv.gql(admin.access_token, RESET, { id: student.id });
      expect(reset.body.errors).toBeUndefined();
      const { token, device: active, signed_out_device } = reset.body.data.resetStudentToken;
      // the student's page shows the phone in its wait, not as the active one
      expect(active).toBeNull();
      expect(signed_out_device).toEqual({ id: phoneId });
      expect(await boundDevice(student.id)).toBeNull();
      expect(await signedOutAt(phoneId)).toBeInstanceOf(Date);
      expect(await signedOutByReset(student.id)).toMatchObject([
        {
          school_id: school.id,
          user_id: admin.user.id,
          data: { device_id: phoneId, model_name: "Lost phone", reason: "token_reset" },
        },
      ]);
      // the old token is refused on the old phone; the new token signs in a new phone
      expect((await device(srv.url, student.token, "lost").register()).status).toBe(401);
      const replacement = await device(srv.url, token, "replacement").register();
      expect(replacement.status).toBe(200);
      expect(await boundDevice(student.id)).toBe(replacement.body.data.device.id);
    });

    it("a family phone: it waits before a sibling as after the app's sign-out; the student comes back on it", async () => {
      const admin = (await srv.login("school_admin")).access_token as string;
      const [student, sibling, phoneless] = await Promise.all([1, 2, 3].map(() => makeStudent(db(), school.id)));
      const reg = await device(srv.url, student!.token, "hallway").register();
      expect(reg.status).toBe(200);
      // the bulk reset too; a student without a phone has nothing to sign out
      const many = await srv.gql(admin, RESET_MANY, { ids: [student!.id, phoneless!.id] });
      expect(many.body.errors).toBeUndefined();
      expect(await boundDevice(student!.id)).toBeNull();
      expect(await signedOutByReset(student!.id)).toHaveLength(1);
      expect(await signedOutByReset(phoneless!.id)).toHaveLength(0);

      const early = await device(srv.url, sibling!.token, "hallway").register();
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(RECENTLY_ANOTHER_STUDENT);
      const [fresh] = await db().select({ token: students.token }).from(students).where(eq(students.id, student!.id));
      const back = await device(srv.url, fresh!.token, "hallway").register();
      expect(back.status).toBe(200);
      expect(back.body.data.device.id).toBe(reg.body.data.device.id);
      expect(await signedOutAt(reg.body.data.device.id)).toBeNull();
    });
    it("releasing the old phone for a sibling leaves the student's new phone bound", async () => {
      const admin = (await srv.login("school_admin")).access_token as string;
      const RELEASE = `mutation($id: Int!, $device: Int) {
        releaseDevice(student_id: $id, device_id: $device) { device_id signed_out_device { id } } }`;
      const [student, sibling, stranger] = await Promise.all([1, 2, 3].map(() => makeStudent(db(), school.id)));
      const old = await device(srv.url, student!.token, "family-old").register();
      const reset = await srv.gql(admin, RESET, { id: student!.id });
      const fresh = await device(srv.url, reset.body.data.resetStudentToken.token, "own-new").register();
      expect(fresh.status).toBe(200);
      const oldId = old.body.data.device.id as number;
      const newId = fresh.body.data.device.id as number;
      const strangers = await device(srv.url, stranger!.token, "stranger").register();

      // another student's phone is no phone of this student: refused, nothing let go
      const wrong = await srv.gql(admin, RELEASE, { id: student!.id, device: strangers.body.data.device.id });
      expect(wrong.body.errors?.[0]).toMatchObject({
        message: "device_id: not a phone of this student",
        extensions: { code: "BAD_USER_INPUT", field: "device_id" },
      });
      expect(await boundDevice(stranger!.id)).toBe(strangers.body.data.device.id);

      // staff free the old phone, named, for the sibling: the new phone stays the student's
      const freed = await srv.gql(admin, RELEASE, { id: student!.id, device: oldId });
      expect(freed.body.errors).toBeUndefined();
      expect(freed.body.data.releaseDevice).toEqual({ device_id: newId, signed_out_device: null });
      expect(await boundDevice(student!.id)).toBe(newId);
      expect((await device(srv.url, sibling!.token, "family-old").register()).status).toBe(200);
      expect((await device(srv.url, reset.body.data.resetStudentToken.token, "own-new").register()).status).toBe(200);

      // without device_id the active phone goes, and a phone in its wait stays in it
      await db()
        .insert(devices)
        .values({ student_id: student!.id, token: "waiting-phone-0001", signed_out_at: new Date() });
      const active = await srv.gql(admin, RELEASE, { id: student!.id });
      expect(active.body.errors).toBeUndefined();
      expect(active.body.data.releaseDevice.device_id).toBeNull();
      expect(active.body.data.releaseDevice.signed_out_device).not.toBeNull();
      // and then, with no active phone, the phones in their wait
      const waiting = await srv.gql(admin, RELEASE, { id: student!.id });
      expect(waiting.body.data.releaseDevice).toEqual({ device_id: null, signed_out_device: null });
      const released = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "student.release_device"), eq(auditLog.subject_id, student!.id)))
        .orderBy(auditLog.id);
      expect(released.map((a) => (a.data as { device_id: number }).device_id)).toEqual([
        oldId,
        newId,
        expect.any(Number),
      ]);
    });
  });

  it("a student without a phone signs out nothing", async () => {
    const student = await makeStudent(db(), school.id);
    const out = await device(srv.url, student.token, "nothing").signOut();
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ signed_out: false });
    expect((await device(srv.url, "not-a-token", "nothing").signOut()).status).toBe(401);
  });
});
