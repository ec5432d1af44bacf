import { canManageUsers } from "@rollbook/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * Test helper of tenant-matrix.test.ts: every row of the database that can be named in a
 * GraphQL argument, and which of them a viewer must NOT reach. Written from the decisions
 * ("Roles and what they see"), not from access/visibility.ts, so that it can disagree with it.
 */
export type Kind =
  | "school"
  | "location"
  | "beacon"
  | "closure"
  | "course"
  | "event"
  | "team"
  | "student"
  | "attendance"
  | "task"
  | "tile"
  | "user"
  | "invitation"
  | "excuse"
  | "note"
  | "travel"
  | "cancellation";

export interface Row {
  kind: Kind;
  id: number;
  school_id: number;
  uuid?: string;
  name?: string;
  email?: string;
  user_id?: number;
  student_id?: number;
  visibility?: string;
  offline_code?: string;
  /** a student's school-given id (bulk attach names students by it) */
  school_identifier?: string;
  /** a travel's team, a cancellation's course: they follow it */
  parent_id?: number;
  /** why it is foreign to the viewer (set on foreign rows only) */
  origin?: string;
}

const KIND_SQL: Record<Kind, string> = {
  school: "select id, id as school_id, name from schools",
  location: "select id, school_id, name from locations",
  beacon: "select id, school_id, factory_id as name from beacons",
  closure: "select id, school_id, title as name from school_closures",
  course: "select id, uuid::text as uuid, school_id, title as name from courses",
  event: "select id, uuid::text as uuid, school_id, title as name, visibility from events",
  team: "select id, uuid::text as uuid, school_id, name from teams",
  student:
    "select id, uuid::text as uuid, school_id, last_name as name, offline_code, school_identifier from students where deleted_at is null",
  attendance: "select id, school_id, student_id from attendance",
  task: "select id, school_id, user_id from tasks",
  tile: "select t.id, u.school_id, t.user_id from user_tiles t join users u on u.id = t.user_id",
  user: "select id, school_id, email from users",
  invitation: "select id, school_id, email from invitations",
  // follow their student, like attendance (decision 0600)
  excuse: "select id, school_id, student_id from excuses where deleted_at is null",
  note: "select n.id, s.school_id, n.student_id from notes n join students s on s.id = n.student_id",
  // follow their team and course (decision 0700)
  travel: "select t.id, m.school_id, t.team_id as parent_id from travel t join teams m on m.id = t.team_id",
  cancellation:
    "select c.id, k.school_id, c.course_id as parent_id from cancellations c join courses k on k.id = c.course_id",
};
export const KINDS = Object.keys(KIND_SQL) as Kind[];

const LINKS = [
  "user_course",
  "user_event",
  "user_team",
  "user_student",
  "student_course",
  "student_event",
  "student_team",
  "student_travel",
] as const;
type Link = (typeof LINKS)[number];

export const rowsOf = async <T = Record<string, unknown>>(db: Db, query: string): Promise<T[]> =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

/** An address a user's e-mail change waits on (decision 0951), with whose it is. */
export interface PendingAddress {
  user_id: number;
  school_id: number;
  role_id: number;
  email: string;
}

export interface Everything {
  rows: Map<Kind, Row[]>;
  links: Map<Link, [number, number][]>;
  pending: PendingAddress[];
}

export async function loadEverything(db: Db): Promise<Everything> {
  const rows = new Map<Kind, Row[]>();
  for (const kind of KINDS) {
    const list = await rowsOf<Row>(db, `${KIND_SQL[kind]} order by id`);
    rows.set(
      kind,
      list.map((r) => ({
        ...r,
        kind,
        id: Number(r.id),
        school_id: Number(r.school_id),
        ...(r.parent_id == null ? {} : { parent_id: Number(r.parent_id) }),
      })),
    );
  }
  const links = new Map<Link, [number, number][]>();
  for (const link of LINKS) {
    const [a, b] = link.split("_") as [string, string];
    const list = await rowsOf<Record<string, number>>(db, `select ${a}_id as a, ${b}_id as b from ${link}`);
    links.set(
      link,
      list.map((r) => [Number(r.a), Number(r.b)]),
    );
  }
  const pending = await rowsOf<PendingAddress>(
    db,
    "select c.user_id, u.school_id, u.role_id, c.email from email_changes c join users u on u.id = c.user_id",
  );
  return { rows, links, pending };
}

export interface ViewerWorld {
  schoolId: number;
  userId: number;
  /** rows the viewer must never get back, by kind */
  foreign: Map<Kind, Row[]>;
  /** rows the viewer may see, to fill the other arguments of a call */
  visible: Map<Kind, Row[]>;
  foreignIds: Map<Kind, Map<number, Row>>;
  /** foreign rows of other schools only: what a foreign key (`student_id`...) must never name */
  otherSchoolIds: Map<Kind, Set<number>>;
  foreignUuids: Map<string, Row>;
  /** texts no answer may hold, with why: the pending addresses of users the viewer may not edit */
  foreignTexts: Map<string, string>;
  links: Everything["links"];
}

/**
 * Splits every row into foreign and visible for one viewer. A pending address is the user's own
 * and their editors' (their school, a role the viewer's rank reaches), never the search token's.
 */
export function worldOf(
  all: Everything,
  viewer: { id: number; school_id: number; role_id: number },
  token: "access" | "search" = "access",
): ViewerWorld {
  const S = viewer.school_id;
  const assignedOnly = viewer.role_id >= 5;
  const linked = (link: Link, userId: number) =>
    new Set((all.links.get(link) ?? []).filter(([u]) => u === userId).map(([, x]) => x));
  const studentsOf = (link: Link, ids: Set<number>) =>
    (all.links.get(link) ?? []).filter(([, x]) => ids.has(x)).map(([s]) => s);
  const courses = linked("user_course", viewer.id);
  const events = linked("user_event", viewer.id);
  const teams = linked("user_team", viewer.id);
  const students = new Set([
    ...linked("user_student", viewer.id),
    ...studentsOf("student_course", courses),
    ...studentsOf("student_event", events),
    ...studentsOf("student_team", teams),
  ]);
  const hidden = (r: Row): string | null => {
    if (r.school_id !== S) return "of the other school";
    if ((r.kind === "task" || r.kind === "tile") && r.user_id !== viewer.id) return "another user's";
    if (!assignedOnly) return null;
    if (r.kind === "course" && !courses.has(r.id)) return "not assigned";
    if (r.kind === "event" && !events.has(r.id) && r.visibility !== "public") return "not assigned";
    if (r.kind === "team" && !teams.has(r.id)) return "not assigned";
    if (r.kind === "travel" && !teams.has(r.parent_id as number)) return "of a team not assigned";
    if (r.kind === "cancellation" && !courses.has(r.parent_id as number)) return "of a course not assigned";
    if (r.kind === "student" && !students.has(r.id)) return "not assigned";
    if ((r.kind === "attendance" || r.kind === "excuse" || r.kind === "note") && !students.has(r.student_id as number))
      return "of a student not assigned";
    return null;
  };
  const w: ViewerWorld = {
    schoolId: S,
    userId: viewer.id,
    foreign: new Map(),
    visible: new Map(),
    foreignIds: new Map(),
    otherSchoolIds: new Map(),
    foreignUuids: new Map(),
    foreignTexts: new Map(),
    links: all.links,
  };
  for (const p of all.pending) {
    const mayEdit = p.school_id === S && p.user_id !== viewer.id && canManageUsers(viewer.role_id, p.role_id);
    if (token === "search" || (p.user_id !== viewer.id && !mayEdit))
      w.foreignTexts.set(p.email, `the pending e-mail of user ${p.user_id} (school ${p.school_id}, role ${p.role_id})`);
  }
  for (const [kind, list] of all.rows) {
    const foreign: Row[] = [];
    const visible: Row[] = [];
    for (const r of list) {
      const why = hidden(r);
      if (why) foreign.push({ ...r, origin: why });
      else visible.push(r);
    }
    w.foreign.set(kind, foreign);
    w.visible.set(kind, visible);
    w.foreignIds.set(kind, new Map(foreign.map((r) => [r.id, r])));
    w.otherSchoolIds.set(kind, new Set(foreign.filter((r) => r.school_id !== S).map((r) => r.id)));
    for (const r of foreign) if (r.uuid) w.foreignUuids.set(r.uuid, r);
  }
  return w;
}

/** A few foreign rows of a kind, per origin: the first and the last by id (the last course is the study hall). */
export function sample(w: ViewerWorld, kind: Kind, perOrigin = 2): Row[] {
  const byOrigin = new Map<string, Row[]>();
  for (const r of w.foreign.get(kind) ?? []) byOrigin.set(r.origin ?? "", [...(byOrigin.get(r.origin ?? "") ?? []), r]);
  return [...byOrigin.values()].flatMap((list) => {
    const picks = [list[0], list[list.length - 1], list[Math.floor(list.length / 2)]].slice(0, perOrigin);
    return [...new Set(picks)].filter((r): r is Row => r !== undefined);
  });
}

/**
 * Rows an assignment once gave and no longer does: a tile and a task pointing at a row the
 * user does not see (assignments end; tiles and tasks stay). Added to the test's own copy.
 */
export async function addEndedAssignments(
  db: Db,
  all: Everything,
  users: { id: number; school_id: number; role_id: number }[],
) {
  // a student new this week, in no course yet, who went to an event nobody is assigned to: in
  // the small test school every other student is in one of the professor's courses, so the
  // professor would have no student (and no attendance) to be refused
  const school = users[0]?.school_id;
  const [student] = await rowsOf<{ id: number }>(
    db,
    `insert into students (school_id, first_name, last_name, token, offline_code) values (${school}, 'Newly', 'Admitted', 'MATRIXNEW1', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') returning id`,
  );
  const [event] = await rowsOf<{ id: number; date: string }>(
    db,
    `select id, date::text as date from events where school_id = ${school} and visibility <> 'public' and id not in (select event_id from user_event) order by id limit 1`,
  );
  if (student && event) {
    await db.execute(sql.raw(`insert into student_event (student_id, event_id) values (${student.id}, ${event.id})`));
    await db.execute(
      sql.raw(
        `insert into attendance (attendable_id, attendable_type, school_id, student_id, status, finished, meets) values (${event.id}, 'event', ${school}, ${student.id}, 1, true, '${event.date}')`,
      ),
    );
  }
  // a pending e-mail change for every user of every school (decision 0951): only the user and
  // their editors may read its address
  await db.execute(
    sql.raw(
      "insert into email_changes (secret_hash, user_id, email, expires_at) select 'matrix-pending-' || id, id, 'pending-' || id || '@matrix.test', now() + interval '1 day' from users",
    ),
  );
  // notes on every third student of every school (the demo data has none), by nobody in particular
  await db.execute(
    sql.raw(
      "insert into notes (student_id, user_id, message) select id, null, 'Matrix note' from students where id % 3 = 0",
    ),
  );
  // an excuse in every other school (the second school's demo data has none): updateExcuse and
  // removeExcuse are tried with them
  await db.execute(
    sql.raw(
      `insert into excuses (school_id, student_id, date, notes) select school_id, min(id), current_date, 'Matrix excuse' from students where school_id <> ${school} group by school_id`,
    ),
  );
  for (const u of users.filter((x) => x.role_id >= 5)) {
    const w = worldOf(all, u);
    const own = (kind: Kind) => (w.foreign.get(kind) ?? []).filter((r) => r.school_id === u.school_id);
    const values: string[] = [];
    for (const kind of ["course", "event", "team"] as const) {
      const r = own(kind).at(-1);
      if (r) values.push(`(${u.id}, ${r.id}, '${kind}')`);
    }
    if (values.length)
      await db.execute(
        sql.raw(
          `insert into user_tiles (user_id, tileable_id, tileable_type) values ${values.join(",")} on conflict do nothing`,
        ),
      );
    const att = own("attendance").at(-1);
    if (att)
      await db.execute(
        sql.raw(
          `insert into tasks (school_id, user_id, description, taskable_id, taskable_type) values (${u.school_id}, ${u.id}, 'Follow up (assignment ended)', ${att.id}, 'attendance') on conflict do nothing`,
        ),
      );
  }
}
