import { STATUS } from "@rollbook/domain";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, schoolClosures, tasks, users } from "../db/schema/index.ts";
import { isPush, type PushBus, type PushMessage } from "../realtime/messages.ts";
import { floorMinute, MIN, makeCourse, makeStudent, schoolsOf } from "./test-fixtures.ts";

const CANCEL = `mutation($c: Int!, $d: String!) { createCancellation(course_id: $c, date: $d) { id } }`;
const CLOSE = `mutation($t: String!, $s: String!, $e: String!) {
  createClosure(title: $t, start_date: $s, end_date: $e) { id } }`;

/**
 * A session called off after the fact (a cancellation of the date, a school closure) leaves
 * nothing to review or follow up: the open tasks of the rows it cancels close, and their owners
 * hear it. A row an override locked keeps its status, and its tasks stay.
 */
describe.each(DATABASES)("tasks of a session called off on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let token: string;
  let adminId: number;
  const messages: PushMessage[] = [];

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school } = await schoolsOf(srv.services.db));
    (srv.services.bus as PushBus).subscribe((m) => isPush(m) && messages.push(m));
    await srv.services.db.delete(schoolClosures);
    const login = await srv.login("school_admin");
    token = login.access_token;
    adminId = login.user.id;
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const ok = async (query: string, vars: Record<string, unknown>) => {
    const r = await srv.gql(token, query, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };

  /** A class that ended half an hour ago, a student absent from it with a review and a follow-up open, and one locked present. */
  async function calledOffClass() {
    const start = floorMinute(new Date(Date.now() - 90 * MIN));
    const c = await makeCourse(db(), school, start, 60, { created_at: new Date(start.getTime() - MIN) });
    const absentee = await makeStudent(db(), school.id, { courses: [c.course.id] });
    const overridden = await makeStudent(db(), school.id, { courses: [c.course.id] });
    const rows = await db()
      .insert(attendance)
      .values(
        [
          [absentee.id, STATUS.absent, false],
          [overridden.id, STATUS.present, true],
        ].map(([student_id, status, lock]) => ({
          attendable_id: c.course.id,
          attendable_type: "course" as const,
          school_id: school.id,
          student_id: student_id as number,
          location_id: c.place.id,
          status: status as number,
          lock: lock as boolean,
          finished: true,
          meets: c.meets,
        })),
      )
      .returning();
    const [absentRow, lockedRow] = rows as [(typeof rows)[number], (typeof rows)[number]];
    const [other] = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.school_id, school.id), isNull(users.deleted_at)))
      .limit(2)
      .then((us) => us.filter((u) => u.id !== adminId));
    const opened = await db()
      .insert(tasks)
      .values([
        {
          school_id: school.id,
          user_id: adminId,
          description: "Review: presence believed 40%",
          taskable_type: "attendance",
          taskable_id: absentRow.id,
        },
        {
          school_id: school.id,
          user_id: other?.id ?? adminId,
          description: "Follow up: absent",
          taskable_type: "attendance",
          taskable_id: absentRow.id,
        },
        {
          school_id: school.id,
          user_id: adminId,
          description: "Follow up: kept",
          taskable_type: "attendance",
          taskable_id: lockedRow.id,
        },
      ])
      .returning();
    return { c, absentRow, lockedRow, opened };
  }

  const openTasksOf = async (attendanceId: number) =>
    db()
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.taskable_type, "attendance"), eq(tasks.taskable_id, attendanceId), isNull(tasks.deleted_at)));

  it.each(["cancellation", "closure"] as const)(
    "a %s closes the open tasks of the rows it cancels, and tells their owners",
    async (how) => {
      const { c, absentRow, lockedRow, opened } = await calledOffClass();
      messages.length = 0;
      if (how === "cancellation") await ok(CANCEL, { c: c.course.id, d: c.meets });
      else await ok(CLOSE, { t: "Snow day", s: c.meets, e: c.meets });
      const [row] = await db()
        .select({ status: attendance.status })
        .from(attendance)
        .where(eq(attendance.id, absentRow.id));
      expect(row?.status).toBe(STATUS.cancelled);
      expect(await openTasksOf(absentRow.id)).toEqual([]);
      // the overridden row stays present, and its task open
      expect(await openTasksOf(lockedRow.id)).toHaveLength(1);
      const closed = opened.filter((t) => t.taskable_id === absentRow.id);
      await expect
        .poll(() =>
          closed.every((t) =>
            messages.some((m) => m.type === "task.update" && m.ids?.includes(t.id) && m.user_id === t.user_id),
          ),
        )
        .toBe(true);
    },
  );
});
