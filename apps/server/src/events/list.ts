import { addDays, localDate, localMinutes } from "@rollbook/domain";
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { foldedContains, containsPattern as like } from "../db/folded-contains.ts";
import { events } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, searchTerm, sortColumn } from "../graphql/paging.ts";
import { sessionsNow } from "../roster/session-now.ts";

export type EventRow = typeof events.$inferSelect & { is_in_session?: boolean };

export const EVENT_STATES = ["upcoming", "past", "removed", "all"] as const;

/** Seats taken: the list's sort key (the field itself is batched in relations.ts). */
const attendingCountSql = sql<number>`(select count(*)::int from student_event se
  where se.event_id = ${events.id} and not se.in_waitlist)`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The end of an event as the school's wall clock reads it (a timestamp without zone): its date and
 * end time, the next day when it runs past midnight (end at or before start, as schedule.ts reads it).
 */
const endsAtSql = sql`(${events.date} + ${events.end_time}
  + case when ${events.end_time} <= ${events.start_time} then interval '1 day' else interval '0 day' end)`;

/**
 * An event whose end has passed is past; until then (in progress too) it is upcoming. Both sides
 * are the school's wall clock: `localNow` is now in the school's zone, "YYYY-MM-DD HH:MM:SS".
 */
function stateWhere(state: string, localNow: string): SQL | undefined {
  switch (state) {
    case "upcoming":
      return and(isNull(events.deleted_at), sql`${endsAtSql} > ${localNow}::timestamp`);
    case "past":
      return and(isNull(events.deleted_at), sql`${endsAtSql} <= ${localNow}::timestamp`);
    case "removed":
      return isNotNull(events.deleted_at);
    case "all":
      return undefined;
    default:
      throw userError(`state must be one of ${EVENT_STATES.join(", ")}`, "state");
  }
}

/** Now on the school's wall clock, to the second: "YYYY-MM-DD HH:MM:SS". */
function localNowText(now: Date, tz: string): string {
  const s = Math.floor(localMinutes(now, tz) * 60 + 1e-6);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${localDate(now, tz)} ${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

async function schoolToday(data: Scoped, now: Date): Promise<{ today: string; tz: string }> {
  const school = await data.byId("schools", data.viewer.schoolId);
  const tz = school?.timezone ?? "UTC";
  return { today: localDate(now, tz), tz };
}

/**
 * Ids of the viewer's live events in progress now, not called off by a closure: today's, and
 * yesterday's that run past midnight.
 */
export async function inSessionIds(data: Scoped, now = new Date()): Promise<Set<number>> {
  const { today } = await schoolToday(data, now);
  const todays = await data.rows("events", { where: inArray(events.date, [addDays(today, -1), today]) });
  const sessions = await sessionsNow(
    data,
    todays.map((row) => ({ type: "event" as const, row })),
    now,
  );
  return new Set(todays.filter((_, i) => sessions[i]).map((e) => e.id));
}

/** The `events` list: state, in_session, query over title and ern, sorted. */
export async function listEvents(
  data: Scoped,
  args: PageArgs & { query?: string | null; in_session?: boolean | null; state?: string | null },
): Promise<{ data: EventRow[]; total: number }> {
  const p = paging(args);
  const col = sortColumn<SQL | PgColumn>(
    args.sort_by,
    {
      title: byName(events.title),
      date: events.date,
      start_time: events.start_time,
      attending_count: attendingCountSql,
    },
    "date",
  );
  const now = new Date();
  const { tz } = await schoolToday(data, now);
  const parts: (SQL | undefined)[] = [stateWhere(args.state ?? "upcoming", localNowText(now, tz))];
  const q = searchTerm(args.query);
  if (q) parts.push(or(foldedContains(sql`${events.title}`, q), ilike(events.ern, like(q))));
  const inSession = await inSessionIds(data, now);
  if (args.in_session) parts.push(inSession.size ? inArray(events.id, [...inSession]) : sql`false`);
  const dir = p.dir === "asc" ? asc : desc;
  // the same day sorts by its start time, then by id: a stable page order
  const orderBy = [
    dir(col),
    ...(args.sort_by === "date" || !args.sort_by ? [dir(events.start_time)] : []),
    asc(events.id),
  ];
  const { data: rows, total } = await data.page("eventsAnyState", {
    where: and(...parts),
    orderBy,
    limit: p.perPage,
    offset: p.offset,
  });
  return { data: rows.map((e) => ({ ...e, is_in_session: inSession.has(e.id) })), total };
}

/** One event by uuid, removed ones included; null when the viewer may not see it (or it is malformed). */
export async function eventByUuid(data: Scoped, uuid: string): Promise<EventRow | null> {
  if (!UUID.test(uuid)) return null;
  const row = await data.first("eventsAnyState", eq(events.uuid, uuid.toLowerCase()));
  if (!row) return null;
  const [session] = await sessionsNow(data, [{ type: "event", row }], new Date());
  return { ...row, is_in_session: Boolean(session) };
}
