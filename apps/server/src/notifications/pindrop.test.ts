import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import * as t from "../db/schema/index.ts";
import { finaliseDue } from "../engine/finalise/run.ts";
import type { IncomingPing } from "../engine/ingest.ts";
import { type DaySession, sessionsNear } from "../engine/sessions-for-student.ts";
import type { StudentContext } from "../engine/state.ts";
import { studentById } from "../engine/student-context.ts";
import { floorMinute, MIN, makeCourse, makeStudent, phone, ping, schoolsOf } from "../engine/test-fixtures.ts";
import { notePindrops, pindropsSettled } from "./pindrop.ts";
import type { Sms } from "./sms.ts";

let seq = 0;

/** Pindrop alerts through the device API, and the finaliser's alerts by text, on every database. */
describe.each(DATABASES)("pindrop and text alerts on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  const texts: Sms[] = [];
  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school } = await schoolsOf(srv.services.db));
    // the gateway at the edge: a fake that keeps what it is given
    srv.services.sms = { send: async (to, text) => void texts.push({ to, text }) };
  });
  afterAll(() => srv?.close());
  const db = () => srv.services.db;

  async function user(name: string, choices: Partial<typeof t.users.$inferInsert>) {
    const [u] = await db()
      .insert(t.users)
      .values({
        school_id: school.id,
        role_id: 6,
        first_name: name,
        email: `${name}.${++seq}.${kind}@pin.test`,
        absent_email: false,
        ...choices,
      })
      .returning();
    return u!;
  }
  const mailsTo = (emails: string[]) =>
    db().select().from(t.mailOutbox).where(inArray(t.mailOutbox.to, emails)).orderBy(t.mailOutbox.id);

  it("one pindrop per student and session, to the users who asked and whose filter lets it through, by text when they prefer", async () => {
    const start = floorMinute(new Date(Date.now() - 10 * MIN));
    const c = await makeCourse(db(), school, start, 60);
    const student = await makeStudent(db(), school.id, { courses: [c.course.id] });
    const byStudent = await user("bystudent", { pindrop_email: true });
    const noPhone = await user("nophone", { pindrop_email: true, prefers_sms: true, phone_number: "  " });
    const texter = await user("texter", { pindrop_email: true, prefers_sms: true, phone_number: "+64 21 000 111" });
    const notAsked = await user("notasked", { absent_email: true, late_email: true });
    const filtered = await user("filtered", { pindrop_email: true, alert_filter: ["course:999999"] });
    const unlinked = await user("unlinked", { pindrop_email: true });
    await db().insert(t.userStudent).values({ user_id: byStudent.id, student_id: student.id });
    await db()
      .insert(t.userCourse)
      .values([noPhone, texter, notAsked, filtered].map((u) => ({ user_id: u.id, course_id: c.course.id })));
    const emails = [byStudent, noPhone, texter, notAsked, filtered, unlinked].map((u) => u.email);
    const device = phone(srv.url, student.token);

    // at the place: nothing
    expect((await device.pings([ping(new Date(Date.now() - 3 * MIN), c.place)])).status).toBe(200);
    await pindropsSettled(srv.services);
    expect(await mailsTo(emails)).toEqual([]);

    // 5 km away during class
    expect((await device.pings([ping(new Date(Date.now() - 2 * MIN), c.place, "away")])).status).toBe(200);
    await pindropsSettled(srv.services);
    const mails = await mailsTo(emails);
    expect(mails.map((m) => m.to).sort()).toEqual([byStudent.email, noPhone.email].sort());
    expect(mails[0]?.subject).toBe(`Pindrop: Test ${student.last_name} outside ${c.course.title} on ${c.meets}`);
    expect(mails[0]?.text).toMatch(/was seen about \d+ m from Test room/);
    expect(mails[0]?.html).toContain("/Profile?tab=notifications");
    const mine = texts.filter((x) => x.text.includes(student.last_name));
    expect(mine.map((x) => x.to)).toEqual(["+64 21 000 111"]);
    expect(mine[0]?.text).toContain(c.course.title);

    // still away: the session's pindrop is sent already
    expect((await device.pings([ping(new Date(Date.now() - MIN), c.place, "away")])).status).toBe(200);
    await pindropsSettled(srv.services);
    expect(await mailsTo(emails)).toHaveLength(2);
    expect(texts.filter((x) => x.text.includes(student.last_name))).toHaveLength(1);
  });

  it("students seen outside together are claimed together: twelve cost little more than two, and one's excuse covers only that one", async () => {
    const c = await makeCourse(db(), school, floorMinute(new Date(Date.now() - 10 * MIN)), 60);
    const watcher = await user("together", { pindrop_email: true });
    await db().insert(t.userCourse).values({ user_id: watcher.id, course_id: c.course.id });
    // what ingest hands over for a student's ping from 5 km away during class
    const seenAway = async (n: number) => {
      const out: { student: StudentContext; name: string; seen: Map<IncomingPing, DaySession[]> }[] = [];
      for (let k = 0; k < n; k++) {
        const made = await makeStudent(db(), school.id, { courses: [c.course.id] });
        const student = (await studentById(db(), made.id)) as StudentContext;
        const sessions = (await sessionsNear(srv.services, db(), student, c.meets)).filter((x) => x.meets === c.meets);
        const p = ping(new Date(Date.now() - MIN), c.place, "away");
        const incoming = { ...p, device_ping_id: p.id, recorded_at: new Date(p.recorded_at) } as IncomingPing;
        out.push({ student, name: made.last_name, seen: new Map([[incoming, sessions]]) });
      }
      return out;
    };
    const cost = async (seen: Awaited<ReturnType<typeof seenAway>>) => {
      const before = srv.database.statements();
      for (const x of seen) expect(notePindrops(srv.services, x.student, x.seen, new Date())).toBe(1);
      await pindropsSettled(srv.services);
      return srv.database.statements() - before;
    };
    const two = await seenAway(2);
    const twelve = await seenAway(12);
    const excused = twelve[3] as (typeof twelve)[number];
    await db().insert(t.excuses).values({ school_id: school.id, student_id: excused.student.id, date: c.meets });
    const small = await cost(two);
    const large = await cost(twelve);
    // per student only its claim and its mail (in a transaction); the reads are per session (about
    // 13 statements a student when each was claimed alone)
    expect(large - small).toBeLessThanOrEqual(10 * 5);
    const mails = await mailsTo([watcher.email]);
    expect(mails).toHaveLength(13);
    expect(mails.filter((m) => m.text.includes(`Test ${excused.name} was seen`))).toEqual([]);
    expect(mails.filter((m) => m.text.includes(`Test ${(twelve[4] as typeof excused).name} was seen`))).toHaveLength(1);
    const claims = await db()
      .select({ recipient: t.notificationClaims.recipient })
      .from(t.notificationClaims)
      .where(eq(t.notificationClaims.period, `course:${c.course.id}:${c.meets}`));
    expect(claims).toHaveLength(14);
    // noted again: claimed already, nothing more
    for (const x of [...two, ...twelve]) expect(notePindrops(srv.services, x.student, x.seen, new Date())).toBe(0);
  });

  it("no pindrop for a ping outside before the class starts", async () => {
    const c = await makeCourse(db(), school, floorMinute(new Date(Date.now() + 10 * MIN)), 60);
    const student = await makeStudent(db(), school.id, { courses: [c.course.id] });
    const watcher = await user("early", { pindrop_email: true });
    await db().insert(t.userStudent).values({ user_id: watcher.id, student_id: student.id });
    expect((await phone(srv.url, student.token).pings([ping(new Date(), c.place, "away")])).status).toBe(200);
    await pindropsSettled(srv.services);
    expect(await mailsTo([watcher.email])).toEqual([]);
    const claims = await db()
      .select()
      .from(t.notificationClaims)
      .where(eq(t.notificationClaims.recipient, `student:${student.id}`));
    expect(claims).toEqual([]);
  });

  it("no pindrop for an excused student, nor for a ping that arrives over an hour after the class ended", async () => {
    const now = Date.now();
    const c = await makeCourse(db(), school, floorMinute(new Date(now - 10 * MIN)), 60);
    const excused = await makeStudent(db(), school.id, { courses: [c.course.id] });
    await db().insert(t.excuses).values({ school_id: school.id, student_id: excused.id, date: c.meets });
    const old = await makeCourse(db(), school, floorMinute(new Date(now - 150 * MIN)), 60, {
      created_at: new Date(now - 200 * MIN),
    });
    const late = await makeStudent(db(), school.id, { courses: [old.course.id] });
    const watcher = await user("watcher", { pindrop_email: true });
    await db()
      .insert(t.userStudent)
      .values([excused, late].map((st) => ({ user_id: watcher.id, student_id: st.id })));

    expect((await phone(srv.url, excused.token).pings([ping(new Date(now - MIN), c.place, "away")])).status).toBe(200);
    // recorded during its class, sent 90 minutes after it ended (the phone was offline)
    const during = new Date(now - 120 * MIN);
    expect((await phone(srv.url, late.token).pings([ping(during, old.place, "away")])).status).toBe(200);
    await pindropsSettled(srv.services);
    expect(await mailsTo([watcher.email])).toEqual([]);
    // the excused student's session is settled (claimed without a mail); the stale one is not looked at
    const claims = await db()
      .select({ recipient: t.notificationClaims.recipient })
      .from(t.notificationClaims)
      .where(inArray(t.notificationClaims.recipient, [`student:${excused.id}`, `student:${late.id}`]));
    expect(claims).toEqual([{ recipient: `student:${excused.id}` }]);
  });

  it("finalised absences: by text (the default provider's sms_outbox) for users who prefer it, an HTML mail for the others, and the student's own notice", async () => {
    srv.services.sms = undefined; // the default provider: the outbox
    const start = floorMinute(new Date(Date.now() - 90 * MIN));
    const c = await makeCourse(db(), school, start, 60, {
      created_at: new Date(start.getTime() - MIN),
      alerts_students: true,
    });
    const student = await makeStudent(db(), school.id, { courses: [c.course.id] });
    const studentEmail = `student.${++seq}.${kind}@pin.test`;
    await db()
      .update(t.students)
      .set({ first_name: "<b>Bold</b>", email: studentEmail })
      .where(eq(t.students.id, student.id));
    await db()
      .update(t.studentCourse)
      .set({ created_at: new Date(start.getTime() - 24 * 60 * MIN) })
      .where(eq(t.studentCourse.student_id, student.id));
    const phoneNumber = `+1 555 ${seq}${kind.length}`;
    const texter = await user("abstext", { absent_email: true, prefers_sms: true, phone_number: phoneNumber });
    const mailer = await user("absmail", { absent_email: true });
    await db()
      .insert(t.userCourse)
      .values([texter, mailer].map((u) => ({ user_id: u.id, course_id: c.course.id })));

    expect((await finaliseDue(srv.services)).failed).toBe(0);
    const mails = await mailsTo([texter.email, mailer.email, studentEmail]);
    expect(mails.map((m) => m.to).sort()).toEqual([mailer.email, studentEmail].sort());
    const staff = mails.find((m) => m.to === mailer.email)!;
    expect(staff.html).toContain("&lt;b&gt;Bold&lt;/b&gt;");
    expect(staff.html).not.toContain("<b>Bold");
    expect(staff.text).toContain("/Profile?tab=notifications");
    const own = mails.find((m) => m.to !== mailer.email)!;
    expect(own.subject).toBe(`You were absent: ${c.course.title} on ${c.meets}`);
    expect(own.html).toContain("You were marked absent");
    expect(own.text).not.toContain("/Profile");
    const sms = await db().select().from(t.smsOutbox).where(eq(t.smsOutbox.to, phoneNumber));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain(`absent: <b>Bold</b> ${student.last_name}`);
    // nothing by text to the one who takes mail
    expect(
      await db()
        .select()
        .from(t.smsOutbox)
        .where(and(like(t.smsOutbox.text, `%${c.course.title}%`))),
    ).toHaveLength(1);
  });
});
