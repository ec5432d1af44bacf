import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, ts } from "./columns.ts";
import { students } from "./people.ts";
import { schools } from "./schools.ts";
import { users } from "./users.ts";

export const notes = pgTable(
  "notes",
  {
    id: serial("id").primaryKey(),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("notes_student").on(t.student_id)],
);

/** A follow-up for one user, e.g. an absence (taskable_type 'attendance'). */
export const tasks = pgTable(
  "tasks",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    taskable_id: integer("taskable_id"),
    taskable_type: text("taskable_type"),
    created_at: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    index("tasks_user_open").on(t.user_id).where(sql`${t.deleted_at} is null`),
    uniqueIndex("tasks_user_taskable").on(t.user_id, t.taskable_type, t.taskable_id),
  ],
);

export const userTiles = pgTable(
  "user_tiles",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tileable_id: integer("tileable_id").notNull(),
    tileable_type: text("tileable_type").$type<"team" | "course" | "event">().notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("user_tiles_unique").on(t.user_id, t.tileable_type, t.tileable_id)],
);

export const imports = pgTable("imports", {
  id: serial("id").primaryKey(),
  uuid: uuid("uuid").notNull().unique().default(sql`gen_random_uuid()`),
  school_id: integer("school_id")
    .notNull()
    .references(() => schools.id),
  user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  kind: text("kind").notNull(),
  status: text("status").$type<"queued" | "running" | "done" | "failed">().notNull().default("queued"),
  progress: integer("progress").notNull().default(0),
  total_rows: integer("total_rows").notNull().default(0),
  // line 0 is about the file, not a row: a failure, or the note of how many rows had errors past
  // the listed ones (`rows`)
  row_errors: jsonb("row_errors").$type<{ line: number; reason: string; rows?: number }[]>().notNull().default([]),
  created_at: createdAt(),
  finished_at: ts("finished_at"),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id"),
    user_id: integer("user_id"),
    // the real actor when acting as another user
    impersonator_id: integer("impersonator_id"),
    action: text("action").notNull(),
    subject_type: text("subject_type"),
    subject_id: integer("subject_id"),
    data: jsonb("data"),
    created_at: createdAt(),
  },
  (t) => [index("audit_log_school_created").on(t.school_id, t.created_at)],
);

/**
 * The mail spool: every mail is written here first, then a relay delivers it through SMTP with
 * retries (decision 0412). `text` is the mail as delivered, links and secrets included.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // the HTML alternative of `text`; null: plain text only
    html: text("html"),
    created_at: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    // when a relay may (re)try it; a claim moves it ahead so other relays leave it alone
    next_attempt_at: ts("next_attempt_at").notNull().defaultNow(),
    last_error: text("last_error"),
    sent_at: ts("sent_at"),
  },
  (t) => [index("mail_outbox_due").on(t.next_attempt_at).where(sql`${t.sent_at} is null`)],
);
