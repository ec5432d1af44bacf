import { atMost } from "@rollbook/domain";
import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { beacons, courses, devices, studentCourse, students } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { byStudentName } from "./common.ts";

/** What the Setup report looks for: four student modes, two course modes. */
export const SETUP_MODES = {
  no_device: "students without a registered phone",
  no_location: "students whose phone does not allow location",
  no_bluetooth: "students whose phone does not allow bluetooth",
  not_seen: "students not seen for `days` days (default 7), or never",
  course_no_location: "courses without a location",
  course_no_beacons: "courses whose location has no beacons",
} as const;
export type SetupMode = keyof typeof SETUP_MODES;

export interface SetupReportArgs extends PageArgs {
  mode: string;
  days?: number | null;
  /** course ids: only these courses, or the students enrolled in them */
  classes?: readonly number[] | null;
}

export interface SetupRow {
  kind: "student" | "course";
  id: number;
  uuid: string;
  name: string;
  /** why the row is listed: the phone, "never seen", the location's name... */
  detail: string | null;
  last_seen: Date | null;
}

const MAX_CLASSES = 500;
const DAY_MS = 86_400_000;

export interface SetupFilter {
  mode: SetupMode;
  kind: "student" | "course";
  where: SQL;
  now: Date;
}

export interface SetupChecked {
  mode: SetupMode;
  kind: "student" | "course";
  days: number;
  classes: number[] | null;
}

/** mode, days and classes checked, naming the field at fault (the GraphQL call and the CSV). */
export function checkSetup(args: SetupReportArgs): SetupChecked {
  const mode = args.mode?.trim();
  if (!mode || !Object.hasOwn(SETUP_MODES, mode))
    throw userError(`mode must be one of ${Object.keys(SETUP_MODES).join(", ")}`, "mode");
  const days = args.days ?? 7;
  if (!Number.isInteger(days) || days < 1 || days > 365) throw userError("days must be between 1 and 365", "days");
  let classes: number[] | null = null;
  if (args.classes != null) {
    classes = [...new Set(args.classes)];
    if (classes.length > MAX_CLASSES) throw userError(`classes ${atMost(MAX_CLASSES, "item")}`, "classes");
    if (classes.some((c) => !Number.isInteger(c))) throw userError("classes must be course ids", "classes");
  }
  const m = mode as SetupMode;
  return { mode: m, kind: m.startsWith("course_") ? "course" : "student", days, classes };
}

/** The checked arguments as a condition on students or courses. */
export function setupFilter(data: Scoped, args: SetupReportArgs, now = new Date()): SetupFilter {
  const { mode: m, days, classes } = checkSetup(args);
  if (m === "course_no_location" || m === "course_no_beacons") {
    // a removed location counts as none
    const located = sql`${courses.location_id} in (${data.ids("locations")})`;
    const parts: (SQL | undefined)[] = [eq(courses.is_archived, false)];
    if (m === "course_no_location") parts.push(or(isNull(courses.location_id), sql`not ${located}`));
    else
      parts.push(
        located,
        sql`not exists (select 1 from ${beacons} where ${beacons.location_id} = ${courses.location_id} and ${data.visible("beacons")})`,
      );
    if (classes) parts.push(classes.length ? inArray(courses.id, classes) : sql`false`);
    return { mode: m, kind: "course", where: and(...parts) as SQL, now };
  }
  const parts: (SQL | undefined)[] = [isNull(students.deleted_at)];
  if (m === "no_device") parts.push(isNull(students.device_id));
  if (m === "no_location")
    parts.push(sql`${students.device_id} in (${data.ids("devices", eq(devices.location_permission, false))})`);
  if (m === "no_bluetooth")
    parts.push(sql`${students.device_id} in (${data.ids("devices", eq(devices.bluetooth_permission, false))})`);
  if (m === "not_seen")
    parts.push(or(isNull(students.last_seen), lt(students.last_seen, new Date(now.getTime() - days * DAY_MS))));
  if (classes)
    parts.push(
      classes.length
        ? sql`${students.id} in (select ${studentCourse.student_id} from ${studentCourse} where ${studentCourse.course_id} in (${data.ids("courses", inArray(courses.id, classes))}))`
        : sql`false`,
    );
  return { mode: m, kind: "student", where: and(...parts) as SQL, now };
}

/** The sort of a filter's rows: a name (default) and what each kind offers, ties by id. */
export function setupOrder(f: Pick<SetupFilter, "kind">, args: PageArgs): SQL[] {
  const { dir } = paging({ ...args, page: 1, per_page: 1 });
  const by = (x: SQL) => (dir === "asc" ? sql`${asc(x)} nulls first` : sql`${desc(x)} nulls last`);
  if (f.kind === "course") {
    const col = sortColumn(args.sort_by, { name: byName(courses.title), crn: sql`${courses.crn}` }, "name");
    return [by(col), sql`${courses.id} asc`];
  }
  const col = sortColumn<SQL | "name">(
    args.sort_by,
    { name: "name", last_seen: sql`${students.last_seen}`, school_identifier: sql`${students.school_identifier}` },
    "name",
  );
  // by name as the students list (decision 0612): students_live_name(_desc) can serve it
  if (col === "name")
    return byStudentName(dir, { last: students.last_name, first: students.first_name, id: students.id });
  return [by(col), sql`${students.id} asc`];
}

/** One page of rows of a filter (the GraphQL call), or a batch (the CSV). */
export async function setupRows(
  data: Scoped,
  f: SetupFilter,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<SetupRow[]> {
  if (f.kind === "course") {
    const rows = await data.rows("courses", { where: f.where, orderBy, limit, offset });
    const locs = new Map<number, string>();
    if (f.mode === "course_no_beacons") {
      // one batched read for the page's locations
      const found = await Promise.all(
        [...new Set(rows.map((r) => r.location_id as number))].map((id) => data.byId("locations", id)),
      );
      for (const l of found) if (l) locs.set(l.id, l.name);
    }
    return rows.map((c) => ({
      kind: "course",
      id: c.id,
      uuid: c.uuid,
      name: c.title,
      detail: f.mode === "course_no_beacons" ? (locs.get(c.location_id as number) ?? null) : c.crn,
      last_seen: null,
    }));
  }
  const rows = await data.rows("students", { where: f.where, orderBy, limit, offset });
  const ids = rows.flatMap((r) => (r.device_id === null ? [] : [r.device_id]));
  const phones = ids.length ? await data.rows("devices", { where: inArray(devices.id, ids) }) : [];
  const byId = new Map(phones.map((d) => [d.id, d]));
  return rows.map((s) => ({
    kind: "student",
    id: s.id,
    uuid: s.uuid,
    name: `${s.last_name}, ${s.preferred_name || s.first_name}`,
    detail: studentDetail(f, s.last_seen, s.device_id === null ? undefined : byId.get(s.device_id)),
    last_seen: s.last_seen,
  }));
}

function studentDetail(f: SetupFilter, lastSeen: Date | null, phone: typeof devices.$inferSelect | undefined) {
  if (f.mode === "not_seen")
    return lastSeen ? `${Math.floor((f.now.getTime() - lastSeen.getTime()) / DAY_MS)} days` : "never seen";
  if (!phone) return "no device";
  return [phone.model_name || phone.type || "device", phone.os_version].filter(Boolean).join(" ");
}

/** The Setup report (issue 12): what keeps attendance from being taken, one mode at a time. */
export async function setupReport(data: Scoped, args: SetupReportArgs): Promise<{ data: SetupRow[]; total: number }> {
  const f = setupFilter(data, args);
  const p = paging(args);
  const orderBy = setupOrder(f, args);
  const [rows, total] = await Promise.all([
    setupRows(data, f, orderBy, p.perPage, p.offset),
    data.count(f.kind === "course" ? "courses" : "students", f.where),
  ]);
  return { data: rows, total };
}
