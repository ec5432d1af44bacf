import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { courses, events, teams, users } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { auditUser } from "./audit.ts";
import { phoneField } from "./fields.ts";
import { managedUser, type UserRow, visibleUser } from "./guard.ts";

export const MAIL_CHOICES = [
  "late_email",
  "absent_email",
  "tardy_absent_email",
  "pindrop_email",
  "daily_recap_email",
  "weekly_startup_email",
  "weekly_recap_email",
] as const;

export type NotificationArgs = {
  user_id: number;
  prefers_sms?: boolean | null;
  phone_number?: string | null;
  alert_filter?: string[] | null;
} & {
  [K in (typeof MAIL_CHOICES)[number]]?: boolean | null;
};

const MAX_FILTER = 200;
const KINDS = {
  course: { table: courses as PgTable, id: courses.id as PgColumn, school: courses.school_id as PgColumn },
  event: { table: events as PgTable, id: events.id as PgColumn, school: events.school_id as PgColumn },
  team: { table: teams as PgTable, id: teams.id as PgColumn, school: teams.school_id as PgColumn },
} as const;

/**
 * alert_filter (decision 0341): "course:<id>", "event:<id>" or "team:<id>" of the user's school;
 * empty lets every assigned course, event and team through. Unknown ids are named, not dropped.
 */
export async function checkAlertFilter(data: Scoped, schoolId: number, entries: readonly string[]): Promise<string[]> {
  const list = [...new Set(entries.map((e) => e.trim().toLowerCase()))];
  if (list.length > MAX_FILTER) throw userError(`alert_filter: at most ${MAX_FILTER} entries`, "alert_filter");
  const wanted: Record<keyof typeof KINDS, number[]> = { course: [], event: [], team: [] };
  for (const e of list) {
    const m = /^(course|event|team):([1-9][0-9]{0,9})$/.exec(e);
    const id = m ? Number(m[2]) : Number.NaN;
    if (!m || id > 2147483647)
      throw userError(`alert_filter: "${e.slice(0, 40)}" is not course:<id>, event:<id> or team:<id>`, "alert_filter");
    wanted[m[1] as keyof typeof KINDS].push(id);
  }
  const { db } = systemOf(data);
  for (const [kind, ids] of Object.entries(wanted) as [keyof typeof KINDS, number[]][]) {
    if (ids.length === 0) continue;
    const spec = KINDS[kind];
    const found = await db
      .select({ id: spec.id })
      .from(spec.table)
      .where(and(inArray(spec.id, ids), eq(spec.school, schoolId)));
    const have = new Set(found.map((f) => f.id as number));
    const missing = ids.find((i) => !have.has(i));
    if (missing !== undefined)
      throw userError(`alert_filter: ${kind}:${missing} is not in this school`, "alert_filter");
  }
  return list;
}

/** The Notifications tab and the profile's: the user themself, or a user within the viewer's rank. */
export async function updateNotifications(data: Scoped, args: NotificationArgs): Promise<UserRow> {
  const own = args.user_id === data.viewer.user.id;
  const target = own ? await visibleUser(data, args.user_id) : await managedUser(data, args.user_id);
  const set: Partial<UserRow> = {};
  for (const k of MAIL_CHOICES) {
    const value = args[k];
    if (value !== null && value !== undefined) set[k] = value;
  }
  if (args.phone_number !== undefined) set.phone_number = phoneField(args.phone_number);
  if (args.prefers_sms != null) set.prefers_sms = args.prefers_sms;
  const phone = set.phone_number !== undefined ? set.phone_number : target.phone_number;
  if ((set.prefers_sms ?? target.prefers_sms) && !phone)
    throw userError("phone_number is needed to receive SMS", "phone_number");
  if (args.alert_filter != null) set.alert_filter = await checkAlertFilter(data, target.school_id, args.alert_filter);
  if (Object.keys(set).length === 0) return target;
  const [row] = await data.update("users", eq(users.id, target.id), { ...set, updated_at: new Date() });
  if (!row) throw new Error("user vanished during update");
  await auditUser(data, "user.notifications", row.id, { fields: Object.keys(set) });
  return row;
}
