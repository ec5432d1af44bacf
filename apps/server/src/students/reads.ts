import {
  addDays,
  apaWeight,
  isExcused,
  isInFence,
  localDate,
  PHONE_MOVE_AFTER_MS,
  STATUS,
  semesterRange,
  weekRange,
} from "@rollbook/domain";
import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { byName } from "../db/collation.ts";
import {
  attendance,
  courses,
  devices,
  events,
  excuses,
  pings,
  schools,
  studentCourse,
  studentEvent,
  students,
  studentTeam,
  teams,
} from "../db/schema/index.ts";
import { courseSessionsBetween, coversBetween, eventSessionOf } from "../engine/calendar.ts";
import { excusesBetween } from "../engine/excuses-between.ts";
import { inWindow, loadPlaces } from "../engine/sessions-for-student.ts";
import { notFound } from "../graphql/builder.ts";
import type { StudentRow } from "./bulk.ts";

type CourseRow = typeof courses.$inferSelect;
type EventRow = typeof events.$inferSelect;
type TeamRow = typeof teams.$inferSelect;
type DeviceRow = typeof import("../db/schema/index.ts").devices.$inferSelect;
type ExcuseRow = typeof excuses.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/** A student the viewer may see, removed ones included; a bad uuid is "not found" too. */
export async function findStudentByUuid(data: Scoped, uuid: string): Promise<StudentRow> {
  if (!isUuid(uuid)) throw notFound("Student");
  const row = await data.first("students", eq(students.uuid, uuid.toLowerCase()));
  if (!row) throw notFound("Student");
  return row;
}

/** The active phone (batched by the scope's byId loader). */
export async function studentDevice(data: Scoped, st: StudentRow): Promise<DeviceRow | null> {
  if (st.device_id === null) return null;
  const device = await data.byId("devices", st.device_id);
  return device && device.student_id === st.id ? device : null;
}

/**
 * The phone the student signed out of whose wait is not over (decision 0511): it signs in no
 * other student until then, unless staff release it. The newest, if several.
 */
export async function studentSignedOutDevice(data: Scoped, st: StudentRow): Promise<DeviceRow | null> {
  const since = Date.now() - PHONE_MOVE_AFTER_MS;
  const waiting = (await data.manyBy("devices", devices.student_id, st.id, [desc(devices.signed_out_at)])).filter(
    (d) => d.id !== st.device_id && d.signed_out_at !== null && d.signed_out_at.getTime() > since,
  );
  return waiting[0] ?? null;
}

export function studentTeams(data: Scoped, studentId: number): Promise<TeamRow[]> {
  return data.through("teams", { owner: studentTeam.student_id, target: studentTeam.team_id }, studentId, [
    asc(byName(teams.name)),
    asc(teams.id),
  ]);
}

export interface StudentEventView {
  event: EventRow;
  in_waitlist: boolean;
  status: number | null;
}

/** The visible events a student is on, newest first, with their waitlist place and attendance status. */
export function studentEvents(data: Scoped, studentId: number): Promise<StudentEventView[]> {
  const loader = data.loader<number, StudentEventView[]>("student:events", async (keys) => {
    const { db } = systemOf(data);
    const rows = await db
      .select({
        student_id: studentEvent.student_id,
        in_waitlist: studentEvent.in_waitlist,
        status: attendance.status,
        event: events,
      })
      .from(studentEvent)
      .innerJoin(events, eq(events.id, studentEvent.event_id))
      .leftJoin(
        attendance,
        and(
          eq(attendance.attendable_type, "event"),
          eq(attendance.attendable_id, events.id),
          eq(attendance.meets, events.date),
          eq(attendance.student_id, studentEvent.student_id),
        ),
      )
      .where(and(inArray(studentEvent.student_id, [...keys]), data.visible("events")))
      .orderBy(desc(events.date), desc(events.start_time), asc(events.id));
    return group(keys, rows, (r) => r.student_id).map((list) =>
      list.map((r) => ({ event: r.event, in_waitlist: r.in_waitlist, status: r.status })),
    );
  });
  return loader.load(studentId);
}

/** The student's excuses, newest date first. */
export function studentExcuses(data: Scoped, studentId: number): Promise<ExcuseRow[]> {
  return data.manyBy("excuses", excuses.student_id, studentId, [desc(excuses.date), desc(excuses.id)]);
}

function group<K, R>(keys: readonly K[], rows: readonly R[], keyOf: (r: R) => K): R[][] {
  const m = new Map<K, R[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return keys.map((k) => m.get(k) ?? []);
}

/** The viewer's school's clock and calendar, read once per request. */
function schoolOf(data: Scoped): Promise<{ id: number; timezone: string; semester: { from: string; to: string } }> {
  const loader = data.loader<number, { id: number; timezone: string; semester: { from: string; to: string } }>(
    "student:school",
    async (ids) => {
      const { db } = systemOf(data);
      const [school] = await db
        .select({ id: schools.id, timezone: schools.timezone })
        .from(schools)
        .where(eq(schools.id, ids[0] as number));
      const tz = school?.timezone ?? "UTC";
      const today = localDate(new Date(), tz);
      const terms = await db
        .select({ semester_start: courses.semester_start, semester_end: courses.semester_end })
        .from(courses)
        .where(and(eq(courses.school_id, ids[0] as number), isNull(courses.deleted_at)));
      const value = { id: ids[0] as number, timezone: tz, semester: semesterRange(today, terms) };
      return ids.map(() => value);
    },
  );
  return loader.load(data.viewer.schoolId);
}

export interface CourseStats {
  course: CourseRow;
  apa: number | null;
  week_apa: number | null;
  attended: number;
  missed: number;
  last_attended: string | null;
  missed_streak: number;
}

interface RawStats {
  student_id: number;
  course_id: number;
  attended: number;
  missed: number;
  week_attended: number;
  week_missed: number;
  last_attended: string | null;
  missed_streak: number;
}

const pct = (attended: number, missed: number) =>
  attended + missed === 0 ? null : Math.round((attended / (attended + missed)) * 1000) / 10;

/** Status ids that count as attended / missed (decision 0342), from the domain's own rule. */
const STATUS_IDS = [0, 1, 2, 3, 4, 5, 6, 7];
const ATTENDED = STATUS_IDS.filter((s) => apaWeight(s) === "attended");
const MISSED = STATUS_IDS.filter((s) => apaWeight(s) === "missed");

/**
 * One row per visible course the student is enrolled in: APA over the semester and this week
 * (finished attendance, decision 0342), the counts behind the semester APA, the last session
 * attended (ever) and how many finished sessions were missed since then. Batched: one
 * statement for the page's courses, one for their figures (and the school's calendar once).
 */
export async function studentCourseStats(data: Scoped, st: StudentRow): Promise<CourseStats[]> {
  const list = await data.through(
    "courses",
    { owner: studentCourse.student_id, target: studentCourse.course_id },
    st.id,
    [asc(byName(courses.title)), asc(courses.id)],
  );
  if (list.length === 0) return [];
  const school = await schoolOf(data);
  const loader = data.loader<number, RawStats[]>("student:course_stats", async (keys) => {
    const { db } = systemOf(data);
    const today = localDate(new Date(), school.timezone);
    const week = weekRange(today);
    const sem = school.semester;
    const att = sql.raw(ATTENDED.join(","));
    const mis = sql.raw(MISSED.join(","));
    const inSem = sql`a.meets between ${sem.from} and ${sem.to}`;
    const inWeek = sql`a.meets between ${week.from} and ${week.to}`;
    const result = await db.execute(sql`
      select a.student_id, a.attendable_id as course_id,
        (count(*) filter (where a.status in (${att}) and ${inSem}))::int as attended,
        (count(*) filter (where a.status in (${mis}) and ${inSem}))::int as missed,
        (count(*) filter (where a.status in (${att}) and ${inWeek}))::int as week_attended,
        (count(*) filter (where a.status in (${mis}) and ${inWeek}))::int as week_missed,
        max(a.meets) filter (where a.status in (${att}))::text as last_attended,
        (count(*) filter (where a.status in (${mis}) and (a.last_att is null or a.meets > a.last_att)))::int as missed_streak
      from (
        select x.student_id, x.attendable_id, x.meets, x.status,
          max(x.meets) filter (where x.status in (${att})) over (partition by x.student_id, x.attendable_id) as last_att
        from ${attendance} x
        where x.school_id = ${data.viewer.schoolId} and x.attendable_type = 'course' and x.finished
          and x.student_id in ${[...keys]}
      ) a
      group by a.student_id, a.attendable_id`);
    const rows = (result as unknown as { rows: RawStats[] }).rows;
    return group(keys, rows, (r) => Number(r.student_id));
  });
  const raw = new Map((await loader.load(st.id)).map((r) => [Number(r.course_id), r]));
  return list.map((course) => {
    const r = raw.get(course.id);
    const attended = Number(r?.attended ?? 0);
    const missed = Number(r?.missed ?? 0);
    return {
      course,
      apa: pct(attended, missed),
      week_apa: pct(Number(r?.week_attended ?? 0), Number(r?.week_missed ?? 0)),
      attended,
      missed,
      last_attended: r?.last_attended ?? null,
      missed_streak: Number(r?.missed_streak ?? 0),
    };
  });
}

export interface StudentNowView {
  attendable_type: "course" | "event";
  attendable_id: number;
  attendable_uuid: string;
  title: string;
  meets: string;
  start_time: string;
  end_time: string;
  status: number;
  attendance_id: number | null;
  enter: Date | null;
  last_ping_at: Date | null;
  latitude: number | null;
  longitude: number | null;
  location_name: string | null;
  inside: boolean | null;
}

interface Candidate {
  attendable_type: "course" | "event";
  attendable_id: number;
  uuid: string;
  title: string;
  meets: string;
  start: Date;
  end: Date;
  start_time: string;
  end_time: string;
  location_id: number | null;
}

/**
 * The session the student is in now (the engine's window: from the early allowance before the
 * start to the end, not cancelled or closed), among the visible courses and events they are on,
 * with their attendance row, last ping and whether it was inside the place's fence. The same
 * schedule rules as engine/sessions-for-student.ts (domain functions), batched over a page:
 * a constant number of statements whatever the number of students.
 */
export async function studentNow(data: Scoped, st: StudentRow): Promise<StudentNowView | null> {
  if (st.deleted_at) return null;
  const school = await schoolOf(data);
  const loader = data.loader<number, StudentNowView | null>("student:now", async (keys) => {
    const { db } = systemOf(data);
    const now = new Date();
    const tz = school.timezone;
    const today = localDate(now, tz);
    const from = addDays(today, -1);
    const to = addDays(today, 1);
    const ids = [...keys];
    const courseRows = await db
      .select({ student_id: studentCourse.student_id, course: courses })
      .from(studentCourse)
      .innerJoin(courses, eq(courses.id, studentCourse.course_id))
      .where(and(inArray(studentCourse.student_id, ids), data.visible("courses"), eq(courses.is_archived, false)));
    const eventRows = await db
      .select({ student_id: studentEvent.student_id, event: events })
      .from(studentEvent)
      .innerJoin(events, eq(events.id, studentEvent.event_id))
      .where(
        and(
          inArray(studentEvent.student_id, ids),
          eq(studentEvent.in_waitlist, false),
          data.visible("events"),
          gte(events.date, from),
          lte(events.date, to),
        ),
      );
    const covers = await coversBetween(
      db,
      school.id,
      courseRows.map((r) => r.course.id),
      from,
      to,
    );
    const current = new Map<number, Candidate>();
    const consider = (studentId: number, c: Candidate) => {
      if (!inWindow(c, now)) return;
      const prev = current.get(studentId);
      // the earliest started wins, like the engine's order
      if (
        !prev ||
        c.start.getTime() < prev.start.getTime() ||
        (c.start.getTime() === prev.start.getTime() && c.title < prev.title)
      )
        current.set(studentId, c);
    };
    for (const { student_id, course } of courseRows) {
      for (const session of courseSessionsBetween(course, from, to, tz, covers)) {
        if (session.cancelled !== null) continue;
        consider(student_id, {
          attendable_type: "course",
          attendable_id: course.id,
          uuid: course.uuid,
          title: course.title,
          meets: session.meets,
          start: session.start,
          end: session.end,
          start_time: course.start_time,
          end_time: course.end_time,
          location_id: course.location_id,
        });
      }
    }
    for (const { student_id, event } of eventRows) {
      const session = eventSessionOf(event, tz, covers);
      if (session.cancelled !== null) continue;
      consider(student_id, {
        attendable_type: "event",
        attendable_id: event.id,
        uuid: event.uuid,
        title: event.title,
        meets: session.meets,
        start: session.start,
        end: session.end,
        start_time: event.start_time,
        end_time: event.end_time,
        location_id: event.location_id,
      });
    }
    if (current.size === 0) return keys.map(() => null);
    const withSession = [...current.keys()];
    const pairs: SQL[] = [...current.entries()].map(
      ([sid, c]) =>
        sql`(${attendance.student_id} = ${sid} and ${attendance.attendable_type} = ${c.attendable_type} and ${attendance.attendable_id} = ${c.attendable_id} and ${attendance.meets} = ${c.meets})`,
    );
    const rows = await db
      .select({
        id: attendance.id,
        student_id: attendance.student_id,
        status: attendance.status,
        enter: attendance.enter,
      })
      .from(attendance)
      .where(sql.join(pairs, sql` or `));
    const attByStudent = new Map(rows.map((r) => [r.student_id, r]));
    // a session without an attendance row yet (no presence so far) that an excuse covers reads
    // excused, not pending: the status the finaliser will give it (decision 0302)
    const rowless = withSession.filter((sid) => !attByStudent.has(sid));
    const excuseRows = await excusesBetween(db, rowless, from, to);
    const excusedNow = new Set(
      rowless.filter((sid) => {
        const c = current.get(sid)!;
        const own = excuseRows.filter((e) => e.student_id === sid);
        return isExcused(own, c.meets, { id: c.attendable_id, type: c.attendable_type });
      }),
    );
    const lastPings = await db
      .selectDistinctOn([pings.student_id], {
        student_id: pings.student_id,
        recorded_at: pings.recorded_at,
        latitude: pings.latitude,
        longitude: pings.longitude,
        accuracy: pings.accuracy,
      })
      .from(pings)
      .where(inArray(pings.student_id, withSession))
      .orderBy(pings.student_id, desc(pings.recorded_at));
    const pingOf = new Map(lastPings.map((p) => [p.student_id, p]));
    const placeIds = [...new Set([...current.values()].map((c) => c.location_id).filter((x) => x !== null))];
    const places = await loadPlaces(db, placeIds.filter((id) => id !== null) as number[]);
    return keys.map((k) => {
      const c = current.get(k);
      if (!c) return null;
      const row = attByStudent.get(k) ?? null;
      const ping = pingOf.get(k) ?? null;
      const place = c.location_id === null ? null : (places.get(c.location_id) ?? null);
      const fence =
        place && place.latitude !== null && place.longitude !== null
          ? { latitude: place.latitude, longitude: place.longitude, radius: place.radius }
          : null;
      return {
        attendable_type: c.attendable_type,
        attendable_id: c.attendable_id,
        attendable_uuid: c.uuid,
        title: c.title,
        meets: c.meets,
        start_time: c.start_time,
        end_time: c.end_time,
        status: row?.status ?? (excusedNow.has(k) ? STATUS.excused : STATUS.pending),
        attendance_id: row?.id ?? null,
        enter: row?.enter ?? null,
        last_ping_at: ping?.recorded_at ?? null,
        latitude: ping?.latitude ?? null,
        longitude: ping?.longitude ?? null,
        location_name: place?.name ?? null,
        inside: ping && fence ? isInFence(ping, fence) : null,
      };
    });
  });
  return loader.load(st.id);
}

/**
 * Title and uuid of courses and events by "type:id", of the viewer's school. The title goes with
 * the student's attendance (removed courses too: history); the uuid, the handle to the course's
 * or event's own page, only where the viewer may see that course or event (else null).
 */
export function attendableOf(
  data: Scoped,
  type: string,
  id: number,
): Promise<{ title: string; uuid: string | null } | null> {
  const loader = data.loader<string, { title: string; uuid: string | null } | null>(
    "attendable:title",
    async (keys) => {
      const { db } = systemOf(data);
      const want = (t: string) => keys.filter((k) => k.startsWith(`${t}:`)).map((k) => Number(k.slice(t.length + 1)));
      const courseIds = want("course");
      const eventIds = want("event");
      const found = new Map<string, { title: string; uuid: string | null }>();
      if (courseIds.length) {
        const rows = await db
          .select({
            id: courses.id,
            title: courses.title,
            uuid: courses.uuid,
            seen: sql<boolean>`coalesce(${data.visible("courses")}, false)`,
          })
          .from(courses)
          .where(and(inArray(courses.id, courseIds), eq(courses.school_id, data.viewer.schoolId)));
        for (const r of rows) found.set(`course:${r.id}`, { title: r.title, uuid: r.seen ? r.uuid : null });
      }
      if (eventIds.length) {
        const rows = await db
          .select({
            id: events.id,
            title: events.title,
            uuid: events.uuid,
            seen: sql<boolean>`coalesce(${data.visible("events")}, false)`,
          })
          .from(events)
          .where(and(inArray(events.id, eventIds), eq(events.school_id, data.viewer.schoolId)));
        for (const r of rows) found.set(`event:${r.id}`, { title: r.title, uuid: r.seen ? r.uuid : null });
      }
      return keys.map((k) => found.get(k) ?? null);
    },
  );
  return loader.load(`${type}:${id}`);
}
