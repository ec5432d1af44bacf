import { boolean, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { courses, events, teams, travel } from "./attendables.ts";
import { createdAt } from "./columns.ts";
import { students } from "./people.ts";
import { invitations, users } from "./users.ts";

const student = () =>
  integer("student_id")
    .notNull()
    .references(() => students.id, { onDelete: "cascade" });
const user = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const studentCourse = pgTable(
  "student_course",
  {
    student_id: student(),
    course_id: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.course_id] }), index("student_course_course").on(t.course_id)],
);

export const studentEvent = pgTable(
  "student_event",
  {
    student_id: student(),
    event_id: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    in_waitlist: boolean("in_waitlist").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.event_id] }), index("student_event_event").on(t.event_id)],
);

export const studentTeam = pgTable(
  "student_team",
  {
    student_id: student(),
    team_id: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.team_id] }), index("student_team_team").on(t.team_id)],
);

export const studentTravel = pgTable(
  "student_travel",
  {
    student_id: student(),
    travel_id: integer("travel_id")
      .notNull()
      .references(() => travel.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.travel_id] }), index("student_travel_travel").on(t.travel_id)],
);

export const userCourse = pgTable(
  "user_course",
  {
    user_id: user(),
    course_id: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.course_id] }), index("user_course_course").on(t.course_id)],
);

/**
 * Courses a OneRoster teacher or administrator enrollment gives an invited address (decision
 * 0951): the user is assigned to them at registration (auth/register.ts).
 */
export const invitationCourse = pgTable(
  "invitation_course",
  {
    invitation_id: integer("invitation_id")
      .notNull()
      .references(() => invitations.id, { onDelete: "cascade" }),
    course_id: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.invitation_id, t.course_id] }), index("invitation_course_course").on(t.course_id)],
);

export const userEvent = pgTable(
  "user_event",
  {
    user_id: user(),
    event_id: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.event_id] }), index("user_event_event").on(t.event_id)],
);

export const userStudent = pgTable(
  "user_student",
  {
    user_id: user(),
    student_id: student(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.student_id] }), index("user_student_student").on(t.student_id)],
);

export const userTeam = pgTable(
  "user_team",
  {
    user_id: user(),
    team_id: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.team_id] }), index("user_team_team").on(t.team_id)],
);
