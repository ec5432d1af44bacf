import { apa } from "@rollbook/domain";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { attendance, courses, events, schools, students, studentTeam, teams, userTiles } from "../db/schema/index.ts";
import { type AttendanceNow, attendanceNow } from "./live-figures.ts";

export type TileType = "team" | "course" | "event";

export interface TileView {
  id: number;
  tileable_id: number;
  tileable_type: TileType;
  tileable: {
    id: number;
    uuid: string;
    title: string | null;
    name: string | null;
    apa: number | null;
    attendance_last_class: { label: string; value: number | null };
    /** While in session: who has checked in so far (courses and events). */
    attendance_now: AttendanceNow | null;
  } | null;
}

/** APA of a course or event from its finished attendance, and of its last finished session. */
async function attendableFigures(db: Db, type: "course" | "event", id: number) {
  const rows = await db
    .select({ meets: attendance.meets, status: attendance.status, n: sql<number>`count(*)::int` })
    .from(attendance)
    .where(and(eq(attendance.attendable_type, type), eq(attendance.attendable_id, id), eq(attendance.finished, true)))
    .groupBy(attendance.meets, attendance.status)
    .orderBy(desc(attendance.meets));
  const expand = (rs: typeof rows) => rs.flatMap((r) => Array<number>(r.n).fill(r.status));
  const last = rows[0]?.meets;
  return {
    apa: apa(expand(rows)),
    attendance_last_class: {
      label: last ?? "No finished session yet",
      value: last ? apa(expand(rows.filter((r) => r.meets === last))) : null,
    },
  };
}

/** The user's tiles with the figures they show; tiles of things gone are dropped from view. */
export async function tilesOf(db: Db, userId: number, schoolId: number): Promise<TileView[]> {
  const tiles = await db.select().from(userTiles).where(eq(userTiles.user_id, userId)).orderBy(userTiles.id);
  const [school] = await db.select({ timezone: schools.timezone }).from(schools).where(eq(schools.id, schoolId));
  const tz = school?.timezone ?? "UTC";
  const out: TileView[] = [];
  for (const tile of tiles) {
    out.push({ ...tile, tileable: await tileable(db, tile.tileable_type, tile.tileable_id, schoolId, tz) });
  }
  return out.filter((t) => t.tileable !== null);
}

async function tileable(
  db: Db,
  type: TileType,
  id: number,
  schoolId: number,
  tz: string,
): Promise<TileView["tileable"]> {
  if (type === "course") {
    const [c] = await db
      .select()
      .from(courses)
      .where(and(eq(courses.id, id), eq(courses.school_id, schoolId), isNull(courses.deleted_at)));
    if (!c) return null;
    return {
      id: c.id,
      uuid: c.uuid,
      title: c.title,
      name: null,
      ...(await attendableFigures(db, "course", id)),
      attendance_now: await attendanceNow(db, "course", c, tz),
    };
  }
  if (type === "event") {
    const [e] = await db
      .select()
      .from(events)
      .where(and(eq(events.id, id), eq(events.school_id, schoolId), isNull(events.deleted_at)));
    if (!e) return null;
    return {
      id: e.id,
      uuid: e.uuid,
      title: e.title,
      name: null,
      ...(await attendableFigures(db, "event", id)),
      attendance_now: await attendanceNow(db, "event", e, tz),
    };
  }
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, id), eq(teams.school_id, schoolId), isNull(teams.deleted_at)));
  if (!team) return null;
  const members = db.select({ id: studentTeam.student_id }).from(studentTeam).where(eq(studentTeam.team_id, id));
  const [agg] = await db
    .select({ apa: sql<number | null>`round(avg(${students.semester_apa})::numeric, 1)::float8` })
    .from(students)
    .where(and(inArray(students.id, members), isNull(students.deleted_at)));
  // last class of a team: its members' attendance on the latest day any of them had a finished session
  const [lastDay] = await db
    .select({ meets: attendance.meets })
    .from(attendance)
    .where(and(inArray(attendance.student_id, members), eq(attendance.finished, true)))
    .orderBy(desc(attendance.meets))
    .limit(1);
  let value: number | null = null;
  if (lastDay) {
    const statuses = await db
      .select({ status: attendance.status })
      .from(attendance)
      .where(
        and(
          inArray(attendance.student_id, members),
          eq(attendance.meets, lastDay.meets),
          eq(attendance.finished, true),
        ),
      );
    value = apa(statuses.map((r) => r.status));
  }
  return {
    id: team.id,
    uuid: team.uuid,
    title: null,
    name: team.name,
    apa: agg?.apa ?? null,
    attendance_last_class: { label: lastDay?.meets ?? "No finished session yet", value },
    attendance_now: null,
  };
}
