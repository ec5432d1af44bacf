import { OFFLINE_CODE_PERIOD_S, offlineCodeAt, SCAN_CODE_PERIOD_S, scanCodeAt } from "@rollbook/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, auditLog, pings, usedCodes } from "../db/schema/index.ts";
import { floorMinute, MIN, makeCourse, makeEvent, makeStudent, phone, schoolsOf } from "../engine/test-fixtures.ts";
import { stepOfCode } from "./codes-once.ts";
import { CODE_USED } from "./scan.ts";

const OFFLINE = `mutation($student_id: Int!, $attendable_id: Int!, $attendable_type: String!, $code: String!) {
  submitOfflineCode(student_id: $student_id, attendable_id: $attendable_id, attendable_type: $attendable_type,
    code: $code) { id status } }`;
const STEP = 30_000;

describe("stepOfCode", () => {
  it("names the step of a code among the three accepted, and null otherwise", () => {
    const at = new Date("2026-03-02T10:00:10Z");
    const current = Math.floor(at.getTime() / STEP);
    const codeAt = (t: Date) => String(Math.floor(t.getTime() / STEP));
    for (const d of [-1, 0, 1]) expect(stepOfCode(codeAt, String(current + d), at, 30)).toBe(current + d);
    expect(stepOfCode(codeAt, String(current + 2), at, 30)).toBeNull();
    expect(stepOfCode(codeAt, String(current - 2), at, 30)).toBeNull();
  });
});

describe.each(DATABASES)("scan and offline codes count once on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let admin: string;

  beforeAll(async () => {
    srv = await startServer(kind);
    school = (await schoolsOf(srv.services.db)).demo;
    admin = (await srv.login("school_admin")).access_token;
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const presences = (studentId: number, source: string) =>
    db().$count(pings, and(eq(pings.student_id, studentId), sql`${pings.extra}->>'source' = ${source}`));

  it("a scan code checks in once; a replay answers 409 and stores nothing; the next step's code counts", async () => {
    const { event } = await makeEvent(db(), school, floorMinute(new Date(Date.now() - 2 * MIN)), 60);
    const student = await makeStudent(db(), school.id, { events: [event.id] });
    const p = phone(srv.url, student.token);
    const code = scanCodeAt(event.uuid, event.scan_secret, new Date());
    const first = await p.post("scan", { code });
    expect(first.status).toBe(200);
    const [before] = await db().select().from(attendance).where(eq(attendance.student_id, student.id));
    for (const replay of [code, `  ${code.toUpperCase()}  `]) {
      const again = await p.post("scan", { code: replay });
      expect(again.status).toBe(409);
      expect(((await again.json()) as any).errors).toEqual({ code: [CODE_USED] });
    }
    expect(await presences(student.id, "scan")).toBe(1);
    const [after] = await db().select().from(attendance).where(eq(attendance.student_id, student.id));
    expect(after).toEqual(before);
    // the code shown next is another code (accepted one step early)
    const next = scanCodeAt(event.uuid, event.scan_secret, new Date(Date.now() + SCAN_CODE_PERIOD_S * 1000));
    expect((await p.post("scan", { code: next })).status).toBe(200);
    expect(await presences(student.id, "scan")).toBe(2);
    // another student may use the same code once
    const friend = await makeStudent(db(), school.id, { events: [event.id] });
    expect((await phone(srv.url, friend.token).post("scan", { code })).status).toBe(200);
  });

  it("of the same scan sent twice at once, exactly one counts", async () => {
    const { event } = await makeEvent(db(), school, floorMinute(new Date(Date.now() - 2 * MIN)), 60);
    const student = await makeStudent(db(), school.id, { events: [event.id] });
    const p = phone(srv.url, student.token);
    const code = scanCodeAt(event.uuid, event.scan_secret, new Date());
    const answers = await Promise.all([p.post("scan", { code }), p.post("scan", { code })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await presences(student.id, "scan")).toBe(1);
  });

  it("an offline code checks in once; a replay is BAD_USER_INPUT on code, audited, and changes nothing", async () => {
    const made = await makeCourse(db(), school, floorMinute(new Date(Date.now() - MIN)), 60);
    const later = await makeCourse(db(), school, new Date(Date.now() + 180 * MIN), 60);
    const student = await makeStudent(db(), school.id, { courses: [made.course.id, later.course.id] });
    const code = offlineCodeAt(student.offline_code, new Date());
    const vars = { student_id: student.id, attendable_id: made.course.id, attendable_type: "course", code };
    // a refused check-in (no session in progress) does not use the code up
    const notNow = await srv.gql(admin, OFFLINE, { ...vars, attendable_id: later.course.id });
    expect(notNow.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "attendable_id" });
    const first = await srv.gql(admin, OFFLINE, vars);
    expect(first.body.errors).toBeUndefined();
    const stored = await presences(student.id, "offline_code");
    const [before] = await db().select().from(attendance).where(eq(attendance.student_id, student.id));
    const replay = await srv.gql(admin, OFFLINE, { ...vars, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(replay.body.errors?.[0]?.message).toBe("This code was already used; ask for the one shown now");
    expect(replay.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "code" });
    expect(await presences(student.id, "offline_code")).toBe(stored);
    const [after] = await db().select().from(attendance).where(eq(attendance.student_id, student.id));
    expect(after).toEqual(before);
    expect(
      await db().$count(
        auditLog,
        and(eq(auditLog.action, "attendance.offline_code_replay"), eq(auditLog.subject_id, student.id)),
      ),
    ).toBe(1);
    // the next step's code is a new code
    const next = offlineCodeAt(student.offline_code, new Date(Date.now() + OFFLINE_CODE_PERIOD_S * 1000));
    const again = await srv.gql(admin, OFFLINE, { ...vars, code: next });
    expect(again.body.errors).toBeUndefined();
    // only live steps are kept
    expect(await db().$count(usedCodes, eq(usedCodes.student_id, student.id))).toBe(2);
  });
});
