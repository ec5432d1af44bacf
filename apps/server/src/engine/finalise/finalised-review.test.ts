import { STATUS } from "@rollbook/domain";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../../test/harness.ts";
import { attendance, studentCourse, tasks, userCourse, users } from "../../db/schema/index.ts";
import { floorMinute, MIN, makeCourse, makeStudent, phone, schoolsOf, series } from "../test-fixtures.ts";
import { finaliseDue } from "./run.ts";

const DAY = 24 * 60 * MIN;

/**
 * A student at home who sends backdated pings for a session already finalised absent must not
 * get credit: the pings are stored, the attendance stays as it was, and the assigned staff get a
 * review task instead (issue 9, point 1).
 */
describe.each(DATABASES)("a finalised attendance on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv?.close());

  it("is not raised by backdated pings; the assigned staff get one review task", async () => {
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    const start = floorMinute(new Date(Date.now() - 90 * MIN));
    const { course, place } = await makeCourse(db, demo, start, 60, { created_at: new Date(start.getTime() - MIN) });
    const student = await makeStudent(db, demo.id, { courses: [course.id] });
    await db
      .update(studentCourse)
      .set({ created_at: new Date(start.getTime() - DAY) })
      .where(eq(studentCourse.student_id, student.id));
    const [judge] = await db.select().from(users).where(like(users.email, "judge@demo%"));
    await db.insert(userCourse).values({ user_id: judge!.id, course_id: course.id });
    await finaliseDue(srv.services);
    const rowOf = async () =>
      (
        await db
          .select()
          .from(attendance)
          .where(and(eq(attendance.student_id, student.id), eq(attendance.attendable_id, course.id)))
      )[0];
    const before = await rowOf();
    expect(before).toMatchObject({ status: STATUS.absent, finished: true });

    // the whole session, "from the room", sent now
    const res = await phone(srv.url, student.token).pings(
      series(new Date(start.getTime() - 3 * MIN), new Date(start.getTime() + 60 * MIN), place),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.accepted).toBeGreaterThan(10);
    const after = await rowOf();
    expect(after).toMatchObject({ status: STATUS.absent, finished: true, enter: null });
    const review = await db
      .select()
      .from(tasks)
      .where(
        and(eq(tasks.taskable_type, "attendance"), eq(tasks.taskable_id, before!.id), eq(tasks.user_id, judge!.id)),
      );
    // one task among the absence follow-up, whatever its wording
    const reviews = review.filter((t) => t.description.startsWith("Review:"));
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.description).toContain("absent");
    expect(reviews[0]!.description).toContain("present");

    // sent again: still one task, still absent
    await phone(srv.url, student.token).pings(
      series(new Date(start.getTime()), new Date(start.getTime() + 30 * MIN), place),
    );
    expect((await rowOf())?.status).toBe(STATUS.absent);
  });
});
