import { foldForSearch } from "@rollbook/domain";
import { and, asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { RowOf, Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { likeLiteral } from "../db/folded-contains.ts";
import { courses, events, students, teams } from "../db/schema/index.ts";
import { foldSql } from "../db/search-fold.ts";

export type SearchStudentRow = typeof students.$inferSelect;
export type SearchCourseRow = typeof courses.$inferSelect;
export type SearchTeamRow = typeof teams.$inferSelect;
export type SearchEventRow = typeof events.$inferSelect;

export interface SearchResults {
  students: SearchStudentRow[];
  courses: SearchCourseRow[];
  teams: SearchTeamRow[];
  events: SearchEventRow[];
}

export const EMPTY_RESULTS: SearchResults = { students: [], courses: [], teams: [], events: [] };

const DAYS = [
  { column: courses.meet_sun, name: "sunday", code: "Su" },
  { column: courses.meet_mon, name: "monday", code: "M" },
  { column: courses.meet_tue, name: "tuesday", code: "Tu" },
  { column: courses.meet_wed, name: "wednesday", code: "W" },
  { column: courses.meet_thu, name: "thursday", code: "Th" },
  { column: courses.meet_fri, name: "friday", code: "F" },
  { column: courses.meet_sat, name: "saturday", code: "Sa" },
] as const;

/** "M W F": the days a course meets, Sunday first (Su M Tu W Th F Sa). */
export function courseDays(c: SearchCourseRow): string {
  const on = [c.meet_sun, c.meet_mon, c.meet_tue, c.meet_wed, c.meet_thu, c.meet_fri, c.meet_sat];
  return DAYS.filter((_d, i) => on[i])
    .map((d) => d.code)
    .join(" ");
}

/**
 * The day a word names: two or more letters of its name ("Mo", "Tu", "Wed", "Thurs", "Friday"),
 * or one of the one-letter codes of the days list ("M", "W", "F"). Null for any other word.
 */
export function dayOf(word: string): (typeof DAYS)[number] | null {
  const w = word.toLowerCase().replace(/\.$/, "");
  if (!/^[a-z]+$/.test(w)) return null;
  if (w.length === 1) return DAYS.find((d) => d.code.toLowerCase() === w) ?? null;
  return DAYS.find((d) => d.name.startsWith(w)) ?? null;
}

/**
 * A time of day the word names, as "HH:MM:00": "9:00", "09:30", "14:30" (24-hour), "9am", "9:30 pm",
 * "12pm" (noon), "12am" (midnight). A bare number is not a time (it could be a room or a year).
 */
export function timeOf(word: string): string | null {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?(?:m\.?)?$|^(\d{1,2}):(\d{2})$/i.exec(word.trim());
  if (!m) return null;
  let hour: number;
  let minute: number;
  if (m[4] !== undefined) {
    hour = Number(m[4]);
    minute = Number(m[5]);
    if (hour > 23) return null;
  } else {
    hour = Number(m[1]);
    minute = m[2] === undefined ? 0 : Number(m[2]);
    if (hour < 1 || hour > 12) return null;
    const pm = m[3]?.toLowerCase() === "p";
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (minute > 59) return null;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00`;
}

/**
 * When the whole query is days and/or a time ("Mon", "Tu 9am", "14:30"), the course condition it
 * names: a time matches start_time, days match any of their meet_ columns. Null otherwise.
 */
export function scheduleCondition(query: string): SQL | null {
  const words = query
    .trim()
    .replace(/\s+(am|pm|a\.m\.|p\.m\.)$/i, "$1")
    .split(/[\s,]+/)
    .filter(Boolean);
  const days = new Set<(typeof DAYS)[number]>();
  let time: string | null = null;
  for (const w of words) {
    const d = dayOf(w);
    if (d) {
      days.add(d);
      continue;
    }
    const t = timeOf(w);
    if (t && time === null) {
      time = t;
      continue;
    }
    return null;
  }
  const parts: SQL[] = [];
  if (days.size) parts.push(or(...[...days].map((d) => eq(d.column, true))) as SQL);
  if (time) parts.push(sql`${courses.start_time} = ${time}::time`);
  return parts.length ? (and(...parts) as SQL) : null;
}

/** Terms shorter than this have no trigram of their own: they match the start of a word only. */
export const SHORT_TERM = 3;

/** A term as one table's search matches it: the text searched and the term as a LIKE literal. */
export interface TermMatch {
  /** the searched text, written exactly as its trigram index's expression */
  text: SQL;
  literal: string;
  /** fewer than SHORT_TERM characters: the start of a word only */
  short: boolean;
}

/**
 * `term` folded by the domain's rule (foldForSearch: no case, no accents, "ß" as "ss"...) to match
 * `folded`, a text the database folds by the same rule. Null when the folded term is empty (it was
 * all accents): it matches nothing, not everything.
 */
function foldedTerm(folded: SQL, term: string): TermMatch | null {
  const literal = foldForSearch(term).trim();
  if (!literal) return null;
  return { text: folded, literal: likeLiteral(literal), short: [...literal].length < SHORT_TERM };
}

/**
 * A term as a title or name of a class, team or event is matched (decision 0615): the title folded
 * by `foldSql`, the expression of its trigram index (courses_title_fold_trgm...), so "cafe" finds
 * "Café Society".
 */
const titleTerm = (title: SQL, term: string) => foldedTerm(foldSql(title), term);

/**
 * A term as the participants' search matches it (decision 0613), in global search, the students
 * list and its export, and the pickers that call the list: matched with LIKE inside the student's
 * search_text, which the database folds from first name, last name and e-mail.
 */
export const studentTerm = (term: string) => foldedTerm(sql`${students.search_text}`, term);

/** Both sides are folded (the term by foldForSearch, the text by the database), so plain LIKE. */
const like = (m: TermMatch, pattern: string): SQL => sql`${m.text} like ${pattern}`;

/**
 * The text has a word starting with the term (at its start or after a space). pg_trgm answers it
 * from the index by the word-start trigrams ("  j", " jo"), even for a term of 1-2 characters,
 * where `%jo%` has no trigram and would read every row.
 */
const wordStart = (m: TermMatch): SQL => sql`(${like(m, `${m.literal}%`)} or ${like(m, `% ${m.literal}%`)})`;

/** The text has the term anywhere (3 characters or more: it has trigrams). */
const inside = (m: TermMatch): SQL => like(m, `%${m.literal}%`);

/** The students a term finds: a word starting with it, or for 3+ characters the term anywhere. */
export const studentTermCondition = (m: TermMatch): SQL => (m.short ? wordStart(m) : inside(m));

type Kind = "students" | "courses" | "teams" | "events";

/**
 * A kind's hits, word-start hits first, each group by name; every condition answered from the
 * trigram index.
 *
 * `twoSteps` (the students): first the rows with a word starting with the term, by name; then,
 * only when those are fewer than `limit` and the term has 3 or more characters, the rows with it
 * inside a word. A common term ("ann": 1,400 of 50,000 students) then stops at the first few rows
 * of its name order instead of sorting every hit. The small tables (courses, teams, events: a
 * school has hundreds, not tens of thousands) do it in one statement ranked by a CASE.
 */
async function hits<K extends Kind>(
  data: Scoped,
  kind: K,
  q: {
    match: TermMatch;
    twoSteps?: boolean;
    where?: SQL;
    also?: SQL | null;
    orderBy: SQL[];
    limit: number;
  },
): Promise<RowOf<K>[]> {
  const start = q.also ? (or(wordStart(q.match), q.also) as SQL) : wordStart(q.match);
  if (q.match.short) return data.rows(kind, { where: and(q.where, start), orderBy: q.orderBy, limit: q.limit });
  if (!q.twoSteps) {
    return data.rows(kind, {
      where: and(q.where, q.also ? or(inside(q.match), q.also) : inside(q.match)),
      orderBy: [sql`case when ${start} then 0 else 1 end`, ...q.orderBy],
      limit: q.limit,
    });
  }
  const first = await data.rows(kind, { where: and(q.where, start), orderBy: q.orderBy, limit: q.limit });
  if (first.length >= q.limit) return first;
  const more = await data.rows(kind, {
    where: and(q.where, inside(q.match), sql`not coalesce(${start}, false)`),
    orderBy: q.orderBy,
    limit: q.limit - first.length,
  });
  return [...first, ...more];
}

/**
 * The global search (spec: header search): each kind's first `perPage` matches the viewer may see
 * (the rows are read through the viewer's scope), word-start matches first, then by name. Every
 * `LIKE` is on the expression of a trigram GIN index, so none of them needs a table scan
 * (decisions 0610, 0613). Every kind is matched folded: the participants by their stored
 * search_text (studentTerm: "nunez" finds "Ñúñez"), classes, teams and events by their folded
 * title (titleTerm, decision 0615). `term` is already trimmed, non-empty and length-checked by
 * the caller.
 */
export async function searchAll(data: Scoped, term: string, perPage: number): Promise<SearchResults> {
  const student = studentTerm(term);
  const courseTitle = titleTerm(sql`${courses.title}`, term);
  const teamName = titleTerm(sql`${teams.name}`, term);
  const eventTitle = titleTerm(sql`${events.title}`, term);
  const [studentRows, courseRows, teamRows, eventRows] = await Promise.all([
    student
      ? hits(data, "students", {
          match: student,
          limit: perPage,
          twoSteps: true,
          where: sql`${students.deleted_at} is null`,
          // By name, case-blind, in the names' collation (decision 0612). For 3+ characters this is also
          // no index's order, on purpose: walking students_live_name in order until 5 rows pass the
          // filter reads 35,000 rows for "smith" (its hits sort late), where the trigram bitmap reads
          // its ~400 hits and sorts them. A short term's hits are many and spread over the alphabet:
          // there the walk stops early.
          orderBy: student.short
            ? [asc(byName(students.last_name)), asc(byName(students.first_name)), asc(students.id)]
            : [byName(sql`lower(${students.last_name})`), byName(sql`lower(${students.first_name})`), asc(students.id)],
        })
      : [],
    courseTitle
      ? hits(data, "courses", {
          match: courseTitle,
          limit: perPage,
          // "Mon", "9am": the classes meeting then count as word-start hits
          also: scheduleCondition(term),
          orderBy: [asc(byName(courses.title)), asc(courses.start_time), asc(courses.id)],
        })
      : [],
    teamName
      ? hits(data, "teams", { match: teamName, limit: perPage, orderBy: [asc(byName(teams.name)), asc(teams.id)] })
      : [],
    eventTitle
      ? hits(data, "events", {
          match: eventTitle,
          limit: perPage,
          orderBy: [asc(byName(events.title)), desc(events.date), asc(events.id)],
        })
      : [],
  ]);
  return { students: studentRows, courses: courseRows, teams: teamRows, events: eventRows };
}
