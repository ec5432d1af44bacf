import { asc } from "drizzle-orm";
import { byName } from "../../db/collation.ts";
import {
  courses,
  events,
  students,
  teams,
  userCourse,
  userEvent,
  userStudent,
  type users,
  userTeam,
} from "../../db/schema/index.ts";
import { pendingEmail } from "../../users/pending-email.ts";
import { builder } from "../builder.ts";
import { RoleRef, roleShape } from "./role.ts";

export type UserRow = typeof users.$inferSelect;

const Named = builder
  .objectRef<{ id: number; uuid?: string; title?: string; name?: string }>("AssignedItem")
  .implement({
    fields: (t) => ({
      id: t.exposeInt("id"),
      uuid: t.string({ nullable: true, resolve: (r) => r.uuid ?? null }),
      title: t.string({ nullable: true, resolve: (r) => r.title ?? null }),
      name: t.string({ nullable: true, resolve: (r) => r.name ?? null }),
    }),
  });

const AssignedStudent = builder
  .objectRef<{ id: number; uuid: string; first_name: string; last_name: string }>("AssignedStudent")
  .implement({
    fields: (t) => ({
      id: t.exposeInt("id"),
      uuid: t.exposeString("uuid"),
      first_name: t.exposeString("first_name"),
      last_name: t.exposeString("last_name"),
    }),
  });

/** A staff user's fields (spec section 3), shared by User and Me. */
export const UserFields = builder.interfaceRef<UserRow>("UserFields").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    first_name: t.exposeString("first_name"),
    last_name: t.exposeString("last_name"),
    email: t.exposeString("email"),
    pending_email: t.string({
      nullable: true,
      description:
        "The new e-mail a mailed link waits to confirm (neither used nor expired); only for the user and those who may edit them, else null.",
      resolve: (u, _a, { data }) => pendingEmail(data, u),
    }),
    school_id: t.exposeInt("school_id"),
    phone_number: t.exposeString("phone_number", { nullable: true }),
    prefers_sms: t.exposeBoolean("prefers_sms"),
    active: t.exposeBoolean("active"),
    last_seen: t.expose("last_seen", { type: "DateTime", nullable: true }),
    late_email: t.exposeBoolean("late_email"),
    absent_email: t.exposeBoolean("absent_email"),
    tardy_absent_email: t.exposeBoolean("tardy_absent_email"),
    pindrop_email: t.exposeBoolean("pindrop_email"),
    daily_recap_email: t.exposeBoolean("daily_recap_email"),
    weekly_startup_email: t.exposeBoolean("weekly_startup_email"),
    weekly_recap_email: t.exposeBoolean("weekly_recap_email"),
    higher_contrast: t.exposeBoolean("higher_contrast"),
    a11y_mode: t.exposeBoolean("a11y_mode"),
    alert_filter: t.stringList({ resolve: (u) => u.alert_filter ?? [] }),
    role_id: t.exposeInt("role_id"),
    role: t.field({
      type: RoleRef,
      resolve: (u, _a, ctx) => roleShape(u.role_id, ctx.viewer?.user.id === u.id ? ctx.viewer.permissions : undefined),
    }),
    assignedCourses: t.field({
      type: [Named],
      // batched over every user of the response; only what the viewer may see
      resolve: (u, _a, { data }) =>
        data.through("courses", { owner: userCourse.user_id, target: userCourse.course_id }, u.id, [
          asc(byName(courses.title)),
          asc(courses.id),
        ]),
    }),
    assignedEvents: t.field({
      type: [Named],
      resolve: (u, _a, { data }) =>
        data.through("events", { owner: userEvent.user_id, target: userEvent.event_id }, u.id, [
          asc(byName(events.title)),
          asc(events.id),
        ]),
    }),
    assignedTeams: t.field({
      type: [Named],
      resolve: (u, _a, { data }) =>
        data.through("teams", { owner: userTeam.user_id, target: userTeam.team_id }, u.id, [
          asc(byName(teams.name)),
          asc(teams.id),
        ]),
    }),
    assignedStudents: t.field({
      type: [AssignedStudent],
      resolve: (u, _a, { data }) =>
        data.through("students", { owner: userStudent.user_id, target: userStudent.student_id }, u.id, [
          asc(byName(students.last_name)),
          asc(byName(students.first_name)),
          asc(students.id),
        ]),
    }),
  }),
});

export const UserRef = builder.objectRef<UserRow>("User").implement({
  interfaces: [UserFields],
  fields: (t) => ({
    // removed users stay readable (restore, names on history); the list's state filter hides them
    deleted_at: t.expose("deleted_at", { type: "DateTime", nullable: true }),
  }),
});
