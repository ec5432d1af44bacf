import { and, asc, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, demoEmail, startServer, type TestServer } from "../../test/harness.ts";
import { courses, schools, students, teams, users } from "../db/schema/index.ts";
import { schoolsOf } from "../engine/test-fixtures.ts";
import { PushTestClient, type Received } from "../realtime/push-test-client.ts";
import { importClient, oneRosterHead, storedZip } from "./import-test-client.ts";

/** Imports tell the staff who see the courses, teams and students they wrote (decision 0200), per batch. */
describe.each(DATABASES)("import row pushes on %s", (kind) => {
  let srv: TestServer;
  let schoolId: number;
  let markers = 0;
  const open: PushTestClient[] = [];

  beforeAll(async () => {
    srv = await startServer(kind);
    schoolId = (await schoolsOf(srv.services.db)).demo.id;
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await srv?.close();
  });

  const db = () => srv.services.db;
  const { as, run } = importClient(() => srv);
  async function listen(role: string) {
    const { client } = await PushTestClient.connect(srv.url, await as(role));
    open.push(client);
    const [me] = await db()
      .select()
      .from(users)
      .where(eq(users.email, demoEmail(role)));
    return { client, user: me as typeof users.$inferSelect };
  }
  /**
   * The row messages a listener got until now: a task message for them alone, published after
   * the import's end, arrives after everything the import published.
   */
  async function heard(l: { client: PushTestClient; user: { id: number } }) {
    const id = 900_000 + ++markers;
    await srv.services.bus.publish({ type: "task.update", school_id: schoolId, ids: [id], user_id: l.user.id });
    const got: Received[] = [];
    for (;;) {
      const m = await l.client.next();
      if (m.type === "task.update" && m.ids?.[0] === id) return got;
      if (m.type.endsWith(".update") && m.type !== "import.update") got.push(m);
    }
  }

  it("a courses import names the courses it created or updated: one message per batch of 1,000 rows", async () => {
    const admin = await listen("school_admin");
    const counselor = await listen("councelor");
    const head = "crn,title,start_time,end_time,days,semester_start,semester_end,is_indefinite";
    const rows = Array.from({ length: 1200 }, (_, i) => `PU-${i},Push ${i},09:00,09:50,M,2026-08-24,2026-12-11,false`);
    expect((await run("courses", [head, ...rows].join("\n"))).row_errors).toEqual([]);
    const made = await db()
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.school_id, schoolId), like(courses.crn, "PU-%")));
    expect(made).toHaveLength(1200);
    const got = await heard(admin);
    expect(got.map((m) => [m.type, m.ids?.length])).toEqual([
      ["course.update", 1000],
      ["course.update", 200],
    ]);
    expect(got.flatMap((m) => m.ids).sort()).toEqual(made.map((c) => c.id).sort());
    // assigned-only staff see none of these courses: they hear nothing of them
    expect(await heard(counselor)).toEqual([]);

    // a re-run updates: it names the courses it matched
    const again = await run("courses", [head, "PU-1,Renamed,09:00,09:50,M,2026-08-24,2026-12-11,false"].join("\n"));
    expect(again.row_errors).toEqual([]);
    const [one] = await db()
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.school_id, schoolId), eq(courses.crn, "PU-1")));
    expect(await heard(admin)).toEqual([{ seq: expect.any(Number), type: "course.update", ids: [one?.id] }]);
  });

  it("a teams import names the teams it created or edited, once each, not those given only by name", async () => {
    const admin = await listen("school_admin");
    const csv = "name,tag,is_sport,visibility,school_identifier\nPush A,PA,false,public,\nPush B,PB,true,private,\n";
    expect((await run("teams", csv)).row_errors).toEqual([]);
    const made = await db()
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.school_id, schoolId), inArray(teams.name, ["Push A", "Push B"])))
      .orderBy(asc(teams.id));
    const ids = made.map((t) => t.id);
    expect(await heard(admin)).toEqual([{ seq: expect.any(Number), type: "team.update", ids }]);
    // an edited team is named; one given by its name only is not written, and not named
    const edit = "name,tag,is_sport,visibility,school_identifier\nPush A,PA2,,,\nPush B,,,,\n";
    expect((await run("teams", edit)).row_errors).toEqual([]);
    expect(await heard(admin)).toEqual([{ seq: expect.any(Number), type: "team.update", ids: [ids[0]] }]);
  });

  const byId = (a: number, b: number) => a - b;
  const studentIds = async (prefix: string) =>
    (
      await db()
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.school_id, schoolId), like(students.school_identifier, `${prefix}%`)))
        .orderBy(asc(students.id))
    ).map((x) => x.id);
  const studentMessage = (ids: number[]) => ({
    seq: expect.any(Number),
    type: "student.update",
    ids,
    student_ids: ids,
  });

  it("a students import names the students it created or updated, with student_ids: one message per batch of 1,000 rows", async () => {
    // the demo school's cap (1,000) would refuse most of these rows
    await db().update(schools).set({ student_cap: null }).where(eq(schools.id, schoolId));
    const admin = await listen("school_admin");
    const counselor = await listen("councelor");
    const head = "school_identifier,first_name,last_name";
    const rows = Array.from({ length: 1200 }, (_, i) => `PS-${i},Push,Student ${i}`);
    expect((await run("students", [head, ...rows].join("\n"))).row_errors).toEqual([]);
    const made = await studentIds("PS-");
    expect(made).toHaveLength(1200);
    const got = await heard(admin);
    expect(got.map((m) => [m.type, m.ids?.length])).toEqual([
      ["student.update", 1000],
      ["student.update", 200],
    ]);
    // each message names its students for the access re-check, as every student message does
    for (const m of got) expect(m.student_ids).toEqual(m.ids);
    expect(got.flatMap((m) => m.ids as number[]).sort(byId)).toEqual(made);
    // assigned-only staff see none of these students: they hear nothing of them
    expect(await heard(counselor)).toEqual([]);

    // the same file again writes nothing, and names nobody
    expect((await run("students", [head, ...rows].join("\n"))).row_errors).toEqual([]);
    expect(await heard(admin)).toEqual([]);
    // a re-run that edits one student names that student alone
    expect((await run("students", `${head}\nPS-5,Renamed,Student 5`)).row_errors).toEqual([]);
    expect(await heard(admin)).toEqual([studentMessage([made[5] as number])]);
  });

  it("enrolling students in a course or adding them to a team names the students newly linked, once", async () => {
    const admin = await listen("school_admin");
    const courseHead = "crn,title,start_time,end_time,days,semester_start,semester_end,is_indefinite";
    expect(
      (await run("courses", `${courseHead}\nPE-1,Enrol,09:00,09:50,M,2026-08-24,2026-12-11,false`)).row_errors,
    ).toEqual([]);
    expect(
      (await run("students", "school_identifier,first_name,last_name\nPE-a,En,A\nPE-b,En,B\nPE-c,En,C")).row_errors,
    ).toEqual([]);
    const [a, b, c] = (await studentIds("PE-")) as [number, number, number];
    await heard(admin); // the course's and the students' own messages

    const enrol = "school_identifier,crn\nPE-a,PE-1\nPE-b,PE-1\n";
    expect((await run("enrollments", enrol)).row_errors).toEqual([]);
    expect(await heard(admin)).toEqual([studentMessage([a, b])]);
    // enrolled already: nothing written, nothing sent
    expect((await run("enrollments", enrol)).row_errors).toEqual([]);
    expect(await heard(admin)).toEqual([]);

    const members = "name,tag,is_sport,visibility,school_identifier\nPush M,,,,PE-b\nPush M,,,,PE-c\n";
    expect((await run("teams", members)).row_errors).toEqual([]);
    const [team] = await db()
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.school_id, schoolId), eq(teams.name, "Push M")));
    expect(await heard(admin)).toEqual([
      { seq: expect.any(Number), type: "team.update", ids: [team?.id] },
      studentMessage([b, c]),
    ]);
    // members already, and the team given by its name only: nothing sent
    expect((await run("teams", members)).row_errors).toEqual([]);
    expect(await heard(admin)).toEqual([]);
  });

  it("a OneRoster teacher enrollment reaches the teacher it assigns, as attachUsers does", async () => {
    const admin = await listen("school_admin");
    const judge = await listen("judge");
    const u = judge.user;
    const zip = storedZip({
      "users.csv": `${oneRosterHead("users.csv")}\nu-j,active,,true,org-1,teacher,j,,${u.first_name},${u.last_name},,,${u.email},,,,,\n`,
      "classes.csv": `${oneRosterHead("classes.csv")}\nc-p,active,,Push class,10,crs,OR-PUSH-1,scheduled,,org-1,,,,\n`,
      "enrollments.csv": `${oneRosterHead("enrollments.csv")}\ne-p,active,,c-p,org-1,u-j,teacher,true,,\n`,
    });
    expect((await run("oneroster", zip, "school_admin", "application/zip")).row_errors).toEqual([]);
    const [course] = await db()
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.school_id, schoolId), eq(courses.crn, "OR-PUSH-1")));
    const message = { seq: expect.any(Number), type: "course.update", ids: [course?.id] };
    // the class's creation (one batch), then the judge's assignment to it (a later batch)
    expect(await heard(admin)).toEqual([message, message]);
    // access is checked at delivery: the creation's message reaches the judge too when the
    // assignment was stored by then, so one or both; the assignment's always does
    const judged = await heard(judge);
    expect(judged.length).toBeGreaterThanOrEqual(1);
    for (const m of judged) expect(m).toEqual(message);
  });
});
