import { timeOfDay, weekdayOf } from "@rollbook/domain";
import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { byName } from "../db/collation.ts";
import { courses, events } from "../db/schema/index.ts";
import { courseSessionsBetween, coversBetween, eventSessionOf } from "../engine/calendar.ts";
import { filterAllows } from "../engine/finalise/alerts.ts";
import type { Block, ListItem } from "../mail/template.ts";
import type { Reader } from "./audience.ts";

const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const day = (date: string) => `${DAY_NAMES[weekdayOf(date)]} ${date}`;

export interface WeekItem {
  type: "course" | "event";
  id: number;
  line: string;
}

/**
 * Every session of these courses and events in the week, one line per course (its days) or
 * event, cancellations and closures marked: the one calendar answer (engine/calendar.ts).
 */
export async function weekItems(
  db: Db,
  school: { id: number; timezone: string },
  courseIds: readonly number[],
  eventIds: readonly number[],
  from: string,
  to: string,
): Promise<WeekItem[]> {
  const cs = courseIds.length
    ? await db
        .select()
        .from(courses)
        .where(and(inArray(courses.id, [...courseIds]), isNull(courses.deleted_at), eq(courses.is_archived, false)))
        .orderBy(byName(courses.title), courses.id)
    : [];
  const es = eventIds.length
    ? await db
        .select()
        .from(events)
        .where(
          and(
            inArray(events.id, [...eventIds]),
            isNull(events.deleted_at),
            gte(events.date, from),
            lte(events.date, to),
          ),
        )
        .orderBy(events.date, events.start_time)
    : [];
  const covers = await coversBetween(
    db,
    school.id,
    cs.map((c) => c.id),
    from,
    to,
  );
  const out: WeekItem[] = [];
  for (const c of cs) {
    const sessions = courseSessionsBetween(c, from, to, school.timezone, covers);
    if (sessions.length === 0) continue;
    const days = sessions.map((s) => `${day(s.meets)}${s.cancelled ? ` (${s.cancelled})` : ""}`).join(", ");
    out.push({
      type: "course",
      id: c.id,
      line: `${c.title}, ${timeOfDay(c.start_time)}-${timeOfDay(c.end_time)}: ${days}`,
    });
  }
  for (const e of es) {
    const s = eventSessionOf(e, school.timezone, covers);
    const off = s.cancelled ? ` (${s.cancelled})` : "";
    out.push({
      type: "event",
      id: e.id,
      line: `${e.title}: ${day(e.date)} ${timeOfDay(e.start_time)}-${timeOfDay(e.end_time)}${off}`,
    });
  }
  return out;
}

/** The reader's own courses and events this week that their alert_filter lets through; null: none. */
export function startupBlocks(reader: Reader, items: readonly WeekItem[]): Block[] | null {
  const mine = items.filter(
    (i) =>
      (i.type === "course" ? reader.courses : reader.events).has(i.id) &&
      filterAllows(reader.alert_filter, { attendable_type: i.type, attendable_id: i.id }, []),
  );
  if (mine.length === 0) return null;
  const list = (type: WeekItem["type"]): ListItem[] =>
    mine.filter((i) => i.type === type).map((i) => ({ text: i.line }));
  return [
    { heading: "Your classes this week", items: list("course"), empty: "No classes." },
    { heading: "Your events this week", items: list("event"), empty: "No events." },
  ];
}
