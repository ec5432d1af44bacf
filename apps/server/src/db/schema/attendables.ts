import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  time,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { byName } from "../collation.ts";
import { foldSql } from "../search-fold.ts";
import { createdAt, deletedAt, publicUuid, ts, updatedAt } from "./columns.ts";
import { locations } from "./places.ts";
import { schools } from "./schools.ts";

export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    uuid: publicUuid(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    location_id: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    crn: text("crn"),
    course_number: text("course_number"),
    title: text("title").notNull(),
    subject: text("subject"),
    start_time: time("start_time").notNull(),
    end_time: time("end_time").notNull(),
    semester_start: date("semester_start", { mode: "string" }),
    semester_end: date("semester_end", { mode: "string" }),
    meet_sun: boolean("meet_sun").notNull().default(false),
    meet_mon: boolean("meet_mon").notNull().default(false),
    meet_tue: boolean("meet_tue").notNull().default(false),
    meet_wed: boolean("meet_wed").notNull().default(false),
    meet_thu: boolean("meet_thu").notNull().default(false),
    meet_fri: boolean("meet_fri").notNull().default(false),
    meet_sat: boolean("meet_sat").notNull().default(false),
    is_archived: boolean("is_archived").notNull().default(false),
    is_indefinite: boolean("is_indefinite").notNull().default(false),
    late_time: integer("late_time"),
    absent_time: integer("absent_time"),
    min_percentage: integer("min_percentage"),
    alerts_students: boolean("alerts_students").notNull().default(false),
    manual_attendance: boolean("manual_attendance").notNull().default(false),
    locked: boolean("locked").notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    // titles in the names' collation (decision 0614): the order of a page of the courses list by title,
    // which an index on the plain column (bytes: "Économie" after "Zoology") does not give
    index("courses_school_title").on(t.school_id, byName(t.title), t.id),
    // the search's folded title (decision 0615: "cafe" finds "Café"), by trigram
    index("courses_title_fold_trgm").using("gin", sql`${foldSql(sql`${t.title}`)} gin_trgm_ops`),
  ],
);

export const teams = pgTable(
  "teams",
  {
    id: serial("id").primaryKey(),
    uuid: publicUuid(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    name: text("name").notNull(),
    tag: text("tag"),
    apa: doublePrecision("apa"),
    is_sport: boolean("is_sport").notNull().default(false),
    visibility: text("visibility").notNull().default("private"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    // names in the names' collation, as courses_school_title (decision 0614)
    index("teams_school_name").on(t.school_id, byName(t.name), t.id),
    index("teams_name_fold_trgm").using("gin", sql`${foldSql(sql`${t.name}`)} gin_trgm_ops`),
  ],
);

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    uuid: publicUuid(),
    ern: text("ern"),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    location_id: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description"),
    date: date("date", { mode: "string" }).notNull(),
    start_time: time("start_time").notNull(),
    end_time: time("end_time").notNull(),
    capacity: integer("capacity"),
    visibility: text("visibility").notNull().default("private"),
    late_time: integer("late_time"),
    absent_time: integer("absent_time"),
    min_percentage: integer("min_percentage"),
    drop_cutoff: integer("drop_cutoff").notNull().default(240),
    alerts_students: boolean("alerts_students").notNull().default(false),
    required: boolean("required").notNull().default(false),
    // team that may sign up, when restricted
    restricted_by: integer("restricted_by").references(() => teams.id, { onDelete: "set null" }),
    // secret the rotating scan_code is derived from
    scan_secret: text("scan_secret").notNull().default(sql`md5(random()::text || clock_timestamp()::text)`),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    index("events_school_date").on(t.school_id, t.date),
    // the list sorted by title, in the names' collation (as courses_school_title, decision 0614)
    index("events_school_title").on(t.school_id, byName(t.title), t.id),
    index("events_title_fold_trgm").using("gin", sql`${foldSql(sql`${t.title}`)} gin_trgm_ops`),
  ],
);

export const travel = pgTable(
  "travel",
  {
    id: serial("id").primaryKey(),
    team_id: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    start_date: ts("start_date").notNull(),
    end_date: ts("end_date").notNull(),
    notes: text("notes"),
    is_away: boolean("is_away").notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [index("travel_team_dates").on(t.team_id, t.start_date)],
);

export const cancellations = pgTable(
  "cancellations",
  {
    id: serial("id").primaryKey(),
    course_id: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    notes: text("notes"),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("cancellations_course_date").on(t.course_id, t.date)],
);
