import { isAtLocation, localDate } from "@rollbook/domain";
import { sql } from "drizzle-orm";
import { executeNamed } from "../db/prepared.ts";
import { notePindrops } from "../notifications/pindrop.ts";
import type { Services } from "../services.ts";
import {
  firstStart,
  publishChanges,
  type Recomputed,
  recomputeWith,
  type Start,
  type Step,
  sessionKey,
} from "./apply.ts";
import { queueOf } from "./ping-queue.ts";
import type { StoredPing } from "./presence.ts";
import { type DaySession, inWindow, placeSignals, sessionsNear, sessionsNearMany } from "./sessions-for-student.ts";
import { attendanceJson, decodeRows, readSnapshotsEach, type SeenRow, type Snapshot } from "./snapshot.ts";
import type { StudentContext } from "./state.ts";
import { writeAttendances } from "./write-attendance.ts";

/**
 * last_seen and the device's updated_at move at most once a minute: a phone pings every 30 s, and
 * each update of the wide, much-indexed students row costs more than the ping's own insert
 * (decision 0563). Minute precision is what staff read ("seen 3 min ago", the Setup report).
 */
const TOUCH_OLDER_THAN = sql`(last_seen is null or last_seen < now() - interval '1 minute')`;

/** A ping as the phone sent it; the server adds when it received it. */
export type IncomingPing = Omit<StoredPing, "received_at">;

/** One request: a student's pings, with the student's token as it was read. */
export interface PingJob {
  student: StudentContext;
  /** the stored token the request's token matched (in any case, decision 0404); re-checked by the insert */
  token: string;
  batch: readonly IncomingPing[];
}

/** null: the token is no longer the student's (reset meanwhile). */
export type PingResult = { accepted: number; duplicates: number } | null;

/**
 * Stores a request's pings once each and recomputes every session they fall in. Requests that
 * arrive while others are being stored go together (ping-queue.ts, decision 0564): two
 * statements for the whole group in the usual case.
 */
export function ingestPings(
  s: Services,
  student: StudentContext,
  token: string,
  batch: readonly IncomingPing[],
): Promise<PingResult> {
  return queueOf<PingJob, PingResult>(s, (jobs) => ingestGroup(s, jobs)).submit({ student, token, batch });
}

/** A request made ready for the statement: the sessions of each ping, and its rows. */
interface Ready {
  job: PingJob;
  sessionsOf: Map<IncomingPing, DaySession[]>;
  rows: Record<string, unknown>[];
  candidates: DaySession[];
}

/** The school-local date of each ping; zone offsets are whole quarter hours: one Intl call per quarter hour. */
function datesOf(job: PingJob): string[] {
  const memo = new Map<number, string>();
  return job.batch.map((p) => {
    const quarter = Math.floor(p.recorded_at.getTime() / 900_000);
    let date = memo.get(quarter);
    if (date === undefined) {
      date = localDate(p.recorded_at, job.student.timezone);
      memo.set(quarter, date);
    }
    return date;
  });
}

/**
 * Every request of the group made ready, their schedules read together: a schedule the cache lacks
 * costs five queries for the whole group, not five per student (decision 0569). If that read fails,
 * each request is made ready alone, so one request's fault fails only that request.
 */
async function readyAll(s: Services, jobs: readonly PingJob[]): Promise<PromiseSettledResult<Ready>[]> {
  const out: PromiseSettledResult<Ready>[] = jobs.map(() => ({ status: "rejected", reason: null }));
  const dated: { i: number; job: PingJob; dates: string[] }[] = [];
  for (const [i, job] of jobs.entries()) {
    try {
      dated.push({ i, job, dates: datesOf(job) });
    } catch (reason) {
      out[i] = { status: "rejected", reason };
    }
  }
  const wants = dated.flatMap(({ job, dates }) => [...new Set(dates)].map((date) => ({ student: job.student, date })));
  let near: Map<string, DaySession[]> | null = null;
  try {
    const found = await sessionsNearMany(s, s.db, wants);
    near = new Map(wants.map((w, k) => [`${w.student.id}:${w.date}`, found[k] as DaySession[]]));
  } catch {
    // read again request by request below
  }
  for (const { i, job, dates } of dated) {
    try {
      const byDate = new Map<string, DaySession[]>();
      for (const date of new Set(dates))
        byDate.set(date, near?.get(`${job.student.id}:${date}`) ?? (await sessionsNear(s, s.db, job.student, date)));
      out[i] = { status: "fulfilled", value: readyWith(job, dates, (d) => byDate.get(d) ?? []) };
    } catch (reason) {
      out[i] = { status: "rejected", reason };
    }
  }
  return out;
}

function readyWith(job: PingJob, dates: readonly string[], near: (date: string) => DaySession[]): Ready {
  const { batch } = job;
  // the sessions each ping falls in
  const sessionsOf = new Map<IncomingPing, DaySession[]>();
  for (const [k, p] of batch.entries()) {
    sessionsOf.set(
      p,
      near(dates[k] as string).filter((x) => x.cancelled === null && !x.manual && inWindow(x, p.recorded_at)),
    );
  }
  const candidates = new Map<string, DaySession>();
  for (const list of sessionsOf.values()) for (const x of list) candidates.set(sessionKey(x), x);
  const rows = batch.map((p) => {
    const at = sessionsOf.get(p)?.find((x) => x.location && isAtLocation(p, placeSignals(x.location)));
    return {
      id: p.device_ping_id,
      recorded_at: p.recorded_at.toISOString(),
      latitude: p.latitude,
      longitude: p.longitude,
      accuracy: p.accuracy,
      low_power: p.low_power,
      bluetooth: p.bluetooth,
      beacons: p.beacons,
      extra: p.extra ?? null,
      location_id: at?.location_id ?? null,
    };
  });
  return { job, sessionsOf, rows, candidates: [...candidates.values()] };
}

interface Stored {
  /** the requests whose token is still their student's */
  ok: Set<number>;
  /** student id -> the ping ids newly stored */
  ids: Map<number, Set<string>>;
  received: Date;
  /** student id -> the attendance rows of their candidate sessions */
  rows: Map<number, SeenRow[]>;
}

/**
 * One statement for a whole group: checks each request's token, touches last_seen and the
 * device (at most once a minute), inserts the pings (`on conflict do nothing`) and reads the
 * attendance rows of every candidate session, each with its row version. The text is the same
 * for any group: one prepared statement.
 */
async function store(s: Services, group: readonly Ready[]): Promise<Stored> {
  const req = group.map((r, j) => ({ j, s: r.job.student.id, token: r.job.token }));
  const pings = group.flatMap((r, j) => r.rows.map((row) => ({ j, ...row })));
  const keys = group.flatMap((r) =>
    r.candidates.map((x) => ({ s: r.job.student.id, t: x.attendable_type, i: x.attendable_id, m: x.meets })),
  );
  const result = await executeNamed(
    s.db,
    sql`
    with req as (
      select * from jsonb_to_recordset(${JSON.stringify(req)}::jsonb) as r(j int, s int, token text)
    ), st as (
      -- one index probe a request: "offset 0" keeps the planner from turning the lateral into a hash
      -- join over every student (it guesses 100 rows for any recordset); "= any(array)" below likewise
      select req.j, x.id, x.device_id from req cross join lateral (
        select id, device_id from students where id = req.s and token = req.token and deleted_at is null offset 0) x
    ), touch as (
      -- in id order: two groups (of two processes) lock shared students in the same order
      select id from students where id = any(array(select id from st)) and ${TOUCH_OLDER_THAN}
      order by id for no key update
    ), seen as (
      update students set last_seen = now() where id = any(array(select id from touch))
    ), dv as (
      update devices set updated_at = now() from st
      where devices.id = any(array(select device_id from st)) and devices.id = st.device_id and devices.student_id = st.id
        and devices.updated_at < now() - interval '1 minute'
    ), ins as (
      insert into pings (student_id, device_ping_id, recorded_at, latitude, longitude, accuracy, low_power, bluetooth,
        beacons, extra, location_id)
      select st.id, r.id, r.recorded_at, r.latitude, r.longitude, r.accuracy,
        coalesce(r.low_power, false), coalesce(r.bluetooth, false), r.beacons, r.extra, r.location_id
      from jsonb_to_recordset(${JSON.stringify(pings)}::jsonb) as r(j int, id text, recorded_at timestamptz, latitude float8,
        longitude float8, accuracy float8, low_power boolean, bluetooth boolean, beacons jsonb, extra jsonb, location_id int)
      join st on st.j = r.j
      order by st.id, r.id
      on conflict (student_id, device_ping_id) do nothing
      returning student_id, device_ping_id
    )
    select coalesce((select json_agg(j) from st), '[]'::json) as ok,
      coalesce((select json_agg(json_build_array(student_id, device_ping_id)) from ins), '[]'::json) as ids,
      extract(epoch from now()) * 1000 as received,
      (select coalesce(json_agg(${attendanceJson(sql`a.xv`)}), '[]'::json)
        from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(s int, t text, i int, m date)
        cross join lateral (select *, xmin::text as xv from attendance where student_id = k.s and attendable_type = k.t
          and attendable_id = k.i and meets = k.m offset 0) a) as rows`,
  );
  const head = (result as unknown as { rows: { ok: unknown; ids: unknown; received: unknown; rows: unknown }[] })
    .rows[0];
  const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
  const ok = new Set<number>(((json(head?.ok) ?? []) as number[]).map(Number));
  const ids = new Map<number, Set<string>>();
  for (const [studentId, id] of (json(head?.ids) ?? []) as [number, string][]) {
    const set = ids.get(Number(studentId)) ?? new Set<string>();
    set.add(String(id));
    ids.set(Number(studentId), set);
  }
  const rows = new Map<number, SeenRow[]>();
  for (const r of decodeRows(head?.rows ?? [])) {
    const list = rows.get(r.row.student_id) ?? [];
    list.push(r);
    rows.set(r.row.student_id, list);
  }
  return { ok, ids, received: new Date(Number(head?.received)), rows };
}

/** A request's sessions to recompute, each started, then at its first step. */
interface Recompute {
  /** the request's place in the group */
  k: number;
  ready: Ready;
  fresh: StoredPing[];
  starts: { session: DaySession; start: Start }[];
  steps: { session: DaySession; step: Step }[];
}

/**
 * Every started step of the group run to its write. The histories they wait for (a new
 * attendance, pings older than the running state) are read in one statement for the group, not
 * one a student and session (decision 0569); a step whose read or recompute fails is logged alone.
 */
async function stepAll(s: Services, work: readonly Recompute[]): Promise<void> {
  const waiting = work.flatMap((w) =>
    w.starts.flatMap(({ start }) =>
      "read" in start ? [{ studentId: w.ready.job.student.id, range: start.read, start }] : [],
    ),
  );
  const histories = new Map<Start, PromiseSettledResult<Snapshot>>();
  for (const [k, h] of (await readSnapshotsEach(s.db, waiting)).entries())
    histories.set((waiting[k] as (typeof waiting)[number]).start, h);
  for (const w of work) {
    const studentId = w.ready.job.student.id;
    for (const { session, start } of w.starts) {
      try {
        let step: Step;
        if ("go" in start) step = await start.go();
        else {
          const history = histories.get(start);
          if (history?.status !== "fulfilled") throw history?.reason ?? new Error("history not read");
          step = await start.resume(history.value);
        }
        w.steps.push({ session, step });
      } catch (err) {
        // the pings are stored: the next ping or the finaliser recomputes; the phone must not resend
        s.log.error({ err, studentId }, "attendance recompute failed");
      }
    }
  }
}

/**
 * A group of requests (from different students): stored in one statement, their attendance
 * written in one more, then each student's changes pushed. A group whose statement fails is run
 * again request by request, so one request's fault fails only that request.
 */
async function ingestGroup(s: Services, jobs: readonly PingJob[]): Promise<PromiseSettledResult<PingResult>[]> {
  const out: PromiseSettledResult<PingResult>[] = jobs.map(() => ({ status: "rejected", reason: null }));
  const group: Ready[] = [];
  const at: number[] = [];
  for (const [i, r] of (await readyAll(s, jobs)).entries()) {
    if (r.status === "fulfilled") {
      group.push(r.value);
      at.push(i);
    } else out[i] = { status: "rejected", reason: r.reason };
  }
  if (group.length === 0) return out;
  let stored: Stored;
  try {
    stored = await store(s, group);
  } catch (reason) {
    if (group.length === 1) {
      out[at[0] as number] = { status: "rejected", reason };
      return out;
    }
    for (const [k, r] of group.entries()) {
      const [one] = await ingestGroup(s, [r.job]);
      out[at[k] as number] = one as PromiseSettledResult<PingResult>;
    }
    return out;
  }

  // each request's first steps, from the rows the statement read
  const work: Recompute[] = [];
  for (const [k, r] of group.entries()) {
    if (!stored.ok.has(k)) {
      out[at[k] as number] = { status: "fulfilled", value: null };
      continue;
    }
    const studentId = r.job.student.id;
    const ids = stored.ids.get(studentId) ?? new Set<string>();
    // a ping id repeated inside the batch is stored once: keep its first occurrence, with the
    // stored created_at exactly (now() of the statement), so a later recompute from the stored
    // rows reaches the same confidence as this one
    const fresh: StoredPing[] = [];
    for (const p of r.job.batch) {
      if (ids.has(p.device_ping_id)) {
        fresh.push({ ...p, received_at: stored.received });
        ids.delete(p.device_ping_id);
      }
    }
    // a duplicate's sessions are recomputed too: a phone resends a ping whose first recompute
    // failed after the ping was stored (issue 9), and the retry must repair the attendance
    const affected = new Map<string, DaySession>();
    for (const p of r.job.batch) for (const x of r.sessionsOf.get(p) ?? []) affected.set(sessionKey(x), x);
    const snapshot = { rows: stored.rows.get(studentId) ?? [] };
    const starts: Recompute["starts"] = [];
    for (const session of affected.values()) {
      try {
        starts.push({
          session,
          start: firstStart(s.db, studentId, session, session.location, { fresh, now: stored.received, snapshot }),
        });
      } catch (err) {
        s.log.error({ err, studentId }, "attendance recompute failed");
      }
    }
    work.push({ k, ready: r, fresh, starts, steps: [] });
  }
  await stepAll(s, work);

  // every write of the group in one statement; one that lost to another writer is redone alone
  const writes = work.flatMap((w) => w.steps.flatMap((x) => ("write" in x.step ? [x.step.write] : [])));
  let ids: (number | "conflict")[] = writes.map(() => "conflict");
  try {
    ids = await writeAttendances(s.db, writes);
  } catch (err) {
    s.log.error({ err }, "attendance write of a ping group failed; redone one by one");
  }
  let n = 0;
  for (const w of work) {
    const studentId = w.ready.job.student.id;
    const changes: Recomputed[] = [];
    for (const { session, step } of w.steps) {
      if ("done" in step) {
        if (step.done) changes.push(step.done);
        continue;
      }
      const id = ids[n++];
      try {
        const r =
          typeof id === "number"
            ? step.row(id)
            : await recomputeWith(s.db, studentId, session, session.location, { fresh: w.fresh });
        if (r) changes.push(r);
      } catch (err) {
        s.log.error({ err, studentId }, "attendance recompute failed");
      }
    }
    await publishChanges(s, studentId, changes);
    // a student seen outside the fence during class (decision 0900); never fails the request
    notePindrops(s, w.ready.job.student, w.ready.sessionsOf, stored.received);
    out[at[w.k] as number] = {
      status: "fulfilled",
      value: { accepted: w.fresh.length, duplicates: w.ready.job.batch.length - w.fresh.length },
    };
  }
  return out;
}
