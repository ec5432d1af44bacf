import { apa, STATUS } from "@rollbook/domain";
import { type AnyColumn, and, eq, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { byName } from "../db/collation.ts";
import { attendance, courses, events, students, studentTeam } from "../db/schema/index.ts";
import type { Block, ListItem } from "../mail/template.ts";
import { concerns, type Reader, type SessionOfStudent } from "./audience.ts";

export interface RecapRow extends SessionOfStudent {
  uuid: string;
  name: string;
  title: string;
  meets: string;
  status: number;
  /** its place in the read order (by student name, then date) */
  order: number;
}

/** The readers' final statuses of a period, indexed so each reader's share is found without a scan. */
export interface RecapData {
  byAttendable: Map<string, RecapRow[]>;
  byStudent: Map<number, RecapRow[]>;
  teamsOfStudent: Map<number, number[]>;
  membersOfTeam: Map<number, number[]>;
}

/** `column in (ids)` as one jsonb parameter: a school's thousands of ids stay under the 65,535-parameter limit. */
const inIds = (column: AnyColumn, ids: readonly number[]) =>
  sql`${column} in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)`;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Finished attendance from `from` to `to` (only `status` when given) of students not removed,
 * limited in SQL to what some reader is linked to: their courses, events, students and their
 * teams' members. A large school's week is read for the readers' share, not whole.
 */
export async function loadRecap(
  db: Db,
  schoolId: number,
  readers: readonly Reader[],
  from: string,
  to: string,
  status?: number,
): Promise<RecapData> {
  const all = (pick: (r: Reader) => Set<number>) => [...new Set(readers.flatMap((r) => [...pick(r)]))];
  const teamIds = all((r) => r.teams);
  const members = teamIds.length
    ? await db
        .select({ student_id: studentTeam.student_id, team_id: studentTeam.team_id })
        .from(studentTeam)
        .where(inArray(studentTeam.team_id, teamIds))
    : [];
  const membersOfTeam = new Map<number, number[]>();
  for (const m of members) push(membersOfTeam, m.team_id, m.student_id);
  const courseIds = all((r) => r.courses);
  const eventIds = all((r) => r.events);
  const studentIds = [...new Set([...all((r) => r.students), ...members.map((m) => m.student_id)])];
  const linked: SQL[] = [];
  if (courseIds.length)
    linked.push(and(eq(attendance.attendable_type, "course"), inArray(attendance.attendable_id, courseIds)) as SQL);
  if (eventIds.length)
    linked.push(and(eq(attendance.attendable_type, "event"), inArray(attendance.attendable_id, eventIds)) as SQL);
  if (studentIds.length) linked.push(inIds(attendance.student_id, studentIds));
  const data: RecapData = { byAttendable: new Map(), byStudent: new Map(), teamsOfStudent: new Map(), membersOfTeam };
  if (linked.length === 0) return data;
  const rows = await db
    .select({
      student_id: attendance.student_id,
      attendable_type: attendance.attendable_type,
      attendable_id: attendance.attendable_id,
      uuid: students.uuid,
      name: sql<string>`${students.first_name} || ' ' || ${students.last_name}`,
      title: sql<string>`coalesce(${courses.title}, ${events.title}, '')`,
      meets: attendance.meets,
      status: attendance.status,
    })
    .from(attendance)
    .innerJoin(students, eq(students.id, attendance.student_id))
    .leftJoin(courses, and(eq(attendance.attendable_type, "course"), eq(courses.id, attendance.attendable_id)))
    .leftJoin(events, and(eq(attendance.attendable_type, "event"), eq(events.id, attendance.attendable_id)))
    .where(
      and(
        eq(attendance.school_id, schoolId),
        eq(attendance.finished, true),
        gte(attendance.meets, from),
        lte(attendance.meets, to),
        status === undefined ? undefined : eq(attendance.status, status),
        isNull(students.deleted_at),
        or(...linked),
      ),
    )
    .orderBy(byName(students.last_name), byName(students.first_name), students.id, attendance.meets);
  rows.forEach((r, order) => {
    const row = { ...r, order };
    push(data.byAttendable, `${r.attendable_type}:${r.attendable_id}`, row);
    push(data.byStudent, r.student_id, row);
  });
  // every team of the students read: alert_filter may name any of them
  const ofStudents = await db
    .select({ student_id: studentTeam.student_id, team_id: studentTeam.team_id })
    .from(studentTeam)
    .where(inIds(studentTeam.student_id, [...data.byStudent.keys()]));
  for (const m of ofStudents) push(data.teamsOfStudent, m.student_id, m.team_id);
  return data;
}

/** The reader's rows: linked to them and let through by their alert_filter, in read order. */
function rowsOf(reader: Reader, data: RecapData): RecapRow[] {
  const found = new Set<RecapRow>();
  const add = (rows: RecapRow[] | undefined) => {
    for (const r of rows ?? []) found.add(r);
  };
  for (const id of reader.courses) add(data.byAttendable.get(`course:${id}`));
  for (const id of reader.events) add(data.byAttendable.get(`event:${id}`));
  for (const id of reader.students) add(data.byStudent.get(id));
  for (const team of reader.teams) for (const id of data.membersOfTeam.get(team) ?? []) add(data.byStudent.get(id));
  return [...found]
    .filter((r) => concerns(reader, r, data.teamsOfStudent.get(r.student_id) ?? []))
    .sort((a, b) => a.order - b.order);
}

const link = (publicUrl: string, row: RecapRow) => `${publicUrl}/Students/${row.uuid}`;

/** Yesterday's absences of the reader's students, one line each; null when there is none. */
export function dailyRecapBlocks(reader: Reader, data: RecapData, publicUrl: string): Block[] | null {
  const items: ListItem[] = rowsOf(reader, data)
    .filter((r) => r.status === STATUS.absent)
    .map((r) => ({ text: `${r.name}, ${r.title}`, href: link(publicUrl, r) }));
  if (items.length === 0) return null;
  return [{ heading: `Absences (${items.length})`, items }];
}

/** Last week's absences and APA of each of the reader's students with a final status in it; null: none had one. */
export function weeklyRecapBlocks(reader: Reader, data: RecapData, publicUrl: string): Block[] | null {
  const perStudent = new Map<number, RecapRow[]>();
  for (const r of rowsOf(reader, data)) push(perStudent, r.student_id, r);
  const items: ListItem[] = [];
  let absences = 0;
  for (const list of perStudent.values()) {
    const first = list[0] as RecapRow;
    const absent = list.filter((r) => r.status === STATUS.absent).length;
    absences += absent;
    const figure = apa(list.map((r) => r.status));
    items.push({
      text: `${first.name}: ${absent} absence${absent === 1 ? "" : "s"}, APA ${figure === null ? "n/a" : `${figure}%`}`,
      href: link(publicUrl, first),
    });
  }
  if (items.length === 0) return null;
  return [
    { paragraph: `${absences} absence${absences === 1 ? "" : "s"} among ${items.length} of your students.` },
    { heading: "Students", items },
  ];
}
