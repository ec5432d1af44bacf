import { STATUS, timeOfDay } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { attendance } from "../db/schema/index.ts";
import { sessionsNear } from "../engine/sessions-for-student.ts";
import type { StudentContext } from "../engine/state.ts";
import type { Services } from "../services.ts";

/** A day's sessions with what the phone needs to tell presence itself: fence and beacons. */
export async function scheduleFor(s: Services, student: StudentContext, date: string) {
  const sessions = (await sessionsNear(s, s.db, student, date)).filter((x) => x.meets === date);
  const rows = await s.db
    .select()
    .from(attendance)
    .where(and(eq(attendance.student_id, student.id), eq(attendance.meets, date)));
  // a row that holds only presence nobody believed (pending, no enter) reads as no row: the phone
  // must not learn whether its pings reached the place but failed a check (decision 0530)
  const shown = rows.filter((r) => !(r.status === STATUS.pending && r.enter === null && !r.finished));
  const mine = new Map(shown.map((r) => [`${r.attendable_type}:${r.attendable_id}`, r]));
  return {
    date,
    timezone: student.timezone,
    sessions: sessions.map((x) => {
      const a = mine.get(`${x.attendable_type}:${x.attendable_id}`);
      return {
        attendable_type: x.attendable_type,
        attendable_id: x.attendable_id,
        uuid: x.uuid,
        title: x.title,
        meets: x.meets,
        start_time: timeOfDay(x.start_time),
        end_time: timeOfDay(x.end_time),
        start: x.start.toISOString(),
        end: x.end.toISOString(),
        // "cancelled" or "closure" when the session does not take place
        cancelled: x.cancelled,
        manual_attendance: x.manual,
        location: x.location
          ? {
              id: x.location.id,
              name: x.location.name,
              latitude: x.location.latitude,
              longitude: x.location.longitude,
              radius: x.location.radius,
              beacons: x.location.beacons.map((factory_id) => ({ factory_id })),
            }
          : null,
        attendance: a
          ? {
              id: a.id,
              status: a.status,
              enter: a.enter?.toISOString() ?? null,
              exit: a.exit?.toISOString() ?? null,
              percentage: a.percentage,
              finished: a.finished,
              lock: a.lock,
            }
          : null,
      };
    }),
  };
}
