import { addDays, localDate, STATUS, zonedToUtc } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { scopedAs } from "../../test/scope.ts";
import { attendance, cancellations, schoolClosures, students } from "../db/schema/index.ts";
import { makeCourse, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { missingStudentsCondition } from "./missing.ts";
import { addTile, tilesOf } from "./tiles.ts";

/**
 * The dashboard at a pinned clock: a course of 23:30-00:30 begun yesterday evening still counts
 * after midnight (its own date, yesterday's), until it ends; its cancellation calls off both parts.
 */
describe.each(ONE_DATABASE)("dashboard around midnight on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let today: string;
  let yesterday: string;
  /** `minutes` after today's midnight in the school's zone */
  const at = (minutes: number) => zonedToUtc(today, minutes, school.timezone);

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school } = await schoolsOf(srv.services.db));
    // the demo's closures would call off the sessions these tests judge
    await srv.services.db.delete(schoolClosures);
    today = localDate(new Date(), school.timezone);
    yesterday = addDays(today, -1);
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const overnightCourse = async () =>
    (await makeCourse(db(), school, new Date(), 60, { start_time: "23:30", end_time: "00:30" })).course;
  const present = (courseId: number, studentId: number, meets: string) =>
    db()
      .insert(attendance)
      .values({
        attendable_type: "course",
        attendable_id: courseId,
        school_id: school.id,
        student_id: studentId,
        status: STATUS.present,
        enter: zonedToUtc(meets, 23 * 60 + 31, school.timezone),
        meets,
      });

  describe("missing students", () => {
    const isMissing = async (studentId: number, now: Date) => {
      const scope = await scopedAs(srv, "school_admin");
      const rows = await db()
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.id, studentId), await missingStudentsCondition(scope, now)));
      return rows.length === 1;
    };

    it("lists a student of a session begun yesterday that runs past midnight, until it ends", async () => {
      const course = await overnightCourse();
      const student = await makeStudent(db(), school.id, { courses: [course.id] });
      expect(await isMissing(student.id, at(10))).toBe(true);
      expect(await isMissing(student.id, at(40))).toBe(false);
      expect(await isMissing(student.id, at(23 * 60))).toBe(false);
      expect(await isMissing(student.id, at(23 * 60 + 40))).toBe(true);
    });

    it("judges the session after midnight by yesterday's attendance, tonight's by today's", async () => {
      const course = await overnightCourse();
      const came = await makeStudent(db(), school.id, { courses: [course.id] });
      await present(course.id, came.id, yesterday);
      expect(await isMissing(came.id, at(10))).toBe(false);
      expect(await isMissing(came.id, at(23 * 60 + 40))).toBe(true);
      await present(course.id, came.id, today);
      expect(await isMissing(came.id, at(23 * 60 + 40))).toBe(false);
    });

    it("a cancellation of yesterday's session calls off its part after midnight, not tonight's", async () => {
      const course = await overnightCourse();
      const student = await makeStudent(db(), school.id, { courses: [course.id] });
      await db().insert(cancellations).values({ course_id: course.id, date: yesterday });
      expect(await isMissing(student.id, at(10))).toBe(false);
      expect(await isMissing(student.id, at(23 * 60 + 40))).toBe(true);
    });
  });

  describe("tiles' attendance now", () => {
    const nowOf = async (courseId: number, now: Date) => {
      const scope = await scopedAs(srv, "school_admin");
      const tile = (await tilesOf(scope, now)).find((t) => t.tileable_type === "course" && t.tileable_id === courseId);
      expect(tile?.tileable).toBeTruthy();
      return tile?.tileable?.attendance_now ?? null;
    };

    it("shows a session begun yesterday that runs past midnight, with its own date, until it ends", async () => {
      const course = await overnightCourse();
      const [a, b] = [
        await makeStudent(db(), school.id, { courses: [course.id] }),
        await makeStudent(db(), school.id, { courses: [course.id] }),
      ];
      await present(course.id, a.id, yesterday);
      await present(course.id, b.id, today);
      await addTile(await scopedAs(srv, "school_admin"), "course", course.id);
      expect(await nowOf(course.id, at(10))).toEqual({ meets: yesterday, present: 1, expected: 2 });
      expect(await nowOf(course.id, at(40))).toBeNull();
      expect(await nowOf(course.id, at(23 * 60 + 40))).toEqual({ meets: today, present: 1, expected: 2 });
      await db().insert(cancellations).values({ course_id: course.id, date: yesterday });
      expect(await nowOf(course.id, at(10))).toBeNull();
      expect(await nowOf(course.id, at(23 * 60 + 40))).toEqual({ meets: today, present: 1, expected: 2 });
    });
  });
});
