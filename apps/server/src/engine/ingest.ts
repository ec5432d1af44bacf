import { isAtLocation, localDate } from "@rollbook/domain";
import { sql } from "drizzle-orm";
import { executeNamed } from "../db/prepared.ts";
import { notePindrops } from "../notifications/pindrop.ts";
import type { Services } from "../services.ts";
import { publishChanges, type Recomputed, recomputeWith, sessionKey } from "./apply.ts";
import type { StoredPing } from "./presence.ts";
import { type DaySession, inWindow, placeSignals, sessionsNear } from "./sessions-for-student.ts";
import { decodeRows, rowsJson } from "./snapshot.ts";
import type { StudentContext } from "./state.ts";

/**
 * last_seen and the device's updated_at move at most once a minute: a phone pings every 30 s, and
 * each update of the wide, much-indexed students row costs more than the ping's own insert
 * (decision 0563). Minute precision is what staff read ("seen 3 min ago", the Setup report).
 */
const TOUCH_OLDER_THAN = sql`(last_seen is null or last_seen < now() - interval '1 minute')`;

/** A ping as the phone sent it; the server adds when it received it. */
export type IncomingPing = Omit<StoredPing, "received_at">;

/**
 * Stores a batch of pings once each and recomputes every session they fall in, once per
 * session, in two statements for a usual batch: the first checks the token, touches last_seen
 * and the device, inserts the pings (`on conflict do nothing`) and reads what is stored for the
 * sessions concerned; the second writes each changed attendance, only if nothing else changed
 * it meanwhile (else it re-reads and retries, see apply.ts). Answers null when the token is no
 * longer the student's (reset meanwhile).
 */
export async function ingestPings(
  s: Services,
  student: StudentContext,
  token: string,
  batch: readonly IncomingPing[],
): Promise<{ accepted: number; duplicates: number } | null> {
  // the sessions each ping falls in (schedules are cached)
  const byDate = new Map<string, DaySession[]>();
  const sessionsOf = new Map<IncomingPing, DaySession[]>();
  // zone offsets are whole quarter hours: one Intl call per quarter hour of the batch
  const dateMemo = new Map<number, string>();
  for (const p of batch) {
    const quarter = Math.floor(p.recorded_at.getTime() / 900_000);
    let date = dateMemo.get(quarter);
    if (date === undefined) {
      date = localDate(p.recorded_at, student.timezone);
      dateMemo.set(quarter, date);
    }
    let near = byDate.get(date);
    if (!near) {
      near = await sessionsNear(s, s.db, student, date);
      byDate.set(date, near);
    }
    sessionsOf.set(
      p,
      near.filter((x) => x.cancelled === null && !x.manual && inWindow(x, p.recorded_at)),
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

  // the attendance rows of the candidate sessions, read in the same statement; their running state
  // takes a ping in order without reading the session's other pings (apply.ts)
  const list = [...candidates.values()];
  const dates = list.map((x) => x.meets).sort();
  const read =
    list.length === 0
      ? sql`null::json as rows`
      : sql`${rowsJson(student.id, dates[0]!, dates[dates.length - 1]!, list)} as rows`;
  const result = await executeNamed(
    s.db,
    sql`
    with st as (
      select id, device_id, last_seen from students
      where id = ${student.id}::int and token = ${token}::text and deleted_at is null
    ), seen as (
      update students set last_seen = now()
      where id = (select id from st) and ${TOUCH_OLDER_THAN}
    ), dv as (
      update devices set updated_at = now()
      where id = (select device_id from st) and student_id = ${student.id}::int and updated_at < now() - interval '1 minute'
    ), ins as (
      insert into pings (student_id, device_ping_id, recorded_at, latitude, longitude, accuracy, low_power, bluetooth,
        beacons, extra, location_id)
      select ${student.id}::int, r.id, r.recorded_at, r.latitude, r.longitude, r.accuracy,
        coalesce(r.low_power, false), coalesce(r.bluetooth, false), r.beacons, r.extra, r.location_id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, recorded_at timestamptz, latitude float8,
        longitude float8, accuracy float8, low_power boolean, bluetooth boolean, beacons jsonb, extra jsonb, location_id int)
      where exists (select 1 from st)
      on conflict (student_id, device_ping_id) do nothing
      returning device_ping_id
    )
    select (select count(*) from st)::int as ok, coalesce((select json_agg(device_ping_id) from ins), '[]'::json) as ids,
      extract(epoch from now()) * 1000 as received,
      ${read}`,
  );
  const head = (result as unknown as { rows: { ok: number; ids: unknown; received: unknown; rows: unknown }[] })
    .rows[0];
  if (!head || Number(head.ok) === 0) return null;
  const ids = new Set<string>(typeof head.ids === "string" ? JSON.parse(head.ids) : (head.ids as string[]));
  // a ping id repeated inside the batch is stored once: keep its first occurrence
  // the stored created_at exactly (now() of the statement), so a later recompute from the stored
  // rows reaches the same confidence as this one
  const received = new Date(Number(head.received));
  const fresh: StoredPing[] = [];
  for (const p of batch) {
    if (ids.has(p.device_ping_id)) {
      fresh.push({ ...p, received_at: received });
      ids.delete(p.device_ping_id);
    }
  }
  // a duplicate's sessions are recomputed too: a phone resends a ping whose first recompute
  // failed after the ping was stored (issue 9), and the retry must repair the attendance
  const affected = new Map<string, DaySession>();
  for (const p of batch) for (const x of sessionsOf.get(p) ?? []) affected.set(sessionKey(x), x);
  const changes: Recomputed[] = [];
  if (affected.size > 0) {
    const snapshot = { rows: decodeRows(head.rows ?? []) };
    const now = received;
    for (const session of affected.values()) {
      try {
        const r = await recomputeWith(s.db, student.id, session, session.location, { fresh, now, snapshot });
        if (r) changes.push(r);
      } catch (err) {
        // the pings are stored: the next ping or the finaliser recomputes; the phone must not resend
        s.log.error({ err, studentId: student.id }, "attendance recompute failed");
      }
    }
  }
  await publishChanges(s, student.id, changes);
  // a student seen outside the fence during class (decision 0900); never fails the request
  await notePindrops(s, student, sessionsOf, received);
  return { accepted: fresh.length, duplicates: batch.length - fresh.length };
}
