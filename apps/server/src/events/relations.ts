import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { byName } from "../db/collation.ts";
import { studentEvent, students } from "../db/schema/index.ts";

type StudentRow = typeof students.$inferSelect;

export interface EventCounts {
  /** seats taken (the capacity rule's count) */
  attending: number;
  /** live students waiting */
  waiting: number;
}

export interface WaitlistEntry {
  student: StudentRow;
  /** 1-based place among every live waitlisted student of the event */
  position: number;
  created_at: Date;
}

function group<T>(keys: readonly number[], rows: T[], key: (r: T) => number): T[][] {
  const m = new Map<number, T[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return keys.map((k) => m.get(k) ?? []);
}

/**
 * attending_count and waitlist_count of the events of a response, in one statement. The rows
 * counted are of events the viewer already sees; counts name no student.
 */
export function eventCounts(data: Scoped, eventId: number): Promise<EventCounts> {
  return data
    .loader<number, EventCounts>("event:counts", async (keys) => {
      const rows = await systemOf(data)
        .db.select({
          event_id: studentEvent.event_id,
          attending: sql<number>`(count(*) filter (where not ${studentEvent.in_waitlist}))::int`,
          waiting: sql<number>`(count(*) filter (where ${studentEvent.in_waitlist} and ${students.deleted_at} is null))::int`,
        })
        .from(studentEvent)
        .innerJoin(students, eq(students.id, studentEvent.student_id))
        .where(inArray(studentEvent.event_id, [...keys]))
        .groupBy(studentEvent.event_id);
      const byId = new Map(rows.map((r) => [r.event_id, r]));
      return keys.map((k) => {
        const r = byId.get(k);
        return { attending: Number(r?.attending ?? 0), waiting: Number(r?.waiting ?? 0) };
      });
    })
    .load(eventId);
}

/**
 * The waitlists of a response's events in one statement: live students in the order they joined
 * (created_at of student_event), each with their place in the whole list, showing only the
 * students the viewer may see.
 */
export function eventWaitlist(data: Scoped, eventId: number): Promise<WaitlistEntry[]> {
  return data
    .loader<number, WaitlistEntry[]>("event:waitlist", async (keys) => {
      const { db } = systemOf(data);
      const ranked = db
        .select({
          event_id: studentEvent.event_id,
          student_id: sql<number>`${studentEvent.student_id}`.as("ranked_student_id"),
          joined: sql<Date>`${studentEvent.created_at}`.as("joined"),
          position: sql<number>`(row_number() over (partition by ${studentEvent.event_id}
            order by ${studentEvent.created_at}, ${studentEvent.student_id}))::int`.as("position"),
        })
        .from(studentEvent)
        .innerJoin(students, eq(students.id, studentEvent.student_id))
        .where(
          and(
            inArray(studentEvent.event_id, [...keys]),
            eq(studentEvent.in_waitlist, true),
            isNull(students.deleted_at),
          ),
        )
        .as("ranked");
      const rows = await db
        .select({ event_id: ranked.event_id, position: ranked.position, joined: ranked.joined, student: students })
        .from(ranked)
        .innerJoin(students, eq(students.id, ranked.student_id))
        .where(data.visible("students"))
        .orderBy(asc(ranked.event_id), asc(ranked.position));
      return group(keys, rows, (r) => r.event_id).map((list) =>
        list.map((r) => ({ student: r.student, position: Number(r.position), created_at: new Date(r.joined) })),
      );
    })
    .load(eventId);
}

/** The students with a seat at each event of a response (live, visible), by name, in one statement. */
export function eventStudents(data: Scoped, eventId: number): Promise<StudentRow[]> {
  return data
    .loader<number, StudentRow[]>("event:students", async (keys) => {
      const rows = await systemOf(data)
        .db.select({ event_id: studentEvent.event_id, student: students })
        .from(studentEvent)
        .innerJoin(students, eq(students.id, studentEvent.student_id))
        .where(
          and(
            inArray(studentEvent.event_id, [...keys]),
            eq(studentEvent.in_waitlist, false),
            isNull(students.deleted_at),
            data.visible("students"),
          ),
        )
        .orderBy(asc(byName(students.last_name)), asc(byName(students.first_name)), asc(students.id));
      return group(keys, rows, (r) => r.event_id).map((list) => list.map((r) => r.student));
    })
    .load(eventId);
}
