import { randomUUID } from "node:crypto";
import { pings } from "../db/schema/index.ts";
import type { Services } from "../services.ts";
import { type AttendanceRow, publishChanges, type Recomputed, recomputeWith } from "./apply.ts";
import { PRESENCE_PREFIX, type StoredPing } from "./presence.ts";
import { activeSessionsAt } from "./sessions-for-student.ts";
import { studentById } from "./student-context.ts";

/**
 * A presence that is not a ping (offline code typed by staff, event scan): stored as a ping with
 * source in extra (and a scan's position, if the phone sent one), then recomputed. With `attendable` it counts for that course or event only.
 * Answers the attendance of each session it counted for; outside a session it stores nothing.
 */
export async function recordPresence(
  s: Services,
  input: {
    studentId: number;
    at: Date;
    source: "offline_code" | "scan";
    attendable?: { type: "course" | "event"; id: number };
    /** where the phone was when it scanned, if it said: kept with the check-in (decision 0552) */
    position?: { latitude: number; longitude: number; accuracy?: number | null } | null;
  },
): Promise<AttendanceRow[]> {
  const student = await studentById(s.db, input.studentId);
  if (!student) return [];
  const target = input.attendable;
  const sessions = (await activeSessionsAt(s, s.db, student, input.at)).filter(
    (x) => !x.manual && (!target || (x.attendable_type === target.type && x.attendable_id === target.id)),
  );
  // outside every session there is nothing to count: store nothing (issue 9)
  if (sessions.length === 0) return [];
  const ping: StoredPing = {
    device_ping_id: `${PRESENCE_PREFIX}${input.source}:${randomUUID()}`,
    recorded_at: input.at,
    received_at: new Date(),
    latitude: input.position?.latitude ?? null,
    longitude: input.position?.longitude ?? null,
    accuracy: input.position?.accuracy ?? null,
    low_power: false,
    bluetooth: false,
    beacons: null,
    extra: { source: input.source, attendable_type: target?.type, attendable_id: target?.id },
  };
  const { received_at: _stamped, ...row } = ping; // created_at is the database's own
  await s.db.insert(pings).values({ ...row, beacons: null, student_id: student.id });
  const results: Recomputed[] = [];
  for (const session of sessions) {
    const r = await recomputeWith(s.db, student.id, session, session.location, { fresh: [ping] });
    if (r) results.push(r);
  }
  await publishChanges(s, student.id, results);
  return results.map((r) => r.row);
}
