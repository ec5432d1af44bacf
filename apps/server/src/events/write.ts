import {
  checkCapacity,
  cleanEventInput,
  type EventInput,
  EventInputError,
  type SchoolThresholds,
  seesAssignedOnly,
} from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { events, locations, studentEvent, teams, userEvent } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { promoteWaitlist } from "../links/waitlist.ts";
import { publishRow } from "../realtime/publish-row.ts";
import { schoolThresholds } from "../settings/school-thresholds.ts";
import { audit } from "../students/bulk.ts";
import { eventChanged, eventStudentIds } from "./publish.ts";

export type EventRow = typeof events.$inferSelect;

/** Fields whose change moves or re-judges the session: every engine forgets its schedules (0540). */
const SCHEDULE_FIELDS = ["date", "start_time", "end_time", "location_id", "late_time", "absent_time", "min_percentage"];

function clean(input: EventInput, before: EventRow | null, school: SchoolThresholds | null): EventInput {
  try {
    return cleanEventInput(input, before, school);
  } catch (e) {
    if (e instanceof EventInputError) throw userError(e.message, e.field);
    throw e;
  }
}

/** Seats taken: every student on the event who is not waitlisted (the rule of addStudentsToEvent). */
export async function seatedCount(tx: Scoped, eventId: number): Promise<number> {
  return systemOf(tx).db.$count(
    studentEvent,
    and(eq(studentEvent.event_id, eventId), eq(studentEvent.in_waitlist, false)),
  );
}

async function checkRefs(tx: Scoped, v: EventInput) {
  if (v.location_id != null && !(await tx.first("locations", eq(locations.id, v.location_id))))
    throw userError(`location_id: ${v.location_id} is not a location you can see`, "location_id");
  if (v.restricted_by != null && !(await tx.first("teams", eq(teams.id, v.restricted_by))))
    throw userError(`restricted_by: ${v.restricted_by} is not a team you can see`, "restricted_by");
}

/** Creates an event; a creator who sees only what is assigned to them is assigned to it, so they keep it. */
export async function createEvent(data: Scoped, input: EventInput): Promise<EventRow> {
  const values = clean(input, null, await schoolThresholds(data, data.viewer.schoolId));
  const { required: _input_only, ...row } = values;
  const created = await data.transaction(async (tx) => {
    await checkRefs(tx, values);
    const { db } = systemOf(tx);
    const [created] = await db
      .insert(events)
      .values({
        ...(row as typeof events.$inferInsert),
        required: values.required ?? false,
        school_id: tx.viewer.schoolId,
      })
      .returning();
    if (!created) throw new Error("event insert returned nothing");
    if (seesAssignedOnly(tx.viewer.roleId))
      await db.insert(userEvent).values({ user_id: tx.viewer.user.id, event_id: created.id }).onConflictDoNothing();
    await audit(tx, "event.create", [{ id: created.id }], "event");
    return created;
  });
  await publishRow(data, "event.update", created);
  return created;
}

/**
 * Changes the fields given. Capacity may not go below the seats taken; raising it (or lifting
 * it) moves the waitlist up in the order it was joined. A removed event is read-only.
 */
export async function updateEvent(data: Scoped, id: number, input: EventInput): Promise<EventRow> {
  const { row, promoted, changed } = await data.transaction(async (tx) => {
    const before = await tx.first("eventsAnyState", eq(events.id, id), { forUpdate: true });
    if (!before) throw notFound("Event");
    if (before.deleted_at) throw userError("The event is removed: restore it first", "id");
    const set = clean(input, before, await schoolThresholds(tx, before.school_id));
    await checkRefs(tx, set);
    if (set.capacity != null) {
      try {
        checkCapacity(set.capacity, await seatedCount(tx, before.id));
      } catch (e) {
        if (e instanceof EventInputError) throw userError(e.message, e.field);
        throw e;
      }
    }
    if (Object.keys(set).length === 0) return { row: before, promoted: [] as number[], changed: false };
    const { db } = systemOf(tx);
    const [after] = await db
      .update(events)
      .set({ ...(set as Partial<EventRow>), updated_at: new Date() })
      .where(eq(events.id, before.id))
      .returning();
    const row = after ?? before;
    await audit(tx, "event.update", [{ id: before.id, data: { fields: Object.keys(set) } }], "event");
    // seats freed by a larger (or no) capacity go to the waitlist in order; none freed: none move
    const promoted = set.capacity !== undefined ? await promoteWaitlist(tx, row) : [];
    return { row, promoted, changed: true };
  });
  const scheduleMoved = Object.keys(input).some((k) => SCHEDULE_FIELDS.includes(k));
  const touched = scheduleMoved ? await eventStudentIds(data, row.id) : promoted;
  await eventChanged(data, row.id, touched, { scheduleMoved });
  // its title, times, place, capacity...: open pages showing the event refetch, students or not
  if (changed) await publishRow(data, "event.update", row);
  return row;
}

/** Soft removal (deleted_at): the event leaves lists and schedules; its attendance and students stay. */
export const removeEvent = (data: Scoped, id: number) => setRemoved(data, id, true);
export const restoreEvent = (data: Scoped, id: number) => setRemoved(data, id, false);

async function setRemoved(data: Scoped, id: number, removed: boolean): Promise<EventRow> {
  const { row, changed } = await data.transaction(async (tx) => {
    const found = await tx.first("eventsAnyState", eq(events.id, id), { forUpdate: true });
    if (!found) throw notFound("Event");
    if ((found.deleted_at !== null) === removed) return { row: found, changed: false };
    const [after] = await systemOf(tx)
      .db.update(events)
      .set({ deleted_at: removed ? new Date() : null, updated_at: new Date() })
      .where(eq(events.id, found.id))
      .returning();
    await audit(tx, removed ? "event.remove" : "event.restore", [{ id: found.id }], "event");
    return { row: after ?? found, changed: true };
  });
  if (changed) {
    await eventChanged(data, row.id, await eventStudentIds(data, row.id), { scheduleMoved: true });
    await publishRow(data, "event.update", row);
  }
  return row;
}
