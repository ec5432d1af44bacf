/** Test-only: rows for engine and device API tests, with a course in session around now. */
import { createHash, randomBytes } from "node:crypto";
import { localDate, localMinutes } from "@rollbook/domain";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  attendance,
  beacons,
  courses,
  events,
  locations,
  pings,
  schools,
  studentCourse,
  studentEvent,
  students,
} from "../db/schema/index.ts";

export const MIN = 60_000;
let seq = 0;

export async function schoolsOf(db: Db) {
  const [demo, other] = await db.select().from(schools).orderBy(asc(schools.id));
  return { demo: demo!, other: other! };
}

/** "HH:MM" of an instant in a zone (floored to the minute). */
export function clock(at: Date, tz: string) {
  const m = Math.floor(localMinutes(at, tz));
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

export const floorMinute = (at: Date) => new Date(Math.floor(at.getTime() / MIN) * MIN);

export interface Place {
  id: number;
  latitude: number;
  longitude: number;
  beacon: string;
}

/** A location with a 50 m fence far from the demo campus, and one beacon. */
export async function makeLocation(db: Db, schoolId: number): Promise<Place> {
  seq++;
  // test files share this module (the server project does not isolate them): stay on the map
  const step = seq % 400;
  const latitude = 30 + step * 0.1 + Math.random() * 0.01;
  const longitude = -90 - step * 0.1;
  const [loc] = await db
    .insert(locations)
    .values({ school_id: schoolId, name: `Test room ${seq}`, latitude, longitude, radius: 50 })
    .returning();
  const beacon = `TB-${randomBytes(6).toString("hex").toUpperCase()}`;
  await db.insert(beacons).values({ school_id: schoolId, name: "door", factory_id: beacon, location_id: loc!.id });
  return { id: loc!.id, latitude, longitude, beacon };
}

/** A course meeting every day from `start` for `minutes`, in the school's zone. */
export async function makeCourse(
  db: Db,
  school: { id: number; timezone: string },
  start: Date,
  minutes: number,
  extra: Partial<typeof courses.$inferInsert> = {},
) {
  const place = await makeLocation(db, school.id);
  const [course] = await db
    .insert(courses)
    .values({
      school_id: school.id,
      location_id: place.id,
      title: `Engine test ${++seq}`,
      start_time: clock(start, school.timezone),
      end_time: clock(new Date(start.getTime() + minutes * MIN), school.timezone),
      meet_sun: true,
      meet_mon: true,
      meet_tue: true,
      meet_wed: true,
      meet_thu: true,
      meet_fri: true,
      meet_sat: true,
      is_indefinite: true,
      ...extra,
    })
    .returning();
  return { course: course!, place, meets: localDate(start, school.timezone) };
}

/** An event today from `start` for `minutes`. */
export async function makeEvent(db: Db, school: { id: number; timezone: string }, start: Date, minutes: number) {
  const place = await makeLocation(db, school.id);
  const [event] = await db
    .insert(events)
    .values({
      school_id: school.id,
      location_id: place.id,
      title: `Event test ${++seq}`,
      date: localDate(start, school.timezone),
      start_time: clock(start, school.timezone),
      end_time: clock(new Date(start.getTime() + minutes * MIN), school.timezone),
    })
    .returning();
  return { event: event!, place };
}

export async function makeStudent(db: Db, schoolId: number, opts: { courses?: number[]; events?: number[] } = {}) {
  const [student] = await db
    .insert(students)
    .values({
      school_id: schoolId,
      first_name: "Test",
      last_name: `Student ${++seq}`,
      token: `t-${randomBytes(9).toString("base64url")}`,
      offline_code: "JBSWY3DPEHPK3PXP",
    })
    .returning();
  for (const course_id of opts.courses ?? [])
    await db.insert(studentCourse).values({ student_id: student!.id, course_id });
  for (const event_id of opts.events ?? []) await db.insert(studentEvent).values({ student_id: student!.id, event_id });
  return student!;
}

/** Finished attendance of one course: [student id, date, status] rows. */
export function finishedCourseRows(
  db: Db,
  course: { id: number; school_id: number },
  rows: readonly [studentId: number, meets: string, status: number][],
) {
  return db.insert(attendance).values(
    rows.map(([student_id, meets, status]) => ({
      attendable_type: "course" as const,
      attendable_id: course.id,
      school_id: course.school_id,
      student_id,
      status,
      finished: true,
      meets,
    })),
  );
}

export const setToken = (db: Db, id: number, token: string) =>
  db.update(students).set({ token }).where(eq(students.id, id));

let pingSeq = 0;
/** A ping at `at`, at the place or `away` (about 5 km off). */
export function ping(at: Date, place: Place, where: "at" | "away" | "beacon" = "at") {
  const id = `p-${Date.now().toString(36)}-${++pingSeq}`;
  if (where === "beacon")
    return { id, recorded_at: at.toISOString(), beacons: [{ factory_id: place.beacon.toLowerCase(), rssi: -60 }] };
  const off = where === "away" ? 0.05 : 0;
  return {
    id,
    recorded_at: at.toISOString(),
    latitude: place.latitude + off,
    longitude: place.longitude,
    accuracy: 8,
    low_power: false,
    bluetooth: true,
    beacons: [],
    extra: { battery: 80 },
  };
}

/** Pings every `every` minutes from `from` to `to` (inclusive when it lands on it). */
export function series(from: Date, to: Date, place: Place, where: "at" | "away" = "at", every = 3) {
  const out: ReturnType<typeof ping>[] = [];
  for (let t = from.getTime(); t <= to.getTime(); t += every * MIN) out.push(ping(new Date(t), place, where));
  return out;
}

/** The installation id of the test phone of a personal token: 32 hex characters, as the check-in app's. */
export const phoneId = (token: string) => createHash("sha256").update(token).digest("hex").slice(0, 32);

/**
 * The device API as a phone calls it: bearer token, no XHR marker, and the phone's own id in
 * X-Device-Token (decision 0511); `id` goes as `token` when it registers.
 */
export function phone(url: string, token: string) {
  const id = phoneId(token);
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}`, "x-device-token": id };
  return {
    id,
    post: (path: string, body: unknown) =>
      fetch(`${url}/api/v2/device/${path}`, {
        method: "POST",
        headers,
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    get: (path: string) => fetch(`${url}/api/v2/device/${path}`, { headers }),
    pings: async (list: unknown[]) => {
      const res = await fetch(`${url}/api/v2/device/pings`, {
        method: "POST",
        headers,
        body: JSON.stringify({ pings: list }),
      });
      return { status: res.status, body: (await res.json()) as any };
    },
  };
}

type TestPing = ReturnType<typeof ping>;

/**
 * History as a phone sends it live: each ping stored as if it arrived 2 s after it was recorded
 * (a test cannot wait through a class), then the last one sent again through the device API, a
 * duplicate, which makes the engine recompute from everything stored (ingest.ts). For tests of
 * the engine's arithmetic over a past stretch of a class; tests of late delivery send through
 * `phone().pings`, which stamps what it sends with the time it arrives.
 */
export async function sentLive(db: Db, url: string, student: { id: number; token: string }, list: TestPing[]) {
  if (list.length === 0) throw new Error("sentLive needs at least one ping");
  await storedLive(db, student, list);
  return phone(url, student.token).pings(list.slice(-1));
}

/** Pings stored as if each arrived 2 s after it was recorded, without a recompute. */
export async function storedLive(db: Db, student: { id: number }, list: TestPing[]) {
  if (list.length === 0) return;
  await db.insert(pings).values(
    list.map((p) => ({
      student_id: student.id,
      device_ping_id: p.id,
      recorded_at: new Date(p.recorded_at),
      latitude: "latitude" in p ? p.latitude : null,
      longitude: "longitude" in p ? p.longitude : null,
      accuracy: "accuracy" in p ? p.accuracy : null,
      beacons: p.beacons ?? null,
      extra: "extra" in p ? p.extra : null,
      created_at: new Date(new Date(p.recorded_at).getTime() + 2_000),
    })),
  );
}
