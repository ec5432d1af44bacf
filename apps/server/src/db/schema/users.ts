import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, ts, updatedAt } from "./columns.ts";
import { schools } from "./schools.ts";

export const roles = pgTable("roles", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  display_name: text("display_name").notNull(),
  override: boolean("override").notNull().default(false),
  reset_token: boolean("reset_token").notNull().default(false),
  create_participant: boolean("create_participant").notNull().default(false),
  assign_appointment: boolean("assign_appointment").notNull().default(false),
  create_appointment: boolean("create_appointment").notNull().default(false),
  view_information: boolean("view_information").notNull().default(false),
  access_reports: boolean("access_reports").notNull().default(false),
  cancellations: boolean("cancellations").notNull().default(false),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    role_id: integer("role_id")
      .notNull()
      .default(9)
      .references(() => roles.id),
    first_name: text("first_name").notNull(),
    last_name: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    phone_number: text("phone_number"),
    password_hash: text("password_hash"),
    prefers_sms: boolean("prefers_sms").notNull().default(false),
    active: boolean("active").notNull().default(true),
    last_seen: ts("last_seen"),
    late_email: boolean("late_email").notNull().default(false),
    absent_email: boolean("absent_email").notNull().default(true),
    tardy_absent_email: boolean("tardy_absent_email").notNull().default(false),
    pindrop_email: boolean("pindrop_email").notNull().default(false),
    daily_recap_email: boolean("daily_recap_email").notNull().default(false),
    weekly_startup_email: boolean("weekly_startup_email").notNull().default(false),
    weekly_recap_email: boolean("weekly_recap_email").notNull().default(false),
    higher_contrast: boolean("higher_contrast").notNull().default(false),
    a11y_mode: boolean("a11y_mode").notNull().default(false),
    // ids of courses and teams that alert this user; empty = all assigned
    alert_filter: jsonb("alert_filter").$type<string[]>().notNull().default([]),
    // SHA-256 of the secret in the user's calendar (iCal) feed URLs; null until first asked for
    calendar_token_hash: text("calendar_token_hash").unique(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_school").on(t.school_id, t.role_id),
  ],
);

/** Bearer tokens: only a SHA-256 of the token is stored. kind 'search' may only search. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull().unique(),
    kind: text("kind").$type<"access" | "search">().notNull(),
    // set when a user switched into another; the switch is audited too
    impersonator_id: integer("impersonator_id").references(() => users.id),
    expires_at: ts("expires_at").notNull(),
    revoked_at: ts("revoked_at"),
    last_used_at: ts("last_used_at"),
    created_at: createdAt(),
  },
  (t) => [index("access_tokens_user").on(t.user_id)],
);

export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    // SHA-256 of the link's secret; the secret itself is only in the mail (decision 0411)
    secret_hash: text("secret_hash").notNull().unique(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    role_id: integer("role_id")
      .notNull()
      .references(() => roles.id),
    email: text("email").notNull(),
    first_name: text("first_name").notNull(),
    last_name: text("last_name"),
    // a users import's phone (decision 0951): written to the user at registration
    phone_number: text("phone_number"),
    invited_by: integer("invited_by").references(() => users.id),
    expires_at: ts("expires_at").notNull(),
    accepted_at: ts("accepted_at"),
    created_at: createdAt(),
  },
  (t) => [index("invitations_email").on(sql`lower(${t.email})`)],
);

export const passwordResets = pgTable("password_resets", {
  id: serial("id").primaryKey(),
  // SHA-256 of the link's secret, as for invitations
  secret_hash: text("secret_hash").notNull().unique(),
  user_id: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expires_at: ts("expires_at").notNull(),
  used_at: ts("used_at"),
  created_at: createdAt(),
});

/**
 * A change of a user's e-mail (their sign-in) waiting for its new address to confirm it through
 * a mailed single-use link; only the link's hash is stored (decisions 0411, 0951).
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: serial("id").primaryKey(),
    secret_hash: text("secret_hash").notNull().unique(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    requested_by: integer("requested_by").references(() => users.id),
    expires_at: ts("expires_at").notNull(),
    used_at: ts("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("email_changes_user").on(t.user_id)],
);
