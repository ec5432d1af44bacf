import { feedRange, localDate } from "@rollbook/domain";
import { and, eq, gte, lte } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import type { Scoped } from "../access/scoped.ts";
import { cancellations, courses, locations, schoolClosures, schools } from "../db/schema/index.ts";
import { courseSessionsBetween } from "../engine/calendar.ts";

/**
 * A course's sessions as iCal: every session of its semester (26 weeks ahead when indefinite),
 * in the school's zone (instants in UTC, the zone named in X-WR-TIMEZONE); a cancelled date or a
 * school closure stays listed with STATUS:CANCELLED and the reason, so subscribers see it go.
 * Null when the viewer may not see the course (removed ones included: they have no sessions).
 */
export async function courseFeed(data: Scoped, uuid: string, now = new Date()): Promise<string | null> {
  const course = await data.first("courses", eq(courses.uuid, uuid));
  if (!course) return null;
  const school = await data.first("schools", eq(schools.id, course.school_id));
  const tz = school?.timezone ?? "UTC";
  const { from, to } = feedRange(course, localDate(now, tz));
  const [cancelled, closures, place] = await Promise.all([
    data.rows("cancellations", {
      where: and(eq(cancellations.course_id, course.id), gte(cancellations.date, from), lte(cancellations.date, to)),
    }),
    data.rows("closures", {
      where: and(
        eq(schoolClosures.school_id, course.school_id),
        lte(schoolClosures.start_date, to),
        gte(schoolClosures.end_date, from),
      ),
    }),
    course.location_id ? data.first("locations", eq(locations.id, course.location_id)) : null,
  ]);
  const sessions = courseSessionsBetween(course, from, to, tz, { cancelled, closures });
  const cal = ical({ name: course.title, prodId: { company: "Rollbook", product: "course-feed" } });
  cal.x("X-WR-TIMEZONE", tz);
  for (const session of sessions) {
    const note = session.cancelled === "cancelled" ? cancelled.find((c) => c.date === session.meets)?.notes : null;
    const closure =
      session.cancelled === "closure"
        ? closures.find((c) => c.start_date <= session.meets && session.meets <= c.end_date)
        : null;
    const reason =
      session.cancelled === "cancelled"
        ? `Cancelled${note ? `: ${note}` : ""}`
        : closure
          ? `School closed: ${closure.title}`
          : null;
    cal.createEvent({
      id: `${course.uuid}-${session.meets}@rollbook`,
      start: session.start,
      end: session.end,
      stamp: now,
      summary: reason ? `${course.title} (cancelled)` : course.title,
      description: reason,
      location: place?.name ?? null,
      status: reason ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
