import { dropUntil, type SignupState, signupState, waitlistPosition } from "@rollbook/domain";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { sha256 } from "../auth/tokens.ts";
import type { Db } from "../db/client.ts";
import { eventSignupTokens, events, schools, studentEvent, students } from "../db/schema/index.ts";

export type EventRow = typeof events.$inferSelect;
export type StudentRow = typeof students.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event by its public uuid with its school's zone (any state: callers decide what is open). */
export async function eventWithZone(db: Db, uuid: string): Promise<{ event: EventRow; tz: string } | null> {
  if (!UUID.test(uuid)) return null;
  const [row] = await db
    .select({ event: events, tz: schools.timezone })
    .from(events)
    .innerJoin(schools, eq(schools.id, events.school_id))
    .where(and(eq(events.uuid, uuid.toLowerCase()), isNull(schools.deleted_at)))
    .limit(1);
  return row ?? null;
}

/** The live student a signup link names, for this event only; null when unknown, expired or removed. */
export async function studentOfToken(db: Db, event: EventRow, token: unknown): Promise<StudentRow | null> {
  if (typeof token !== "string" || token.length === 0 || token.length > 200) return null;
  const [row] = await db
    .select({ student: students })
    .from(eventSignupTokens)
    .innerJoin(students, eq(students.id, eventSignupTokens.student_id))
    .where(
      and(
        eq(eventSignupTokens.token_hash, sha256(token)),
        eq(eventSignupTokens.event_id, event.id),
        gt(eventSignupTokens.expires_at, new Date()),
        isNull(students.deleted_at),
      ),
    )
    .limit(1);
  return row?.student ?? null;
}

export interface SignupStatus {
  state: SignupState;
  position: number | null;
  drop_until: string;
}

/** Where the student stands on the event: a seat, a place on the waitlist (1-based), or none. */
export async function signupStatus(db: Db, event: EventRow, tz: string, studentId: number): Promise<SignupStatus> {
  const [link] = await db
    .select()
    .from(studentEvent)
    .where(and(eq(studentEvent.event_id, event.id), eq(studentEvent.student_id, studentId)));
  const state = signupState(link);
  let position: number | null = null;
  if (state === "waitlisted") {
    // the order seats are given in: joined first, live students only (links/waitlist.ts)
    const waiting = await db
      .select({ id: studentEvent.student_id })
      .from(studentEvent)
      .innerJoin(students, eq(students.id, studentEvent.student_id))
      .where(and(eq(studentEvent.event_id, event.id), eq(studentEvent.in_waitlist, true), isNull(students.deleted_at)))
      .orderBy(asc(studentEvent.created_at), asc(studentEvent.student_id));
    position = waitlistPosition(
      waiting.map((w) => w.id),
      studentId,
    );
  }
  return { state, position, drop_until: dropUntil(event, tz).toISOString() };
}
