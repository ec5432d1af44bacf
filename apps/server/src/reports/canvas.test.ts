import { ATTENDED_STATUSES, addDays, localDate, MISSED_STATUSES, STATUS } from "@rollbook/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, studentCourse, students } from "../db/schema/index.ts";
import { makeCourse, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { assignCourse, caller, withoutFlag } from "./report-fixtures.ts";

const REPORT = `query($s: String!, $e: String!, $classes: [Int!], $sort: String, $dir: String, $per: Int, $page: Int) {
  canvasReport(start_date: $s, end_date: $e, classes: $classes, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    total data { student_id last_name school_identifier course_id course_title crn attended missed percentage } } }`;

/** The Canvas report (issue 12): attendance percentage per student and course, with SIS ids. */
describe.each(ONE_DATABASE)("canvasReport on %s", (kind) => {
  let srv: TestServer;
  const call = caller(() => srv, REPORT, "canvasReport");
  const ids: Record<string, number> = {};
  const d = (n: number) => addDays(localDate(new Date(), "UTC"), -n);

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo, other } = await schoolsOf(db);
    const later = new Date(Date.now() + 600 * 60_000);
    const { course: a } = await makeCourse(db, demo, later, 60, { title: "Canvas A", crn: "CRN-A" });
    const { course: b } = await makeCourse(db, demo, later, 60, { title: "Canvas B", crn: "CRN-B" });
    const { course: c } = await makeCourse(db, demo, later, 60, { title: "Canvas C", crn: null });
    const { course: f } = await makeCourse(db, other, later, 60, { title: "Canvas F", crn: "CRN-F" });
    const mk = async (last: string, courses: number[], school = demo.id, first?: string) => {
      const st = await makeStudent(db, school, { courses });
      await db
        .update(students)
        .set({
          last_name: last,
          school_identifier: `SIS-${last}${first ?? ""}`,
          ...(first ? { first_name: first } : {}),
        })
        .where(eq(students.id, st.id));
      return st.id;
    };
    const s1 = await mk("Avery", [a.id, b.id]);
    const s2 = await mk("Baker", [a.id]);
    const s3 = await mk("Cole", [c.id]);
    const fx = await mk("Foreign", [f.id], other.id);
    const row = (
      student_id: number,
      course: number,
      n: number,
      status: number,
      finished = true,
      school_id = demo.id,
    ) => ({
      attendable_type: "course" as const,
      attendable_id: course,
      school_id,
      student_id,
      status,
      finished,
      meets: d(n),
    });
    await db.insert(attendance).values([
      // s1 in A: 3 attended, 1 missed, excused and unfinished ones not counted -> 75
      row(s1, a.id, 10, STATUS.present),
      row(s1, a.id, 9, STATUS.late),
      row(s1, a.id, 8, STATUS.absent),
      row(s1, a.id, 7, STATUS.excused),
      row(s1, a.id, 6, STATUS.left_early),
      row(s1, a.id, 2, STATUS.present, false),
      row(s1, a.id, 1, STATUS.pending, false),
      // s1 in B: 1 of 3 -> 33.3
      row(s1, b.id, 10, STATUS.absent),
      row(s1, b.id, 9, STATUS.absent),
      row(s1, b.id, 8, STATUS.present),
      // s2 in A: nothing counts -> null; one present before the range
      row(s2, a.id, 10, STATUS.cancelled),
      row(s2, a.id, 9, STATUS.travel),
      row(s2, a.id, 40, STATUS.present),
      row(s3, c.id, 10, STATUS.present),
      row(fx, f.id, 10, STATUS.absent, true, other.id),
    ]);
    // more pairs for paging: two courses, names that tie and differ in case, equal percentages,
    // an enrolment with nothing in the range, a removed student and a removed enrolment
    const { course: g } = await makeCourse(db, demo, later, 60, { title: "canvas g", crn: "CRN-G" });
    const { course: h } = await makeCourse(db, demo, later, 60, { title: "Canvas H", crn: "CRN-H" });
    const more: number[] = [];
    const firsts = ["Bo", "al", "Al", "Ed", "Fi", "Gus", "Hal"];
    for (const [i, last] of ["Dunn", "dunn", "Dunn", "Ek", "Fox", "Gray", "Hale"].entries()) {
      const id = await mk(last, i % 3 === 0 ? [g.id] : [g.id, h.id], demo.id, firsts[i]);
      more.push(id);
      const statuses = [STATUS.present, STATUS.absent, STATUS.late, STATUS.absent, STATUS.present].slice(
        0,
        1 + (i % 5),
      );
      if (i === 6) continue; // Hale: enrolled, nothing in the range
      await db
        .insert(attendance)
        .values([
          ...statuses.map((st, n) => row(id, g.id, 10 - n, st)),
          ...(i % 3 === 0 ? [] : [row(id, h.id, 10, i % 2 ? STATUS.absent : STATUS.present)]),
        ]);
    }
    const gone = await mk("Gone", [g.id]);
    await db.insert(attendance).values(row(gone, g.id, 10, STATUS.present));
    await db.update(students).set({ deleted_at: new Date() }).where(eq(students.id, gone));
    await db.delete(studentCourse).where(eq(studentCourse.student_id, more[5]!));
    await db.insert(studentCourse).values({ student_id: more[5]!, course_id: h.id });
    Object.assign(ids, { a: a.id, b: b.id, c: c.id, f: f.id, g: g.id, h: h.id, s1, s2, s3, fx, demo: demo.id });
    const judge = (await srv.login("judge")).user as { id: number };
    await assignCourse(db, judge.id, a.id);
  });
  afterAll(() => srv?.close());

  const range = { s: d(20), e: d(1) };
  const cells = (r: { data: { student_id: number; course_id: number; percentage: number | null }[] }) =>
    r.data.map((x) => [x.student_id, x.course_id, x.percentage]);

  it("answers each student's percentage per course, with the SIS ids", async () => {
    const r = await call.ok("school_admin", { ...range, classes: [ids.a, ids.b, ids.c] });
    expect(r.total).toBe(4);
    expect(r.data[0]).toEqual({
      student_id: ids.s1,
      last_name: "Avery",
      school_identifier: "SIS-Avery",
      course_id: ids.a,
      course_title: "Canvas A",
      crn: "CRN-A",
      attended: 3,
      missed: 1,
      percentage: 75,
    });
    expect(cells(r)).toEqual([
      [ids.s1, ids.a, 75],
      [ids.s1, ids.b, 33.3],
      [ids.s2, ids.a, null],
      [ids.s3, ids.c, 100],
    ]);
    const byPct = await call.ok("school_admin", {
      ...range,
      classes: [ids.a, ids.b, ids.c],
      sort: "percentage",
      dir: "desc",
    });
    expect(cells(byPct).map(([, , p]) => p)).toEqual([100, 75, 33.3, null]);
    const byCourse = await call.ok("school_admin", {
      ...range,
      classes: [ids.a, ids.b, ids.c],
      sort: "course",
      per: 1,
      page: 3,
    });
    expect(cells(byCourse)).toEqual([[ids.s1, ids.b, 33.3]]);
    // the range counts: with the day 40 days ago, s2 has one attended session
    const wide = await call.ok("school_admin", { s: d(45), e: d(1), classes: [ids.a] });
    expect(cells(wide)).toEqual([
      [ids.s1, ids.a, 75],
      [ids.s2, ids.a, 100],
    ]);
  });

  it("pages as the full grouped result, for every order", async () => {
    const classes = [ids.a, ids.b, ids.c, ids.g, ids.h] as number[];
    const inList = (xs: readonly number[]) => sql.raw(xs.join(", "));
    // the whole result in one grouped statement, sorted as the report sorts (no paging)
    const full = async (by: string, dir: "asc" | "desc") => {
      const d = sql.raw(dir);
      const name = sql`lower(s.last_name || ' ' || s.first_name), s.id`;
      const course = sql`lower(c.title), c.id`;
      const order =
        by === "course"
          ? sql`lower(c.title) ${d}, c.id ${d}, ${name}`
          : by === "percentage"
            ? sql`(x.attended::float / nullif(x.attended + x.missed, 0)) ${d} nulls last, ${name}, ${course}`
            : sql`lower(s.last_name || ' ' || s.first_name) ${d}, s.id ${d}, ${course}`;
      const res = await srv.services.db.execute(sql`
        select x.student_id, x.course_id, x.attended, x.missed from (
          select sc.student_id, sc.course_id, coalesce(a.attended, 0) as attended, coalesce(a.missed, 0) as missed
          from student_course sc left join (
            select student_id, attendable_id,
              count(*) filter (where status in (${inList(ATTENDED_STATUSES)}))::int as attended,
              count(*) filter (where status in (${inList(MISSED_STATUSES)}))::int as missed
            from attendance where school_id = ${ids.demo} and attendable_type = 'course' and finished
              and meets between ${range.s} and ${range.e}
            group by student_id, attendable_id) a on a.student_id = sc.student_id and a.attendable_id = sc.course_id
          where sc.course_id in (${inList(classes)})) x
        join students s on s.id = x.student_id and s.deleted_at is null join courses c on c.id = x.course_id
        order by ${order}`);
      return (res as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => [
        Number(r.student_id),
        Number(r.course_id),
        Number(r.attended),
        Number(r.missed),
      ]);
    };
    const got = (r: { data: { student_id: number; course_id: number; attended: number; missed: number }[] }) =>
      r.data.map((x) => [x.student_id, x.course_id, x.attended, x.missed]);
    let checked = 0;
    for (const sort of ["student", "course", "percentage"])
      for (const dir of ["asc", "desc"] as const) {
        const all = await full(sort, dir);
        expect(all).toHaveLength(14);
        for (const per of [3, 5]) {
          for (let page = 1; (page - 1) * per < all.length + per; page++) {
            const r = await call.ok("school_admin", { ...range, classes, sort, dir, per, page });
            expect(r.total).toBe(all.length);
            expect(got(r), `${sort} ${dir} per ${per} page ${page}`).toEqual(all.slice((page - 1) * per, page * per));
            checked++;
          }
        }
      }
    expect(checked).toBe(60);
    // not the removed student nor the removed enrolment (Gray in g); Hale: nothing counted, empty percentage
    const r = await call.ok("school_admin", { ...range, classes: [ids.g, ids.h], per: 250 });
    const lasts = r.data.map((x: { last_name: string }) => x.last_name);
    expect(lasts).not.toContain("Gone");
    expect(r.data.filter((x: { last_name: string; course_id: number }) => x.last_name === "Gray")).toEqual([
      expect.objectContaining({ course_id: ids.h, percentage: 0 }),
    ]);
    expect(r.data.filter((x: { percentage: number | null }) => x.percentage === null)).toEqual([
      expect.objectContaining({ last_name: "Hale", course_id: ids.g, attended: 0, missed: 0 }),
    ]);
  });

  it("never shows another school's rows", async () => {
    const r = await call.ok("school_admin", { ...range, classes: [ids.a, ids.f] });
    expect(r.total).toBe(2);
    const all = await call.ok("school_admin", { ...range, per: 250 });
    expect(all.data.map((x: { student_id: number }) => x.student_id)).not.toContain(ids.fx);
  });

  it("shows an assigned-only role only its courses and students", async () => {
    const r = await call.ok("judge", { ...range, classes: [ids.a, ids.b, ids.c] });
    expect(cells(r)).toEqual([
      [ids.s1, ids.a, 75],
      [ids.s2, ids.a, null],
    ]);
  });

  it("names the field at fault", async () => {
    expect(await call.fails("school_admin", { s: "", e: d(1) })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "start_date",
    });
    expect((await call.fails("school_admin", { s: d(1), e: d(3) })).field).toBe("end_date");
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await call.fails("school_admin", { ...range, classes: many })).field).toBe("classes");
    expect((await call.fails("school_admin", { ...range, sort: "grade" })).field).toBe("sort_by");
  });

  it("answers FORBIDDEN to a role without access_reports", async () => {
    await withoutFlag(srv.services.db, "councelor", "access_reports", async () => {
      expect((await call.fails("councelor", range)).code).toBe("FORBIDDEN");
    });
  });
});
