import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  type attendance,
  attendanceActivity,
  attendanceOverrides,
  coordinates,
  students,
  users,
} from "../../db/schema/index.ts";
import { builder } from "../builder.ts";
import { StudentRef, type StudentRow } from "./student.ts";

type AttendanceRow = typeof attendance.$inferSelect;
type ActivityRow = typeof attendanceActivity.$inferSelect;
type CoordinatesRow = typeof coordinates.$inferSelect;
interface OverrideView {
  id: number;
  old_status: number;
  new_status: number;
  created_at: Date;
  user: { id: number; first_name: string; last_name: string } | null;
}

/** An attendance row with what the staff screens show beside it, read in one go per page. */
export interface AttendanceView extends AttendanceRow {
  activity: ActivityRow[];
  coordinates: CoordinatesRow[];
  overrides: OverrideView[];
  student: StudentRow | null;
}

const ActivityRef = builder.objectRef<ActivityRow>("Activity").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    event: t.exposeString("event"),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

const CoordinatesRef = builder.objectRef<CoordinatesRow>("Coordinates").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    attendance_id: t.exposeInt("attendance_id"),
    latitude: t.exposeFloat("latitude", { nullable: true }),
    longitude: t.exposeFloat("longitude", { nullable: true }),
    low_power: t.exposeBoolean("low_power"),
    bluetooth: t.exposeBoolean("bluetooth"),
    extra: t.expose("extra", { type: "JSON", nullable: true }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

const OverrideUserRef = builder.objectRef<NonNullable<OverrideView["user"]>>("OverrideUser").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    first_name: t.exposeString("first_name"),
    last_name: t.exposeString("last_name"),
  }),
});

const OverrideRef = builder.objectRef<OverrideView>("Override").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    old_status: t.exposeInt("old_status"),
    new_status: t.exposeInt("new_status"),
    created_at: t.expose("created_at", { type: "DateTime" }),
    // null once the acting user is deleted; the override itself stays
    user: t.field({ type: OverrideUserRef, nullable: true, resolve: (o) => o.user }),
  }),
});

export const AttendanceRef = builder.objectRef<AttendanceView>("Attendance").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    attendable_id: t.exposeInt("attendable_id"),
    attendable_type: t.exposeString("attendable_type"),
    school_id: t.exposeInt("school_id"),
    student_id: t.exposeInt("student_id"),
    location_id: t.exposeInt("location_id", { nullable: true }),
    status: t.exposeInt("status"),
    enter: t.expose("enter", { type: "DateTime", nullable: true }),
    exit: t.expose("exit", { type: "DateTime", nullable: true }),
    percentage: t.exposeFloat("percentage"),
    lock: t.exposeBoolean("lock"),
    finished: t.exposeBoolean("finished"),
    meets: t.exposeString("meets"),
    created_at: t.expose("created_at", { type: "DateTime" }),
    activity: t.field({ type: [ActivityRef], resolve: (a) => a.activity }),
    coordinates: t.field({ type: [CoordinatesRef], resolve: (a) => a.coordinates }),
    overrides: t.field({ type: [OverrideRef], resolve: (a) => a.overrides }),
    student: t.field({ type: StudentRef, nullable: true, resolve: (a) => a.student }),
  }),
});

/** Loads activity, coordinates, overrides and the student of a page of rows: four reads, not 4 per row. */
export async function withDetails(db: Db, rows: AttendanceRow[]): Promise<AttendanceView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [activity, coords, overrides, studentRows] = await Promise.all([
    db
      .select()
      .from(attendanceActivity)
      .where(inArray(attendanceActivity.attendance_id, ids))
      .orderBy(asc(attendanceActivity.created_at), asc(attendanceActivity.id)),
    db
      .select()
      .from(coordinates)
      .where(inArray(coordinates.attendance_id, ids))
      .orderBy(asc(coordinates.created_at), asc(coordinates.id)),
    db
      .select({
        id: attendanceOverrides.id,
        attendance_id: attendanceOverrides.attendance_id,
        old_status: attendanceOverrides.old_status,
        new_status: attendanceOverrides.new_status,
        created_at: attendanceOverrides.created_at,
        user_id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
      })
      .from(attendanceOverrides)
      .leftJoin(users, eq(users.id, attendanceOverrides.user_id))
      .where(inArray(attendanceOverrides.attendance_id, ids))
      .orderBy(asc(attendanceOverrides.created_at), asc(attendanceOverrides.id)),
    db
      .select()
      .from(students)
      .where(
        inArray(
          students.id,
          rows.map((r) => r.student_id),
        ),
      ),
  ]);
  const group = <T extends { attendance_id: number }>(list: T[]) => {
    const out = new Map<number, T[]>();
    for (const x of list) out.set(x.attendance_id, [...(out.get(x.attendance_id) ?? []), x]);
    return out;
  };
  const act = group(activity);
  const co = group(coords);
  const ov = group(overrides);
  const studentById = new Map(studentRows.map((s) => [s.id, s]));
  return rows.map((r) => ({
    ...r,
    activity: act.get(r.id) ?? [],
    coordinates: co.get(r.id) ?? [],
    overrides: (ov.get(r.id) ?? []).map((o) => ({
      id: o.id,
      old_status: o.old_status,
      new_status: o.new_status,
      created_at: o.created_at,
      user:
        o.user_id === null || o.first_name === null || o.last_name === null
          ? null
          : { id: o.user_id, first_name: o.first_name, last_name: o.last_name },
    })),
    student: studentById.get(r.student_id) ?? null,
  }));
}
