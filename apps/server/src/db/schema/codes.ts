import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { students } from "./people.ts";

/**
 * Scan and offline codes already used, so each counts once per student and 30 s step
 * (decision 0510). The primary key makes the claim atomic: a replay, even a concurrent one,
 * inserts nothing. Rows of steps no longer accepted are pruned as new ones are claimed.
 */
export const usedCodes = pgTable(
  "used_codes",
  {
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    // "scan" (an event's QR code) or "offline_code" (the student's own code, typed by staff)
    kind: text("kind").notNull(),
    // the event of a scan code; 0 for the offline code, which is the student's own
    subject_id: integer("subject_id").notNull(),
    // the code's TOTP step: Unix seconds / 30
    step: integer("step").notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.kind, t.subject_id, t.step] })],
);
