import { ATTENDED_STATUSES, MISSED_STATUSES } from "@rollbook/domain";
import { and, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { attendance, events } from "../db/schema/index.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { dateText, num, rowsOf } from "./common.ts";
import { checkedRange } from "./status.ts";

export interface EventReportArgs extends PageArgs {
  start_date?: string | null;
  end_date?: string | null;
}

export interface EventReportRow {
  id: number;
  uuid: string;
  title: string;
  date: string;
  /** signed up, not on the waitlist (as the event's attending_count) */
  attending: number;
  /** on the waitlist, live students (as the event's waitlist_count) */
  waitlisted: number;
  /** attendance present, late or left early, of students the viewer sees */
  attended: number;
  /** attendance absent, of students the viewer sees */
  missed: number;
}

/** The checked filter of an Event report: the viewer's live events, on dates in the range. */
export function eventReportFilter(args: Pick<EventReportArgs, "start_date" | "end_date">): SQL | undefined {
  const { start, end } = checkedRange(args.start_date, args.end_date, false);
  return and(start ? gte(events.date, start) : undefined, end ? lte(events.date, end) : undefined);
}

const ids = (list: readonly number[]) => sql.raw(list.join(", "));

/** The report's orders (the CSV checks sort_by with them before it streams). */
export const EVENT_SORTS = {
  date: sql`e.date`,
  title: byName(sql`e.title`),
  attending: sql`attending`,
  waitlisted: sql`waitlisted`,
  attended: sql`attended`,
  missed: sql`missed`,
};

/** A page of the filter's events with their four counts, in one statement (CSV batches too). */
export async function eventRows(
  data: Scoped,
  where: SQL | undefined,
  args: { sort_by?: string | null; dir: "asc" | "desc"; perPage: number; offset: number },
): Promise<EventReportRow[]> {
  const col = sortColumn(args.sort_by, EVENT_SORTS, "date");
  // attending and waitlisted count names no student (events/relations.ts); attended and missed
  // count only the attendance the viewer may see
  const seen = data.visible("attendance");
  const list = await rowsOf(
    data,
    sql`select * from (
      select e.id, e.uuid, e.title, e.date::text as date, e.start_time,
        (select count(*) from student_event se where se.event_id = e.id and not se.in_waitlist)::int as attending,
        (select count(*) from student_event se join students s on s.id = se.student_id
          where se.event_id = e.id and se.in_waitlist and s.deleted_at is null)::int as waitlisted,
        (select count(*) from ${attendance} where ${attendance.attendable_type} = 'event' and ${attendance.attendable_id} = e.id
          and ${attendance.status} in (${ids(ATTENDED_STATUSES)}) and ${seen})::int as attended,
        (select count(*) from ${attendance} where ${attendance.attendable_type} = 'event' and ${attendance.attendable_id} = e.id
          and ${attendance.status} in (${ids(MISSED_STATUSES)}) and ${seen})::int as missed
      from ${events} e where e.id in (${data.ids("events", where)})) e
    order by ${col} ${sql.raw(args.dir)} nulls last, e.date ${sql.raw(args.dir)}, e.start_time, e.id
    limit ${args.perPage} offset ${args.offset}`,
  );
  return list.map((r) => ({
    id: num(r.id),
    uuid: String(r.uuid),
    title: String(r.title),
    date: dateText(r.date),
    attending: num(r.attending),
    waitlisted: num(r.waitlisted),
    attended: num(r.attended),
    missed: num(r.missed),
  }));
}

/**
 * The Event report (issue 12): the events the viewer sees (in the range, when given) with
 * attending, waitlisted, attended and missed. sort_by: date (default), title, or a count.
 */
export async function eventReport(
  data: Scoped,
  args: EventReportArgs,
): Promise<{ data: EventReportRow[]; total: number }> {
  const where = eventReportFilter(args);
  const p = paging(args);
  const [rows, total] = await Promise.all([
    eventRows(data, where, { sort_by: args.sort_by, dir: p.dir, perPage: p.perPage, offset: p.offset }),
    data.count("events", where),
  ]);
  return { data: rows, total };
}
