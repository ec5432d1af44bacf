import type { StatusId } from "@rollbook/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { executeNamed } from "../db/prepared.ts";
import type { AttendanceEvidence } from "../db/schema/attendance.ts";
import { type ActiveSession, earlyStart } from "./sessions-for-student.ts";
import type { SeenRow } from "./snapshot.ts";
import type { RunningState } from "./verdict.ts";

/** What the engine writes for one session of one student (apply.ts decides it). */
export interface Plan {
  status: StatusId;
  enter: Date | null;
  exit: Date | null;
  percentage: number;
  confidence: number | null;
  evidence: AttendanceEvidence | null;
  activity: { event: string; at: string }[];
  coords: {
    latitude: number | null;
    longitude: number | null;
    low_power: boolean;
    bluetooth: boolean;
    extra: unknown;
    at: string;
  }[];
  state: RunningState | null;
  /** false: only the running state changed, which nobody is told about */
  visible: boolean;
  /** pings in the window the plan was computed from: the write checks none arrived since (null: from the running state, the row version suffices) */
  count: number | null;
}

/** One attendance to write, with the row version it was computed from (null: there was no row). */
export interface AttendanceWrite {
  studentId: number;
  session: ActiveSession;
  seen: SeenRow | null;
  plan: Plan;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * One statement for any number of attendances (the ping path writes a whole group of requests at
 * once, decision 0564): each row with its activity and coordinates, written only if the row is
 * still the version that was read, is not locked, and no ping arrived in the window since
 * (optimistic: no lock, no transaction). An existing row is updated where its xmin still matches
 * (PostgreSQL re-checks that on the newest version if another writer got there first); a new one
 * is inserted unless another writer inserted it meanwhile. Answers, in order, the row id or
 * "conflict" (re-read and retry). The text is the same for every batch: one prepared statement.
 */
export async function writeAttendances(db: Db, writes: readonly AttendanceWrite[]): Promise<(number | "conflict")[]> {
  if (writes.length === 0) return [];
  const rows = writes.map(({ studentId, session, seen, plan: p }, k) => ({
    k,
    t: session.attendable_type,
    i: session.attendable_id,
    m: session.meets,
    s: studentId,
    sc: session.school_id,
    loc: session.location_id,
    id: seen?.row.id ?? null,
    v: seen?.version ?? null,
    n: p.count,
    f: earlyStart(session).toISOString(),
    e: session.end.toISOString(),
    st: p.status,
    en: iso(p.enter),
    ex: iso(p.exit),
    pc: p.percentage,
    cf: p.confidence,
    ev: p.evidence,
    rs: p.state,
    act: p.activity,
    co: p.coords,
  }));
  const result = await executeNamed(
    db,
    sql`
    with w as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as w(k int, t text, i int, m date, s int, sc int,
        loc int, id int, v text, n int, f timestamptz, e timestamptz, st smallint, en timestamptz, ex timestamptz, pc float8,
        cf float8, ev jsonb, rs jsonb, act jsonb, co jsonb)
    ), ok as (
      select w.* from w
      where coalesce((select a.xmin::text from attendance a where a.attendable_type = w.t and a.attendable_id = w.i
          and a.meets = w.m and a.student_id = w.s and not a.lock), '') = coalesce(w.v, '')
        and (w.n is null or (select count(*) from pings p where p.student_id = w.s and p.recorded_at >= w.f
          and p.recorded_at <= w.e) = w.n)
    ), upd as (
      update attendance a set location_id = ok.loc, status = ok.st, enter = ok.en, exit = ok.ex, percentage = ok.pc,
        confidence = ok.cf, evidence = ok.ev, engine_state = ok.rs, updated_at = now()
      from ok
      -- by primary key, "= any(array)": index probes whatever the planner guesses of the batch's size
      where a.id = any(array(select ok.id from ok where ok.v is not null)) and a.id = ok.id
        and a.xmin::text = ok.v and a.lock = false
      returning ok.k, a.id
    ), ins as (
      insert into attendance (attendable_id, attendable_type, school_id, student_id, location_id, status, enter, exit,
        percentage, confidence, evidence, engine_state, meets)
      select ok.i, ok.t, ok.sc, ok.s, ok.loc, ok.st, ok.en, ok.ex, ok.pc, ok.cf, ok.ev, ok.rs, ok.m
      from ok where ok.v is null
      order by ok.t, ok.i, ok.m, ok.s
      on conflict (attendable_type, attendable_id, meets, student_id) do nothing
      returning id, attendable_type, attendable_id, meets, student_id
    ), done as (
      select upd.k, upd.id from upd
      union all
      select ok.k, ins.id from ins
      join ok on ok.t = ins.attendable_type and ok.i = ins.attendable_id and ok.m = ins.meets and ok.s = ins.student_id
    ), act as (
      insert into attendance_activity (attendance_id, event, created_at)
      select done.id, x.event, x.at
      from done join w on w.k = done.k cross join jsonb_to_recordset(w.act) as x(event text, at timestamptz)
    ), co as (
      insert into coordinates (attendance_id, latitude, longitude, low_power, bluetooth, extra, created_at)
      select done.id, c.latitude, c.longitude, c.low_power, c.bluetooth, c.extra, c.at
      from done join w on w.k = done.k cross join jsonb_to_recordset(w.co)
        as c(latitude float8, longitude float8, low_power boolean, bluetooth boolean, extra jsonb, at timestamptz)
    )
    select coalesce((select json_agg(json_build_array(done.k, done.id)) from done), '[]'::json) as done`,
  );
  const head = (result as unknown as { rows: { done: unknown }[] }).rows[0];
  const raw = head?.done ?? [];
  const done = (typeof raw === "string" ? JSON.parse(raw) : raw) as [number, number][];
  const ids: (number | "conflict")[] = writes.map(() => "conflict");
  for (const [k, id] of done) ids[Number(k)] = Number(id);
  return ids;
}
