import type { Reason } from "@rollbook/domain";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, deletedAt, ts, updatedAt } from "./columns.ts";
import { students } from "./people.ts";
import { locations } from "./places.ts";
import { schools } from "./schools.ts";
import { users } from "./users.ts";

export type AttendableType = "course" | "event";

/** The reasons behind an attendance's confidence, and the status its unbelieved presence would give. */
export interface AttendanceEvidence {
  reasons: Reason[];
  /** a status the phone's presence would give but that is not believed (under the threshold); null: none */
  unconfirmed: number | null;
}

/**
 * One student's attendance at one session (attendable on the date `meets`). Its pages keep 30 %
 * free (fillfactor 70, set by migration 0016; drizzle-kit does not track it): the engine rewrites
 * an open row on most pings (decision 0567).
 */
export const attendance = pgTable(
  "attendance",
  {
    id: serial("id").primaryKey(),
    attendable_id: integer("attendable_id").notNull(),
    attendable_type: text("attendable_type").$type<AttendableType>().notNull(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    location_id: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    status: smallint("status").notNull().default(0),
    enter: ts("enter"),
    exit: ts("exit"),
    percentage: doublePrecision("percentage").notNull().default(0),
    // how far the presence behind the status is believed, 0..1, and why (decision 0550); null: no signal yet
    confidence: doublePrecision("confidence"),
    evidence: jsonb("evidence").$type<AttendanceEvidence>(),
    // the engine's running state, so a ping costs the same early and late in a session (engine/verdict.ts)
    engine_state: jsonb("engine_state"),
    lock: boolean("lock").notNull().default(false),
    finished: boolean("finished").notNull().default(false),
    meets: date("meets", { mode: "string" }).notNull(),
    // the clock time the session starts (its course's or event's start_time when the row was
    // written), the Status and Student reports' second date key; filled by a trigger on insert
    // whenever the writer leaves it out (migration 0024, decision 0820)
    session_start: time("session_start"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("attendance_session_student").on(t.attendable_type, t.attendable_id, t.meets, t.student_id),
    // a student's rows by date; school_id and status too so that counting a viewer's students'
    // attendance (the reports of an assigned-only viewer) reads the index only (decision 0820)
    index("attendance_student_meets").on(t.student_id, t.meets, t.school_id, t.status),
    index("attendance_school_meets").on(t.school_id, t.meets, t.status),
    // a school's rows in the Status report's date order (meets, session start, id), with what its
    // total and status counts read (status, student_id for the visibility), so a page reads its own
    // rows and the counts read the index only (decision 0820)
    index("attendance_school_meets_start_id").on(t.school_id, t.meets, t.session_start, t.id, t.status, t.student_id),
  ],
);

/**
 * How many attendance rows each session has of each status, kept by triggers on attendance (every
 * writer at once: engine, finaliser, overrides, bulk SQL; migration 0012, decision 0821): the Status
 * report's total and chart for a viewer who sees the whole school read this, not 2 million rows.
 * location_id is the attendance's location, 0 for none (a key column cannot be null).
 */
export const attendanceSessionCounts = pgTable(
  "attendance_session_counts",
  {
    school_id: integer("school_id").notNull(),
    meets: date("meets", { mode: "string" }).notNull(),
    attendable_type: text("attendable_type").$type<AttendableType>().notNull(),
    attendable_id: integer("attendable_id").notNull(),
    location_id: integer("location_id").notNull(),
    status: smallint("status").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [
    primaryKey({
      name: "attendance_session_counts_pkey",
      columns: [t.school_id, t.meets, t.attendable_type, t.attendable_id, t.location_id, t.status],
    }),
  ],
);

export const coordinates = pgTable(
  "coordinates",
  {
    id: serial("id").primaryKey(),
    attendance_id: integer("attendance_id")
      .notNull()
      .references(() => attendance.id, { onDelete: "cascade" }),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    low_power: boolean("low_power").notNull().default(false),
    bluetooth: boolean("bluetooth").notNull().default(false),
    extra: jsonb("extra"),
    created_at: createdAt(),
  },
  (t) => [index("coordinates_attendance").on(t.attendance_id)],
);

/** Every ping a device sent, stored once by the device's own ping id. */
export const pings = pgTable(
  "pings",
  {
    id: serial("id").primaryKey(),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    device_ping_id: text("device_ping_id").notNull(),
    recorded_at: ts("recorded_at").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    accuracy: doublePrecision("accuracy"),
    low_power: boolean("low_power").notNull().default(false),
    bluetooth: boolean("bluetooth").notNull().default(false),
    beacons: jsonb("beacons").$type<{ factory_id: string; rssi?: number }[]>(),
    extra: jsonb("extra"),
    // the location the ping was at, when it was at one
    location_id: integer("location_id"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("pings_student_device_id").on(t.student_id, t.device_ping_id),
    index("pings_student_recorded").on(t.student_id, t.recorded_at),
    // pings by time: the Presence report (a window of every location) and the Facility report
    // (one location, one day) read a range of it, not the whole table (decision 0820)
    index("pings_recorded").on(t.recorded_at, t.location_id, t.student_id),
  ],
);

/**
 * Each student's pings per place and day of the school's calendar (first, last, how many), kept by a
 * trigger on pings (migrations 0012-0013, decision 0821): the Presence report over dates reads this.
 * A ping's place is reports/ping-place.ts's rule, applied when the ping is stored.
 */
export const presenceDaily = pgTable(
  "presence_daily",
  {
    // the student's school: a school's rows without a join to students
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    day: date("day", { mode: "string" }).notNull(),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    location_id: integer("location_id").notNull(),
    first_seen: ts("first_seen").notNull(),
    last_seen: ts("last_seen").notNull(),
    pings: integer("pings").notNull(),
  },
  (t) => [primaryKey({ name: "presence_daily_pkey", columns: [t.school_id, t.day, t.student_id, t.location_id] })],
);

export const attendanceActivity = pgTable(
  "attendance_activity",
  {
    id: serial("id").primaryKey(),
    attendance_id: integer("attendance_id")
      .notNull()
      .references(() => attendance.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("attendance_activity_attendance").on(t.attendance_id)],
);

export const attendanceOverrides = pgTable(
  "attendance_overrides",
  {
    id: serial("id").primaryKey(),
    attendance_id: integer("attendance_id")
      .notNull()
      .references(() => attendance.id, { onDelete: "cascade" }),
    old_status: smallint("old_status").notNull(),
    new_status: smallint("new_status").notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("attendance_overrides_attendance").on(t.attendance_id)],
);

export const excuses = pgTable(
  "excuses",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    notes: text("notes"),
    // null attendable: the whole day
    attendable_id: integer("attendable_id"),
    attendable_type: text("attendable_type").$type<AttendableType>(),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [index("excuses_student_date").on(t.student_id, t.date)],
);
