import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { events } from "./attendables.ts";
import { createdAt, ts } from "./columns.ts";
import { students } from "./people.ts";

/**
 * The public event signup (/EventSignup/{uuid}): a guest names a student by school e-mail or
 * school identifier, and the link that confirms (or later drops) goes to the student's school
 * e-mail, so the page never says who is a student. Only a SHA-256 of the link's secret is kept.
 */
export const eventSignupTokens = pgTable(
  "event_signup_tokens",
  {
    id: serial("id").primaryKey(),
    event_id: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull().unique(),
    expires_at: ts("expires_at").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("event_signup_tokens_event_student").on(t.event_id, t.student_id)],
);
