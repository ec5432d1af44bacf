import { boolean, date, doublePrecision, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, updatedAt } from "./columns.ts";

export const schools = pgTable("schools", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  address: text("address"),
  contact_person: text("contact_person"),
  phone: text("phone"),
  email: text("email"),
  support_email: text("support_email"),
  // minutes after the start; see decisions.md "How attendance is taken"
  late_time: integer("late_time").notNull().default(5),
  absent_time: integer("absent_time").notNull().default(15),
  leave_time: integer("leave_time").notNull().default(10),
  warning_percentage: integer("warning_percentage").notNull().default(80),
  // presence believed less than this goes to staff review; null: the default (decision 0550)
  review_threshold: doublePrecision("review_threshold"),
  timezone: text("timezone").notNull().default("UTC"),
  token_pattern: text("token_pattern").notNull().default("random"),
  student_cap: integer("student_cap"),
  allow_user_invite: boolean("allow_user_invite").notNull().default(true),
  created_at: createdAt(),
  updated_at: updatedAt(),
  deleted_at: deletedAt(),
});

export const schoolClosures = pgTable(
  "school_closures",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    start_date: date("start_date", { mode: "string" }).notNull(),
    end_date: date("end_date", { mode: "string" }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index("school_closures_school_dates").on(t.school_id, t.start_date)],
);
