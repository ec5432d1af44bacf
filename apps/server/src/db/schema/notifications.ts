import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns.ts";
import { schools } from "./schools.ts";

/**
 * One row per notice that must go out once (decision 0900): claimed with ON CONFLICT DO NOTHING
 * in the transaction that queues its mail, so a rerun or a second process sends none twice.
 * recipient: "user:<id>" or "student:<id>"; period: the day, the week's Monday or the session.
 */
export const notificationClaims = pgTable(
  "notification_claims",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    period: text("period").notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("notification_claims_once").on(t.kind, t.recipient, t.period)],
);

/**
 * Text messages written by the default SMS provider (decision 0900): no gateway is wired, so
 * they wait here for one, and the Technical tab can show them. sent_at is for a real provider.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    text: text("text").notNull(),
    created_at: createdAt(),
    sent_at: ts("sent_at"),
  },
  (t) => [index("sms_outbox_created").on(t.created_at)],
);
