import { canManageUsers, isAdmin, ROLES, seesAssignedOnly } from "@rollbook/domain";
import { type AnyColumn, and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  attendance,
  beacons,
  cancellations,
  courses,
  devices,
  emailChanges,
  events,
  excuses,
  imports,
  invitations,
  locations,
  notes,
  pings,
  schoolClosures,
  schools,
  students,
  tasks,
  teams,
  travel,
  users,
  userTiles,
} from "../db/schema/index.ts";
import type { Viewer } from "./viewer.ts";

/**
 * "May this user see this row", as SQL conditions, in one place. Admins see
 * their school (role 1 the school it switched to); roles 5-9 see what is
 * linked to them and the students enrolled in it. Only access/scoped.ts and
 * the feature modules it hands a viewer to use these.
 */
export function visibleStudents(v: Viewer): SQL {
  return and(visibleStudentsAnyState(v), isNull(students.deleted_at)) as SQL;
}

/** Like visibleStudents but including removed students (for restore and history). */
export function visibleStudentsAnyState(v: Viewer): SQL {
  const base = eq(students.school_id, v.schoolId);
  if (!seesAssignedOnly(v.roleId)) return base;
  return and(base, sql`${students.id} in (${assignedStudentIds(v.user.id)})`) as SQL;
}

export function assignedStudentIds(userId: number): SQL {
  return sql`
    select student_id from user_student where user_id = ${userId}
    union select sc.student_id from student_course sc join user_course uc on uc.course_id = sc.course_id where uc.user_id = ${userId}
    union select se.student_id from student_event se join user_event ue on ue.event_id = se.event_id where ue.user_id = ${userId}
    union select st.student_id from student_team st join user_team ut on ut.team_id = st.team_id where ut.user_id = ${userId}`;
}

export function visibleCourses(v: Viewer): SQL {
  return and(visibleCoursesAnyState(v), isNull(courses.deleted_at)) as SQL;
}

/** Like visibleCourses but including removed courses (restore, history, reports). */
export function visibleCoursesAnyState(v: Viewer): SQL {
  const base = eq(courses.school_id, v.schoolId);
  if (!seesAssignedOnly(v.roleId)) return base;
  return and(base, sql`${courses.id} in (select course_id from user_course where user_id = ${v.user.id})`) as SQL;
}

export function visibleEvents(v: Viewer): SQL {
  return and(visibleEventsAnyState(v), isNull(events.deleted_at)) as SQL;
}

/** Like visibleEvents but including removed events (restore, history, reports). */
export function visibleEventsAnyState(v: Viewer): SQL {
  const base = eq(events.school_id, v.schoolId);
  if (!seesAssignedOnly(v.roleId)) return base;
  return and(
    base,
    or(
      sql`${events.id} in (select event_id from user_event where user_id = ${v.user.id})`,
      eq(events.visibility, "public"),
    ),
  ) as SQL;
}

export function visibleTeams(v: Viewer): SQL {
  return and(visibleTeamsAnyState(v), isNull(teams.deleted_at)) as SQL;
}

/** Like visibleTeams but including removed teams (restore, history, reports). */
export function visibleTeamsAnyState(v: Viewer): SQL {
  const base = eq(teams.school_id, v.schoolId);
  if (!seesAssignedOnly(v.roleId)) return base;
  return and(base, sql`${teams.id} in (select team_id from user_team where user_id = ${v.user.id})`) as SQL;
}

/** A travel follows its team; a cancellation its course (removed ones stay out). */
export const visibleTravel = (v: Viewer): SQL =>
  sql`${travel.team_id} in (select ${teams.id} from ${teams} where ${visibleTeams(v)})`;
export const visibleCancellations = (v: Viewer): SQL =>
  sql`${cancellations.course_id} in (select ${courses.id} from ${courses} where ${visibleCourses(v)})`;

/**
 * Attendance follows its student (decision 0125): whoever may see a student, removed ones
 * included, sees all of that student's attendance in the school.
 */
export function visibleAttendance(v: Viewer): SQL {
  return and(
    eq(attendance.school_id, v.schoolId),
    sql`${attendance.student_id} in (select ${students.id} from ${students} where ${visibleStudentsAnyState(v)})`,
  ) as SQL;
}

/** Tasks and tiles are the viewer's own; a tile's subject is checked again when it is shown. */
export const ownTasks = (v: Viewer): SQL => and(eq(tasks.user_id, v.user.id), eq(tasks.school_id, v.schoolId)) as SQL;
export const ownTiles = (v: Viewer): SQL => eq(userTiles.user_id, v.user.id);

/** Role 1 spans schools (it switches between them); everyone else sees their own. */
export function visibleSchools(v: Viewer): SQL {
  const live = isNull(schools.deleted_at);
  return v.roleId === 1 ? live : (and(live, eq(schools.id, v.schoolId)) as SQL);
}

/** Closures of the schools the viewer sees. */
export function visibleClosures(v: Viewer): SQL {
  return sql`${schoolClosures.school_id} in (select ${schools.id} from ${schools} where ${visibleSchools(v)})`;
}

/** Staff of the viewer's current school, removed ones included (names on past overrides stay). */
export const visibleUsers = (v: Viewer): SQL => eq(users.school_id, v.schoolId);

/**
 * A user's e-mail changes (decision 0951) are seen by the user and by those who may edit them
 * (canManageUser: their school, a role the viewer's rank reaches, not oneself), with a sign-in
 * token only: the address waiting for its link is nobody else's business.
 */
export function visibleEmailChanges(v: Viewer): SQL {
  const own = eq(emailChanges.user_id, v.user.id);
  if (v.tokenKind !== "access") return sql`false`;
  const ranks = ROLES.filter((r) => canManageUsers(v.roleId, r.id)).map((r) => r.id);
  if (!ranks.length) return own;
  const managed = and(visibleUsers(v), inArray(users.role_id, ranks), sql`${users.id} <> ${v.user.id}`);
  return or(own, sql`${emailChanges.user_id} in (select ${users.id} from ${users} where ${managed})`) as SQL;
}

export const visibleLocations = (v: Viewer): SQL =>
  and(eq(locations.school_id, v.schoolId), isNull(locations.deleted_at)) as SQL;

export const visibleBeacons = (v: Viewer): SQL => eq(beacons.school_id, v.schoolId);

export const visibleInvitations = (v: Viewer): SQL => eq(invitations.school_id, v.schoolId);

/** `<column> in (the students this viewer may see, removed ones included)`. */
const ofVisibleStudent = (v: Viewer, column: SQL | AnyColumn): SQL =>
  sql`${column} in (select ${students.id} from ${students} where ${visibleStudentsAnyState(v)})`;

/**
 * Notes, devices and pings follow their student like attendance does (decision 0600): whoever
 * may see a student, removed ones included, sees them.
 */
export const visibleNotes = (v: Viewer): SQL => ofVisibleStudent(v, notes.student_id);
export const visibleDevices = (v: Viewer): SQL => ofVisibleStudent(v, devices.student_id);
export const visiblePings = (v: Viewer): SQL => ofVisibleStudent(v, pings.student_id);

/** Excuses of the viewer's school whose student the viewer may see; a removed excuse is gone. */
export const visibleExcuses = (v: Viewer): SQL =>
  and(eq(excuses.school_id, v.schoolId), isNull(excuses.deleted_at), ofVisibleStudent(v, excuses.student_id)) as SQL;

/** Imports of the viewer's school, for its admins only (the Imports tab of /Settings, decision 0970). */
export const visibleImports = (v: Viewer): SQL => (isAdmin(v.roleId) ? eq(imports.school_id, v.schoolId) : sql`false`);
