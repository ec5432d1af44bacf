import { atMost } from "@rollbook/domain";
import { and, gte, inArray, lte, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { byName } from "../db/collation.ts";
import { cancellations, schoolClosures } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { checkedRange } from "./status.ts";

export interface CancellationReportRow {
  /** a course's cancelled date, or a school closure (which calls off every class it covers) */
  kind: "cancellation" | "closure";
  id: number;
  start_date: string;
  end_date: string;
  course_id: number | null;
  title: string;
  notes: string | null;
}

export interface CancellationReportArgs extends PageArgs {
  start_date?: string | null;
  end_date?: string | null;
  classes?: readonly number[] | null;
}

const MAX_CLASSES = 500;

/**
 * The Cancellation report (issue 12): the cancelled dates of the viewer's courses in the range
 * and the school's closures overlapping it, in one list. Both come through the scope
 * (`ids`: cancellations of courses the viewer sees, closures of their school). With `classes`
 * only those courses' cancellations are listed; closures stay, as they cancel every class.
 */
export async function cancellationReport(
  data: Scoped,
  args: CancellationReportArgs,
): Promise<{ data: CancellationReportRow[]; total: number }> {
  const { start, end } = checkedRange(args.start_date, args.end_date) as { start: string; end: string };
  const p = paging(args);
  const col = sortColumn(args.sort_by, { date: sql`start_date`, title: byName(sql`title`), kind: sql`kind` }, "date");
  const own = [gte(cancellations.date, start), lte(cancellations.date, end)];
  if (args.classes != null) {
    const ids = [...new Set(args.classes)];
    if (ids.length > MAX_CLASSES) throw userError(`classes ${atMost(MAX_CLASSES, "item")}`, "classes");
    own.push(ids.length ? inArray(cancellations.course_id, ids) : sql`false`);
  }
  const rows = sql`
    select 'cancellation' as kind, c.id, c.date as start_date, c.date as end_date, c.course_id,
      co.title, c.notes
    from cancellations c join courses co on co.id = c.course_id
    where c.id in (${data.ids("cancellations", and(...own))})
    union all
    select 'closure', sc.id, sc.start_date, sc.end_date, null, sc.title, null
    from school_closures sc
    where sc.id in (${data.ids("closures", and(lte(schoolClosures.start_date, end), gte(schoolClosures.end_date, start)))})`;
  const { db } = systemOf(data);
  const dir = p.dir === "asc" ? sql`asc` : sql`desc`;
  const [page, count] = await Promise.all([
    db.execute(sql`select * from (${rows}) r order by ${col} ${dir}, start_date asc, kind asc, id asc
      limit ${p.perPage} offset ${p.offset}`),
    db.execute(sql`select count(*)::int as n from (${rows}) r`),
  ]);
  const list = (page as unknown as { rows: Record<string, unknown>[] }).rows;
  const total = Number((count as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return {
    total,
    data: list.map((r) => ({
      kind: r.kind as CancellationReportRow["kind"],
      id: Number(r.id),
      start_date: dateText(r.start_date),
      end_date: dateText(r.end_date),
      course_id: r.course_id === null ? null : Number(r.course_id),
      title: String(r.title),
      notes: (r.notes as string | null) ?? null,
    })),
  };
}

/** A date column as YYYY-MM-DD, whichever way the driver hands it over. */
const dateText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
