import { apa, STATUS } from "@rollbook/domain";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
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

type Figures = Pick<NonNullable<TileView["tileable"]>, "apa" | "attendance_last_class">;
const NO_SESSION = "No finished session yet";

/**
 * The viewer's tiles with the figures they show. A tile whose course, event or team the viewer
 * may no longer see (assignment ended, removed) is dropped from view. A constant number of
 * statements however many tiles there are.
 */
export async function tilesOf(data: Scoped, now = new Date()): Promise<TileView[]> {
  const tiles = await data.rows("tiles", { orderBy: [asc(userTiles.id)] });
  if (tiles.length === 0) return [];
  const idsOf = (type: TileType) => tiles.filter((t) => t.tileable_type === type).map((t) => t.tileable_id);
  const [courseIds, eventIds, teamIds] = [idsOf("course"), idsOf("event"), idsOf("team")];
  const [school, courseRows, eventRows, teamRows] = await Promise.all([
    data.first("schools", eq(schools.id, data.viewer.schoolId)),
    courseIds.length ? data.rows("courses", { where: inArray(courses.id, courseIds) }) : [],
    eventIds.length ? data.rows("events", { where: inArray(events.id, eventIds) }) : [],
    teamIds.length ? data.rows("teams", { where: inArray(teams.id, teamIds) }) : [],
  ]);
  const tz = school?.timezone ?? "UTC";
  const { db } = systemOf(data);
  const [attendableFigures, teamFigures] = await Promise.all([
    figuresOfAttendables(data, [
      ...courseRows.map((c) => ({ type: "course" as const, id: c.id })),
      ...eventRows.map((e) => ({ type: "event" as const, id: e.id })),
    ]),
    figuresOfTeams(
      data,
      teamRows.map((t) => t.id),
    ),
  ]);
  const out: TileView[] = [];
  for (const tile of tiles) {
    const key = `${tile.tileable_type}:${tile.tileable_id}`;
    if (tile.tileable_type === "team") {
      const team = teamRows.find((t) => t.id === tile.tileable_id);
      if (!team) continue;
      const f = teamFigures.get(team.id) ?? { apa: null, attendance_last_class: { label: NO_SESSION, value: null } };
      out.push({
        ...tile,
        tileable: { id: team.id, uuid: team.uuid, title: null, name: team.name, ...f, attendance_now: null },
      });
      continue;
    }
    const row =
      tile.tileable_type === "course"
        ? courseRows.find((c) => c.id === tile.tileable_id)
        : eventRows.find((e) => e.id === tile.tileable_id);
    if (!row) continue;
    const f = attendableFigures.get(key) ?? { apa: null, attendance_last_class: { label: NO_SESSION, value: null } };
    out.push({
      ...tile,
      tileable: {
        id: row.id,
        uuid: row.uuid,
        title: row.title,
        name: null,
        ...f,
        // a few reads, and only for a course or event in session right now
        attendance_now: await attendanceNow(db, tile.tileable_type, row, tz, now),
      },
    });
  }
  return out;
}

/** Pins a course, event or team the caller has found visible to the viewer's dashboard (once). */
export async function addTile(data: Scoped, type: TileType, id: number): Promise<void> {
  await systemOf(data)
    .db.insert(userTiles)
    .values({ user_id: data.viewer.user.id, tileable_id: id, tileable_type: type })
    .onConflictDoNothing();
}

/** APA of each course or event from its finished attendance, and of its last finished session held: one statement. */
async function figuresOfAttendables(
  data: Scoped,
  items: { type: "course" | "event"; id: number }[],
): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>();
  if (items.length === 0) return out;
  const { db } = systemOf(data);
  const pairs = items.map((i) => sql`(${i.type}, ${i.id}::int)`);
  const rows = await db
    .select({
      type: attendance.attendable_type,
      id: attendance.attendable_id,
      meets: attendance.meets,
      status: attendance.status,
      n: sql<number>`count(*)::int`,
    })
    .from(attendance)
    .where(
      and(
        sql`(${attendance.attendable_type}, ${attendance.attendable_id}) in (${sql.join(pairs, sql`, `)})`,
        eq(attendance.finished, true),
        eq(attendance.school_id, data.viewer.schoolId),
      ),
    )
    .groupBy(attendance.attendable_type, attendance.attendable_id, attendance.meets, attendance.status);
  for (const item of items) {
    const mine = rows.filter((r) => r.type === item.type && r.id === item.id);
    out.set(`${item.type}:${item.id}`, figuresOf(mine));
  }
  return out;
}

function figuresOf(rows: { meets: string; status: number; n: number }[]): Figures {
  const expand = (rs: typeof rows) => rs.flatMap((r) => Array<number>(r.n).fill(r.status));
  // the last class held: a day called off (cancellation or closure) is no class
  const last = rows.reduce<string | null>(
    (m, r) => (r.status !== STATUS.cancelled && (m === null || r.meets > m) ? r.meets : m),
    null,
  );
  return {
    apa: apa(expand(rows)),
    attendance_last_class: {
      label: last ?? NO_SESSION,
      value: last ? apa(expand(rows.filter((r) => r.meets === last))) : null,
    },
  };
}

/**
 * A team's APA is the mean of its students' semester APA; its "last class" is its members'
 * attendance on the latest day any of them had a finished session that was held. Two statements for all teams.
 */
async function figuresOfTeams(data: Scoped, teamIds: number[]): Promise<Map<number, Figures>> {
  const out = new Map<number, Figures>();
  if (teamIds.length === 0) return out;
  const { db } = systemOf(data);
  const [apas, lastDays] = await Promise.all([
    db
      .select({
        team_id: studentTeam.team_id,
        apa: sql<number | null>`round(avg(${students.semester_apa})::numeric, 1)::float8`,
      })
      .from(studentTeam)
      .innerJoin(students, eq(students.id, studentTeam.student_id))
      .where(and(inArray(studentTeam.team_id, teamIds), isNull(students.deleted_at)))
      .groupBy(studentTeam.team_id),
    db.execute(sql`
      with last as (
        select st.team_id, max(a.meets) as meets
        from student_team st join attendance a
          on a.student_id = st.student_id and a.finished and a.status <> ${STATUS.cancelled}
        where st.team_id in (${sql.join(
          teamIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})
        group by st.team_id
      )
      select last.team_id, last.meets::text as meets, a.status, count(*)::int as n
      from last
      join student_team st on st.team_id = last.team_id
      join attendance a on a.student_id = st.student_id and a.meets = last.meets and a.finished
      group by last.team_id, last.meets, a.status`),
  ]);
  const dayRows = (lastDays as unknown as { rows: { team_id: number; meets: string; status: number; n: number }[] })
    .rows;
  for (const id of teamIds) {
    const mine = dayRows.filter((r) => Number(r.team_id) === id);
    const f = figuresOf(mine.map((r) => ({ meets: r.meets, status: Number(r.status), n: Number(r.n) })));
    out.set(id, {
      apa: apas.find((a) => a.team_id === id)?.apa ?? null,
      attendance_last_class: f.attendance_last_class,
    });
  }
  return out;
}
