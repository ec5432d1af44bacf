import { STATUS } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, auditLog, schoolClosures, schools, studentCourse, students } from "../db/schema/index.ts";
import { finaliseDue } from "../engine/finalise/run.ts";
import { floorMinute, MIN, makeCourse, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";

const SCHOOL_FIELDS =
  "id name address contact_person phone email support_email late_time absent_time leave_time warning_percentage timezone token_pattern student_cap allow_user_invite";
const SCHOOL = `query { school { ${SCHOOL_FIELDS} closures { id title start_date end_date } } }`;
const UPDATE = `mutation($id: Int!, $name: String, $address: String, $contact: String, $phone: String, $email: String,
  $support: String, $late: Int, $absent: Int, $leave: Int, $warn: Int, $tz: String, $pattern: String, $cap: Int, $invite: Boolean) {
  updateSchool(id: $id, name: $name, address: $address, contact_person: $contact, phone: $phone, email: $email,
    support_email: $support, late_time: $late, absent_time: $absent, leave_time: $leave, warning_percentage: $warn,
    timezone: $tz, token_pattern: $pattern, student_cap: $cap, allow_user_invite: $invite) { ${SCHOOL_FIELDS} } }`;
const CREATE_SCHOOL = `mutation($name: String!, $tz: String) { createSchool(name: $name, timezone: $tz) { id name timezone token_pattern } }`;
const CREATE_CLOSURE = `mutation($title: String!, $start: String!, $end: String!) {
  createClosure(title: $title, start_date: $start, end_date: $end) { id school_id title start_date end_date } }`;
const REMOVE_CLOSURE = `mutation($id: Int!) { removeClosure(id: $id) { id } }`;
const CREATE_STUDENT = `mutation($first: String!, $last: String!) { createStudent(first_name: $first, last_name: $last) { id } }`;
const CANCELLATIONS = `query($from: String!, $to: String!) { cancellationReport(start_date: $from, end_date: $to) { data { kind title start_date end_date } } }`;

type Err = { message: string; extensions?: Record<string, unknown> };
const first = (errors: Err[] | undefined) => errors?.[0];

/** The School tab of /Settings (issue 13): the school's fields, student_cap, closures; admin roles only. */
describe.each(ONE_DATABASE)("school settings on %s", (kind) => {
  let srv: TestServer;
  let admin: string;
  let schoolId: number;
  let otherSchoolId: number;

  beforeAll(async () => {
    srv = await startServer(kind);
    const s = await srv.login("school_admin");
    admin = s.access_token;
    schoolId = s.user.school_id;
    const { other } = await schoolsOf(srv.services.db);
    otherSchoolId = other.id;
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const update = (vars: Record<string, unknown>, token = admin) => srv.gql(token, UPDATE, { id: schoolId, ...vars });

  it("saves every field of the school and audits the change", async () => {
    const res = await update({
      name: "Rollbook Test College",
      address: "1 Campus Way",
      contact: "Dana Dean",
      phone: "(555) 123-4567",
      email: "Office@College.test",
      support: "help@college.test",
      late: 7,
      absent: 20,
      leave: 12,
      warn: 75,
      tz: "America/Chicago",
      pattern: "RB-####-@@@@-***",
      cap: 100000,
      invite: false,
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.updateSchool).toMatchObject({
      name: "Rollbook Test College",
      address: "1 Campus Way",
      contact_person: "Dana Dean",
      phone: "5551234567",
      email: "office@college.test",
      support_email: "help@college.test",
      late_time: 7,
      absent_time: 20,
      leave_time: 12,
      warning_percentage: 75,
      timezone: "America/Chicago",
      token_pattern: "RB-####-@@@@-***",
      student_cap: 100000,
      allow_user_invite: false,
    });
    const read = await srv.gql(admin, SCHOOL);
    expect(read.body.data.school.timezone).toBe("America/Chicago");
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "school.update"), eq(auditLog.subject_id, schoolId)));
    expect(audits.length).toBeGreaterThan(0);
    // empty optional texts clear them; no cap again
    const cleared = await update({ address: "", support: "", cap: null, invite: true });
    expect(cleared.body.data.updateSchool).toMatchObject({ address: null, support_email: null, student_cap: null });
  });

  it("names the field of every bad value", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "  " }, "name"],
      [{ tz: "Europe/Paris" }, "timezone"],
      [{ late: -1 }, "late_time"],
      [{ late: 30, absent: 20 }, "absent_time"],
      [{ leave: 2000 }, "leave_time"],
      [{ warn: 101 }, "warning_percentage"],
      [{ email: "not-an-address" }, "email"],
      [{ support: "x@" }, "support_email"],
      [{ phone: "12" }, "phone"],
      [{ pattern: "AB##" }, "token_pattern"],
      [{ cap: -5 }, "student_cap"],
      [{ address: "x".repeat(201) }, "address"],
    ];
    for (const [vars, field] of cases) {
      const res = await update(vars);
      expect(first(res.body.errors)?.extensions, JSON.stringify(vars)).toMatchObject({ code: "BAD_USER_INPUT", field });
    }
  });

  it("keeps a zone set at installation that is not an option: other fields save, another such zone is refused (decision 0961)", async () => {
    const [before] = await db().select({ timezone: schools.timezone }).from(schools).where(eq(schools.id, schoolId));
    await db().update(schools).set({ timezone: "Australia/Sydney" }).where(eq(schools.id, schoolId));
    try {
      // the School tab sends every field, the zone unchanged among them
      const kept = await update({ address: "1 Harbour St", tz: "Australia/Sydney" });
      expect(kept.body.errors).toBeUndefined();
      expect(kept.body.data.updateSchool).toMatchObject({ address: "1 Harbour St", timezone: "Australia/Sydney" });
      const other = await update({ tz: "Europe/Berlin" });
      expect(first(other.body.errors)?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "timezone" });
      const listed = await update({ tz: "America/Chicago" });
      expect(listed.body.data.updateSchool.timezone).toBe("America/Chicago");
      // once it moved to an option, the old zone is an unknown one like any other
      const back = await update({ tz: "Australia/Sydney" });
      expect(first(back.body.errors)?.extensions).toMatchObject({ field: "timezone" });
    } finally {
      await db()
        .update(schools)
        .set({ timezone: before?.timezone ?? "UTC" })
        .where(eq(schools.id, schoolId));
    }
  });

  it("refuses a token_pattern that leaves fewer than 2^40 tokens, naming the field and the minimum", async () => {
    // the sweep's six digits: 8^6 = 262,144 tokens for the whole school, found by guessing
    for (const pattern of ["######", "RB-####-@@", "*******", "#############", "@@@@@@@@"]) {
      const res = await update({ pattern });
      expect(first(res.body.errors)?.extensions, pattern).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "token_pattern",
      });
      expect(first(res.body.errors)?.message).toMatch(
        /^token_pattern allows only [\d,]+ different tokens: it needs at least 2\^40 /,
      );
    }
    expect(first((await update({ pattern: "######" })).body.errors)?.message).toBe(
      "token_pattern allows only 262,144 different tokens: it needs at least 2^40 (1,099,511,627,776), " +
        "for example 8 of * (either), 9 of @ (letter) or 14 of # (digit), or random",
    );
    // exactly 2^40 and more pass, and "random" (2^50)
    for (const pattern of ["********", "##############", "@@@@@@@@@", "STU-******-####", "random"]) {
      const res = await update({ pattern });
      expect(res.body.errors, pattern).toBeUndefined();
      expect(res.body.data.updateSchool.token_pattern).toBe(pattern);
    }
  });

  it("refuses a student_cap below the active participants, and creating past the cap", async () => {
    const active = await db().$count(students, and(eq(students.school_id, schoolId)));
    const live = (await db().select().from(students).where(eq(students.school_id, schoolId))).filter(
      (s) => s.deleted_at === null,
    ).length;
    expect(active).toBeGreaterThanOrEqual(live);
    const below = await update({ cap: live - 1 });
    expect(first(below.body.errors)?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "student_cap" });
    expect(first(below.body.errors)?.message).toContain(String(live));
    const exact = await update({ cap: live });
    expect(exact.body.data.updateSchool.student_cap).toBe(live);
    const past = await srv.gql(admin, CREATE_STUDENT, { first: "One", last: "Toomany" });
    expect(first(past.body.errors)?.message).toContain("student_cap reached");
    await update({ cap: null });
    const fine = await srv.gql(admin, CREATE_STUDENT, { first: "One", last: "Fits" });
    expect(fine.body.errors).toBeUndefined();
  });

  it("another school's id is not found, also for role 1; other roles are refused", async () => {
    const other = await update({ id: otherSchoolId, name: "Taken over" });
    expect(first(other.body.errors)?.extensions?.code).toBe("NOT_FOUND");
    const master = (await srv.login("master_admin")).access_token;
    const byMaster = await srv.gql(master, UPDATE, { id: otherSchoolId, name: "Taken over" });
    expect(first(byMaster.body.errors)?.extensions?.code).toBe("NOT_FOUND");
    const advisor = (await srv.login("academic_advisor")).access_token;
    const refused = await update({ name: "Advisor's school" }, advisor);
    expect(first(refused.body.errors)?.extensions?.code).toBe("FORBIDDEN");
  });

  it("role 1 creates schools; nobody else does", async () => {
    const master = (await srv.login("master_admin")).access_token;
    const made = await srv.gql(master, CREATE_SCHOOL, { name: "North Campus", tz: "America/Denver" });
    expect(made.body.errors).toBeUndefined();
    expect(made.body.data.createSchool).toMatchObject({
      name: "North Campus",
      timezone: "America/Denver",
      token_pattern: "random",
    });
    const bad = await srv.gql(master, CREATE_SCHOOL, { name: "South", tz: "Mars/Olympus" });
    expect(first(bad.body.errors)?.extensions).toMatchObject({ field: "timezone" });
    const owner = (await srv.login("school_owner")).access_token;
    const refused = await srv.gql(owner, CREATE_SCHOOL, { name: "Owner's own" });
    expect(first(refused.body.errors)?.extensions?.code).toBe("FORBIDDEN");
  });

  it("creates, lists and removes closures; bad dates name their field", async () => {
    const made = await srv.gql(admin, CREATE_CLOSURE, {
      title: "Spring break",
      start: "2031-03-10",
      end: "2031-03-14",
    });
    expect(made.body.errors).toBeUndefined();
    const closure = made.body.data.createClosure;
    expect(closure).toMatchObject({ school_id: schoolId, title: "Spring break", start_date: "2031-03-10" });
    const read = await srv.gql(admin, SCHOOL);
    expect(read.body.data.school.closures).toContainEqual(
      expect.objectContaining({ id: closure.id, end_date: "2031-03-14" }),
    );

    for (const [vars, field] of [
      [{ title: "", start: "2031-01-01", end: "2031-01-02" }, "title"],
      [{ title: "X", start: "2031-13-01", end: "2031-01-02" }, "start_date"],
      [{ title: "X", start: "2031-01-05", end: "2031-01-02" }, "end_date"],
      [{ title: "X", start: "2031-01-01", end: "2033-01-02" }, "end_date"],
    ] as const) {
      const res = await srv.gql(admin, CREATE_CLOSURE, vars);
      expect(first(res.body.errors)?.extensions, JSON.stringify(vars)).toMatchObject({ code: "BAD_USER_INPUT", field });
    }

    // another school's closure: not found, even for role 1 who sees every school's
    const [foreign] = await db()
      .insert(schoolClosures)
      .values({ school_id: otherSchoolId, title: "Theirs", start_date: "2031-05-01", end_date: "2031-05-01" })
      .returning();
    for (const token of [admin, (await srv.login("master_admin")).access_token]) {
      const res = await srv.gql(token, REMOVE_CLOSURE, { id: foreign!.id });
      expect(first(res.body.errors)?.extensions?.code).toBe("NOT_FOUND");
    }
    const coach = (await srv.login("staff")).access_token;
    expect(first((await srv.gql(coach, REMOVE_CLOSURE, { id: closure.id })).body.errors)?.extensions?.code).toBe(
      "FORBIDDEN",
    );

    const removed = await srv.gql(admin, REMOVE_CLOSURE, { id: closure.id });
    expect(removed.body.data.removeClosure.id).toBe(closure.id);
    const after = await srv.gql(admin, SCHOOL);
    expect(after.body.data.school.closures.some((c: { id: number }) => c.id === closure.id)).toBe(false);
  });

  it("a closure shows as cancelled in every session it covers, and its removal judges the dates again", async () => {
    const { demo } = await schoolsOf(db());
    expect(demo.id).toBe(schoolId);
    const school = { id: demo.id, timezone: demo.timezone };
    // a class that ended 30 minutes ago, already finalised: its student without pings is absent
    const start = floorMinute(new Date(Date.now() - 90 * MIN));
    const done = await makeCourse(db(), school, start, 60, { created_at: new Date(start.getTime() - MIN) });
    /** a student enrolled since yesterday */
    const enrol = async (courseId: number) => {
      const st = await makeStudent(db(), school.id, { courses: [courseId] });
      await db()
        .update(studentCourse)
        .set({ created_at: new Date(start.getTime() - 24 * 60 * MIN) })
        .where(eq(studentCourse.student_id, st.id));
      return st;
    };
    const a = await enrol(done.course.id);
    await finaliseDue(srv.services);
    const rowOf = async (studentId: number, courseId: number) =>
      (
        await db()
          .select()
          .from(attendance)
          .where(and(eq(attendance.student_id, studentId), eq(attendance.attendable_id, courseId)))
      )[0];
    expect(await rowOf(a.id, done.course.id)).toMatchObject({ status: STATUS.absent, finished: true });

    const made = await srv.gql(admin, CREATE_CLOSURE, { title: "Storm", start: done.meets, end: done.meets });
    expect(made.body.errors).toBeUndefined();
    expect(await rowOf(a.id, done.course.id)).toMatchObject({ status: STATUS.cancelled });

    // a session of the closed day finalised after the closure: cancelled, not absent
    const later = await makeCourse(db(), school, start, 60, { created_at: new Date(start.getTime() - MIN) });
    const b = await enrol(later.course.id);
    await finaliseDue(srv.services);
    expect(await rowOf(b.id, later.course.id)).toMatchObject({ status: STATUS.cancelled, finished: true });

    // the Cancellation report lists the closure
    const report = await srv.gql(admin, CANCELLATIONS, { from: done.meets, to: done.meets });
    expect(report.body.data.cancellationReport.data).toContainEqual(
      expect.objectContaining({ kind: "closure", title: "Storm", start_date: done.meets }),
    );

    // taken back: the finished rows are judged again (no pings: absent)
    await srv.gql(admin, REMOVE_CLOSURE, { id: made.body.data.createClosure.id });
    expect(await rowOf(a.id, done.course.id)).toMatchObject({ status: STATUS.absent, finished: true });
    expect(await rowOf(b.id, later.course.id)).toMatchObject({ status: STATUS.absent, finished: true });
  });
});
