import { seatsToFill } from "@rollbook/domain";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { type events, studentEvent, students } from "../db/schema/index.ts";
import { audit } from "../students/bulk.ts";

type EventRow = typeof events.$inferSelect;

/**
 * Moves the event's waitlist up into free seats, first come first served (created_at), live
 * students only. Inside the caller's transaction, with the event row locked. Answers who moved.
 * (The events module's upgradeStudent does the same for one student; decision 0700.)
 */
export async function promoteWaitlist(tx: Scoped, event: EventRow): Promise<number[]> {
  const { db } = systemOf(tx);
  const seated = await db.$count(
    studentEvent,
    and(eq(studentEvent.event_id, event.id), eq(studentEvent.in_waitlist, false)),
  );
  const waiting = await db
    .select({ id: studentEvent.student_id })
    .from(studentEvent)
    .innerJoin(students, eq(students.id, studentEvent.student_id))
    .where(and(eq(studentEvent.event_id, event.id), eq(studentEvent.in_waitlist, true), isNull(students.deleted_at)))
    .orderBy(asc(studentEvent.created_at), asc(studentEvent.student_id));
  const n = seatsToFill(event.capacity, seated, waiting.length);
  const up = waiting.slice(0, n).map((w) => w.id);
  if (up.length === 0) return [];
  await db
    .update(studentEvent)
    .set({ in_waitlist: false })
    .where(and(eq(studentEvent.event_id, event.id), inArray(studentEvent.student_id, up)));
  await audit(
    tx,
    "student.upgrade_event",
    up.map((id) => ({ id, data: { event_id: event.id } })),
  );
  return up;
}
