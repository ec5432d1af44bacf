import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { AttendableType } from "./attendance.ts";
import { createdAt } from "./columns.ts";
import { schools } from "./schools.ts";

/**
 * Sessions the finaliser has ended, one row each: inserted with `on conflict do nothing` in the
 * transaction that writes the final statuses, so with several server processes each session is
 * finalised by exactly one of them, and never twice.
 */
export const finalisedSessions = pgTable(
  "finalised_sessions",
  {
    attendable_type: text("attendable_type").$type<AttendableType>().notNull(),
    attendable_id: integer("attendable_id").notNull(),
    meets: date("meets", { mode: "string" }).notNull(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    // how many enrolled students were written
    students: integer("students").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.attendable_type, t.attendable_id, t.meets] })],
);
