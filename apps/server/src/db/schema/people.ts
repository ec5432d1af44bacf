import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { byName } from "../collation.ts";
import { foldSql } from "../search-fold.ts";
import { createdAt, deletedAt, publicUuid, ts, updatedAt } from "./columns.ts";
import { schools } from "./schools.ts";

export const students = pgTable(
  "students",
  {
    id: serial("id").primaryKey(),
    uuid: publicUuid(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    first_name: text("first_name").notNull(),
    last_name: text("last_name").notNull(),
    preferred_name: text("preferred_name"),
    // The personal token a student signs in with on the phone; staff show and reset it.
    token: text("token").notNull(),
    email: text("email"),
    phone: text("phone"),
    school_identifier: text("school_identifier"),
    age: integer("age"),
    pid_number: text("pid_number"),
    zip: text("zip"),
    date_of_birth: date("date_of_birth", { mode: "string" }),
    is_veteran: boolean("is_veteran"),
    housing: text("housing"),
    employment: text("employment"),
    sexual_identity: text("sexual_identity"),
    gender: text("gender"),
    sex: text("sex"),
    race: text("race"),
    weekly_apa: doublePrecision("weekly_apa"),
    semester_apa: doublePrecision("semester_apa"),
    // base32 secret of the time-based offline code
    offline_code: text("offline_code").notNull(),
    last_seen: ts("last_seen"),
    device_id: integer("device_id"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    // What the participants' search reads (decision 0613): "first last e-mail" folded as
    // @rollbook/domain's foldForSearch folds the term (no case, no accents: "nunez" finds
    // "Ñúñez"). Computed by the database on every insert and update, whatever writes the names.
    search_text: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          foldSql(
            sql`${students.first_name} || ' ' || ${students.last_name} || ' ' || coalesce(${students.email}, '')`,
          ),
      ),
  },
  (t) => [
    uniqueIndex("students_token").on(t.token),
    // names in the names' collation (decision 0612): the order the lists sort them in, which an
    // index on the plain columns (bytes: "Ñúñez" after "Zed") does not give
    index("students_school_name").on(t.school_id, byName(t.last_name), byName(t.first_name)),
    index("students_email").on(sql`lower(${t.email})`),
    uniqueIndex("students_school_identifier").on(t.school_id, t.school_identifier),
    // the search (global search, the list's and the pickers' term): LIKE '%x%' and the word starts
    // ('x%', '% x%') of the folded text by trigram (pg_trgm); decision 0613
    index("students_search_text_trgm").using("gin", sql`${t.search_text} gin_trgm_ops`),
    // The students list (decision 0611): a school's live students in the list's orders (ties by id),
    // so a page and its total (an index-only count) read the index, not 50,000 rows. Its `query`
    // filter reads students_search_text_trgm (decision 0613).
    index("students_live_name")
      .on(t.school_id, byName(t.last_name), byName(t.first_name), t.id)
      .where(sql`${t.deleted_at} is null`),
    // the same, name descending (the list's `desc nulls last` on each name, then id ascending):
    // a backward walk of students_live_name would give id descending too, so it needs its own
    index("students_live_name_desc")
      .on(t.school_id, sql`${byName(t.last_name)} desc nulls last`, sql`${byName(t.first_name)} desc nulls last`, t.id)
      .where(sql`${t.deleted_at} is null`),
    index("students_live_semester_apa")
      .on(t.school_id, t.semester_apa.asc().nullsLast(), t.id)
      .where(sql`${t.deleted_at} is null`),
    index("students_live_semester_apa_desc")
      .on(t.school_id, t.semester_apa.desc().nullsLast(), t.id)
      .where(sql`${t.deleted_at} is null`),
  ],
);

export const devices = pgTable(
  "devices",
  {
    id: serial("id").primaryKey(),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    type: text("type"),
    os_version: text("os_version"),
    app_version: text("app_version"),
    model_name: text("model_name"),
    // the push token of the phone, not an auth token
    token: text("token"),
    location_permission: boolean("location_permission").notNull().default(false),
    bluetooth_permission: boolean("bluetooth_permission").notNull().default(false),
    // the phone signed its student out (decision 0511): for a while it signs in nobody else
    signed_out_at: ts("signed_out_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  // which students a phone holds: looked up by the phone's token on every register
  (t) => [index("devices_student").on(t.student_id), index("devices_token").on(t.token)],
);
