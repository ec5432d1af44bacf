/**
 * Test-only: the hand-made school of the attendable reports' tests (issue 12). One course of
 * four sessions, four students, a team, two events, with a known count of every status, plus
 * another school's rows that must never show. The judge (Professor) is assigned the course and
 * one event only: it sees the course's enrolled students, not `d`, who left the course.
 */
import { addDays, localDate, STATUS } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  attendance,
  cancellations,
  events,
  studentEvent,
  studentTeam,
  teams,
  userCourse,
  userEvent,
  users,
} from "../db/schema/index.ts";
import { demoEmail } from "../db/seed/demo.ts";
import { makeCourse, makeEvent, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";

/** Event dates far in the past, where the demo school has none: the Event report's exact totals. */
export const EVENT_DAY = "2001-03-05";

export async function reportSchool(db: Db) {
  const { demo: school, other } = await schoolsOf(db);
  const today = localDate(new Date(), school.timezone);
  const d = (n: number) => addDays(today, -n);
  const soon = new Date(Date.now() + 600 * 60_000);
  const { course } = await makeCourse(db, school, soon, 60, { title: "Report Class", semester_start: d(4) });
  const { course: foreign } = await makeCourse(db, other, soon, 60, { title: "Foreign Class" });
  const a = await makeStudent(db, school.id, { courses: [course.id] });
  const b = await makeStudent(db, school.id, { courses: [course.id] });
  const c = await makeStudent(db, school.id, { courses: [course.id] });
  // d came once, then left the course: still a row of the range, unseen by the judge
  const dd = await makeStudent(db, school.id);
  const f = await makeStudent(db, other.id, { courses: [foreign.id] });
  const row = (student_id: number, n: number, status: number, extra: Partial<typeof attendance.$inferInsert> = {}) => ({
    attendable_type: "course" as const,
    attendable_id: course.id,
    school_id: school.id,
    student_id,
    status,
    finished: true,
    meets: d(n),
    ...extra,
  });
  await db.insert(cancellations).values({ course_id: course.id, date: d(1) });
  await db.insert(attendance).values([
    row(a.id, 4, STATUS.left_early),
    row(b.id, 4, STATUS.present),
    row(c.id, 4, STATUS.late),
    row(a.id, 3, STATUS.present, { enter: new Date(Date.now() - 3 * 86_400_000) }),
    row(b.id, 3, STATUS.late),
    row(c.id, 3, STATUS.absent),
    row(dd.id, 3, STATUS.present),
    row(a.id, 2, STATUS.excused),
    row(b.id, 2, STATUS.travel),
    row(c.id, 2, STATUS.absent),
    row(a.id, 1, STATUS.cancelled),
    row(b.id, 1, STATUS.cancelled),
    row(c.id, 1, STATUS.cancelled),
    // today's session still open: counted as it stands, not in APA
    row(a.id, 0, STATUS.present, { finished: false }),
    // another school's rows on the same dates
    row(f.id, 3, STATUS.present, { attendable_id: foreign.id, school_id: other.id }),
    row(f.id, 2, STATUS.absent, { attendable_id: foreign.id, school_id: other.id }),
  ]);

  const [team] = await db.insert(teams).values({ school_id: school.id, name: "Report Team" }).returning();
  const [foreignTeam] = await db.insert(teams).values({ school_id: other.id, name: "Foreign Team" }).returning();
  await db.insert(studentTeam).values([a, b, c].map((s) => ({ student_id: s.id, team_id: team!.id })));
  await db.insert(studentTeam).values({ student_id: f.id, team_id: foreignTeam!.id });

  const at = new Date(`${EVENT_DAY}T15:00:00Z`);
  const { event: e1 } = await makeEvent(db, school, at, 60);
  const { event: e2 } = await makeEvent(db, school, at, 60);
  const { event: fe } = await makeEvent(db, other, at, 60);
  for (const [e, date] of [
    [e1, EVENT_DAY],
    [e2, addDays(EVENT_DAY, 1)],
    [fe, EVENT_DAY],
  ] as const)
    await db
      .update(events)
      .set({ date, title: `Report ${e.id}` })
      .where(eq(events.id, e.id));
  await db.insert(studentEvent).values([
    { student_id: a.id, event_id: e1.id },
    { student_id: b.id, event_id: e1.id },
    { student_id: c.id, event_id: e1.id, in_waitlist: true },
    { student_id: a.id, event_id: e2.id },
    { student_id: f.id, event_id: fe.id },
  ]);
  const ev = (student_id: number, event_id: number, status: number, school_id = school.id) => ({
    attendable_type: "event" as const,
    attendable_id: event_id,
    school_id,
    student_id,
    status,
    finished: true,
    meets: event_id === e2.id ? addDays(EVENT_DAY, 1) : EVENT_DAY,
  });
  await db
    .insert(attendance)
    .values([
      ev(a.id, e1.id, STATUS.present),
      ev(b.id, e1.id, STATUS.absent),
      ev(a.id, e2.id, STATUS.late),
      ev(f.id, fe.id, STATUS.present, other.id),
    ]);

  const [judge] = await db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail("judge")));
  await db.insert(userCourse).values({ user_id: judge!.id, course_id: course.id });
  await db.insert(userEvent).values({ user_id: judge!.id, event_id: e1.id });
  return {
    school,
    other,
    today,
    d,
    course,
    foreign,
    a,
    b,
    c,
    dd,
    f,
    team: team!,
    foreignTeam: foreignTeam!,
    e1,
    e2,
    fe,
  };
}

export type ReportSchool = Awaited<ReturnType<typeof reportSchool>>;
