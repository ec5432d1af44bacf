import { seatsToFill } from "@rollbook/domain";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLog, events, studentEvent, students } from "../db/schema/index.ts";
import type { EventRow } from "./lookup.ts";

/**
 * A guest's own seat changes, with no staff viewer: the same rules as addStudentsToEvent and the
 * generic detach (the event row locked, seats then waitlist, a freed seat to the first waiting),
 * audited without a user.
 */
async function locked(tx: Db, eventId: number): Promise<EventRow> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!event) throw new Error(`event ${eventId} vanished`);
  return event;
}

const seated = (tx: Db, eventId: number) =>
  tx.$count(studentEvent, and(eq(studentEvent.event_id, eventId), eq(studentEvent.in_waitlist, false)));

const auditRows = (event: EventRow, action: string, ids: number[]) =>
  ids.map((id) => ({
    school_id: event.school_id,
    action,
    subject_type: "student",
    subject_id: id,
    data: { event_id: event.id, by: "signup" },
  }));

/** Joins the event: a seat while there is one, else the end of the waitlist. Answers whether it changed. */
export async function join(db: Db, eventId: number, studentId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const event = await locked(tx as unknown as Db, eventId);
    const taken = await seated(tx as unknown as Db, event.id);
    const in_waitlist = event.capacity !== null && taken >= event.capacity;
    const added = await tx
      .insert(studentEvent)
      .values({ student_id: studentId, event_id: event.id, in_waitlist })
      .onConflictDoNothing()
      .returning();
    if (added.length) await tx.insert(auditLog).values(auditRows(event, "signup.confirm", [studentId]));
    return added.length > 0;
  });
}

/** Leaves the event; a seat freed goes to the first waiting. Answers every student whose place changed. */
export async function leave(db: Db, eventId: number, studentId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const event = await locked(t, eventId);
    const [gone] = await tx
      .delete(studentEvent)
      .where(and(eq(studentEvent.event_id, event.id), eq(studentEvent.student_id, studentId)))
      .returning();
    if (!gone) return [];
    await tx.insert(auditLog).values(auditRows(event, "signup.drop", [studentId]));
    if (gone.in_waitlist) return [studentId];
    const waiting = await tx
      .select({ id: studentEvent.student_id })
      .from(studentEvent)
      .innerJoin(students, eq(students.id, studentEvent.student_id))
      .where(and(eq(studentEvent.event_id, event.id), eq(studentEvent.in_waitlist, true), isNull(students.deleted_at)))
      .orderBy(asc(studentEvent.created_at), asc(studentEvent.student_id));
    const up = waiting
      .slice(0, seatsToFill(event.capacity, await seated(t, event.id), waiting.length))
      .map((w) => w.id);
    if (up.length) {
      await tx
        .update(studentEvent)
        .set({ in_waitlist: false })
        .where(and(eq(studentEvent.event_id, event.id), inArray(studentEvent.student_id, up)));
      await tx.insert(auditLog).values(auditRows(event, "student.upgrade_event", up));
    }
    return [studentId, ...up];
  });
}
