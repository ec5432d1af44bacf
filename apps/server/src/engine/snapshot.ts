import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { executeNamed } from "../db/prepared.ts";
import type { attendance } from "../db/schema/index.ts";
import type { StoredPing } from "./presence.ts";

/** A row as the engine reads it: session_start is the reports' key, written by a trigger, not read here. */
export type AttendanceRow = Omit<typeof attendance.$inferSelect, "session_start">;

/** An attendance row as read, with its row version (xmin) for the optimistic write. */
export interface SeenRow {
  row: AttendanceRow;
  version: string;
}

/**
 * What is stored for a student around some sessions, read in one statement as JSON (so both
 * drivers decode it alike): the pings of a time range and the attendance rows of some dates.
 */
export interface Snapshot {
  pings: StoredPing[];
  rows: SeenRow[];
}

/** The attendance rows only: what a ping added to the running state needs (apply.ts). */
export interface RowsOnly {
  rows: SeenRow[];
}

const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(Number(v)));

/** SQL: a student's pings in [from, to] as a JSON array, each bound given as SQL (a value, or a column). */
const pingsJsonOf = (student: SQL, from: SQL, to: SQL): SQL => sql`(
  select coalesce(json_agg(json_build_array(p.device_ping_id, extract(epoch from p.recorded_at) * 1000, p.latitude,
    p.longitude, p.accuracy, p.beacons, p.extra, extract(epoch from p.created_at) * 1000)), '[]'::json)
  from pings p
  where p.student_id = ${student} and p.recorded_at >= ${from}
    and p.recorded_at <= ${to})`;

/** SQL: the student's pings in [from, to] as a JSON array, with when each was received (for its evidence). */
export const pingsJson = (studentId: number, from: Date, to: Date): SQL =>
  pingsJsonOf(sql`${studentId}::int`, sql`${from.toISOString()}::timestamptz`, sql`${to.toISOString()}::timestamptz`);

/** A session as the attendance table keys it. */
export interface SessionKey {
  attendable_type: string;
  attendable_id: number;
  meets: string;
}

/** SQL: the attendance row `a` as JSON, as decodeRows reads it; `version` is its xmin as text. */
export const attendanceJson = (version: SQL): SQL => sql`json_build_object('id', a.id, 'attendable_id', a.attendable_id,
    'attendable_type', a.attendable_type, 'school_id', a.school_id, 'student_id', a.student_id,
    'location_id', a.location_id, 'status', a.status, 'enter', extract(epoch from a.enter) * 1000,
    'exit', extract(epoch from a.exit) * 1000, 'percentage', a.percentage, 'confidence', a.confidence,
    'evidence', a.evidence, 'engine_state', a.engine_state, 'lock', a.lock, 'finished', a.finished,
    'meets', a.meets::text, 'created_at', extract(epoch from a.created_at) * 1000,
    'updated_at', extract(epoch from a.updated_at) * 1000, 'version', ${version})`;

/**
 * SQL: a student's attendance rows on dates in [from, to] as a JSON array, with xmin; with
 * `only`, just those sessions' rows (a ping needs its own sessions', not the whole day's: late in
 * the day the others made each ping read and decode every earlier class's evidence).
 */
const rowsJsonOf = (student: SQL, from: SQL, to: SQL, only?: readonly SessionKey[]): SQL => sql`(
  select coalesce(json_agg(${attendanceJson(sql`a.xmin::text`)}), '[]'::json)
  from attendance a
  where a.student_id = ${student} and a.meets >= ${from} and a.meets <= ${to}${
    only
      ? sql` and (a.attendable_type, a.attendable_id, a.meets) in (select k.t, k.i, k.m
    from jsonb_to_recordset(${JSON.stringify(only.map((k) => ({ t: k.attendable_type, i: k.attendable_id, m: k.meets })))}::jsonb)
      as k(t text, i int, m date))`
      : sql``
  })`;

export const rowsJson = (studentId: number, from: string, to: string, only?: readonly SessionKey[]): SQL =>
  rowsJsonOf(sql`${studentId}::int`, sql`${from}::date`, sql`${to}::date`, only);

type Json = unknown;
const parsed = (v: Json) => (typeof v === "string" ? JSON.parse(v) : v);

export function decodePings(v: Json): StoredPing[] {
  return (parsed(v) as unknown[][]).map(([id, at, latitude, longitude, accuracy, beacons, extra, received]) => ({
    device_ping_id: String(id),
    recorded_at: new Date(Number(at)),
    received_at: new Date(Number(received)),
    latitude: latitude as number | null,
    longitude: longitude as number | null,
    accuracy: accuracy as number | null,
    low_power: false,
    bluetooth: false,
    beacons: beacons as StoredPing["beacons"],
    extra: extra ?? null,
  }));
}

export function decodeRows(v: Json): SeenRow[] {
  return (parsed(v) as Record<string, unknown>[]).map((r) => ({
    version: String(r.version),
    row: {
      id: Number(r.id),
      attendable_id: Number(r.attendable_id),
      attendable_type: r.attendable_type as AttendanceRow["attendable_type"],
      school_id: Number(r.school_id),
      student_id: Number(r.student_id),
      location_id: r.location_id === null ? null : Number(r.location_id),
      status: Number(r.status),
      enter: ms(r.enter),
      exit: ms(r.exit),
      percentage: Number(r.percentage),
      confidence: r.confidence === null || r.confidence === undefined ? null : Number(r.confidence),
      evidence: (r.evidence ?? null) as AttendanceRow["evidence"],
      engine_state: r.engine_state ?? null,
      lock: r.lock === true,
      finished: r.finished === true,
      meets: String(r.meets),
      created_at: ms(r.created_at) as Date,
      updated_at: ms(r.updated_at) as Date,
    },
  }));
}

/** A time range of pings and the dates of attendance rows that a snapshot covers. */
export interface SnapshotRange {
  from: Date;
  to: Date;
  fromDate: string;
  toDate: string;
}

/** One statement: the pings of [from, to] and the attendance rows of the dates [fromDate, toDate]. */
export async function readSnapshot(db: Db, studentId: number, range: SnapshotRange): Promise<Snapshot> {
  const result = await executeNamed(
    db,
    sql`select ${pingsJson(studentId, range.from, range.to)} as pings, ${rowsJson(studentId, range.fromDate, range.toDate)} as rows`,
  );
  const head = (result as unknown as { rows: { pings: Json; rows: Json }[] }).rows[0];
  return { pings: decodePings(head?.pings ?? []), rows: decodeRows(head?.rows ?? []) };
}

/**
 * One statement for many snapshots (a ping group's new attendances, decision 0569): each the same
 * as `readSnapshot` of that student and range, in the order asked. A student may be asked twice,
 * for two ranges. Each is read by its own correlated subqueries: index probes per student, as alone.
 */
export async function readSnapshots(
  db: Db,
  wants: readonly { studentId: number; range: SnapshotRange }[],
): Promise<Snapshot[]> {
  if (wants.length === 0) return [];
  const list = wants.map(({ studentId, range }, k) => ({
    k,
    s: studentId,
    f: range.from.toISOString(),
    t: range.to.toISOString(),
    fd: range.fromDate,
    td: range.toDate,
  }));
  const result = await executeNamed(
    db,
    sql`select w.k, ${pingsJsonOf(sql`w.s`, sql`w.f`, sql`w.t`)} as pings, ${rowsJsonOf(sql`w.s`, sql`w.fd`, sql`w.td`)} as rows
    from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as w(k int, s int, f timestamptz, t timestamptz, fd date, td date)`,
  );
  const out: (Snapshot | undefined)[] = wants.map(() => undefined);
  for (const r of (result as unknown as { rows: { k: unknown; pings: Json; rows: Json }[] }).rows)
    out[Number(r.k)] = { pings: decodePings(r.pings ?? []), rows: decodeRows(r.rows ?? []) };
  return out.map((x, k) => {
    if (!x) throw new Error(`snapshot ${k} of ${wants.length} not read`);
    return x;
  });
}

/**
 * `readSnapshots`, and if that statement fails, each snapshot read alone: one student's fault
 * fails only their own (as when each read alone).
 */
export async function readSnapshotsEach(
  db: Db,
  wants: readonly { studentId: number; range: SnapshotRange }[],
): Promise<PromiseSettledResult<Snapshot>[]> {
  try {
    return (await readSnapshots(db, wants)).map((value) => ({ status: "fulfilled", value }));
  } catch (reason) {
    if (wants.length === 1) return [{ status: "rejected", reason }];
  }
  const out: PromiseSettledResult<Snapshot>[] = [];
  for (const { studentId, range } of wants) {
    try {
      out.push({ status: "fulfilled", value: await readSnapshot(db, studentId, range) });
    } catch (reason) {
      out.push({ status: "rejected", reason });
    }
  }
  return out;
}
