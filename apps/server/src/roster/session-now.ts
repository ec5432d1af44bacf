import {
  addDays,
  cancelReason,
  courseSessionOn,
  eventSession,
  isInSession,
  localDate,
  type Session,
} from "@rollbook/domain";
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { cancellations, type courses, type events, schoolClosures } from "../db/schema/index.ts";

type CourseRow = typeof courses.$inferSelect;
type EventRow = typeof events.$inferSelect;
export type Attendable = { type: "course"; row: CourseRow } | { type: "event"; row: EventRow };

/**
 * The session of each course or event in progress at `now` (null: none, or called off by a
 * cancellation or closure), in the school's zone. Three statements for any number of rows:
 * the school, the cancellations and the closures of the dates concerned.
 */
export async function sessionsNow(data: Scoped, items: readonly Attendable[], now: Date): Promise<(Session | null)[]> {
  if (items.length === 0) return [];
  const school = await data.byId("schools", data.viewer.schoolId);
  const tz = school?.timezone ?? "UTC";
  const today = localDate(now, tz);
  const candidates = items.map((it) => {
    // removed or archived: nothing meets
    if (it.row.deleted_at || (it.type === "course" && it.row.is_archived)) return null;
    if (it.type === "event") {
      const s = eventSession(it.row, tz);
      return isInSession(s, now) ? s : null;
    }
    // yesterday's too: a session that runs past midnight
    for (const d of [today, addDays(today, -1)]) {
      const s = courseSessionOn(it.row, d, tz);
      if (s && isInSession(s, now)) return s;
    }
    return null;
  });
  const dates = [...new Set(candidates.filter((s) => s !== null).map((s) => s.date))];
  if (dates.length === 0) return candidates;
  const courseIds = items.filter((it, i) => it.type === "course" && candidates[i]).map((it) => it.row.id);
  const [cancelled, closures] = await Promise.all([
    courseIds.length
      ? data.rows("cancellations", {
          where: and(inArray(cancellations.course_id, courseIds), inArray(cancellations.date, dates)),
        })
      : [],
    data.rows("closures", {
      where: and(
        eq(schoolClosures.school_id, data.viewer.schoolId),
        lte(
          schoolClosures.start_date,
          dates.reduce((a, b) => (a > b ? a : b)),
        ),
        gte(
          schoolClosures.end_date,
          dates.reduce((a, b) => (a < b ? a : b)),
        ),
      ),
    }),
  ]);
  return candidates.map((s, i) => {
    if (!s) return null;
    const it = items[i] as Attendable;
    const dates = it.type === "course" ? cancelled.filter((c) => c.course_id === it.row.id).map((c) => c.date) : [];
    return cancelReason(s.date, dates, closures) ? null : s;
  });
}
