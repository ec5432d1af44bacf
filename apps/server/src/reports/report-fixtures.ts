/** Test-only: a small hand-made school for the school reports (issue 12), and GraphQL calls as a role. */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TestServer } from "../../test/harness.ts";
import type { Db } from "../db/client.ts";
import { beacons, devices, locations, pings, roles, students, userCourse } from "../db/schema/index.ts";

let seq = 0;

/** A paged report call's variables and arguments, for the tests that page through one. */
export const PAGE = "$sort: String, $dir: String, $per: Int, $page: Int";
export const PAGING = "sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page";

export async function addLocation(db: Db, schoolId: number, name = `Report room ${++seq}`) {
  const [loc] = await db
    .insert(locations)
    .values({ school_id: schoolId, name, latitude: 10, longitude: 10 })
    .returning();
  return loc!;
}

export async function addBeacon(
  db: Db,
  schoolId: number,
  locationId: number | null,
  extra: { name?: string; battery?: number | null } = {},
) {
  const factory_id = `RB-${randomBytes(6).toString("hex").toUpperCase()}`;
  const [b] = await db
    .insert(beacons)
    .values({
      school_id: schoolId,
      location_id: locationId,
      factory_id,
      name: extra.name ?? "",
      battery: extra.battery ?? null,
    })
    .returning();
  return b!;
}

/** The student's active phone with these permissions. */
export async function addDevice(db: Db, studentId: number, location: boolean, bluetooth: boolean, model = "Pixel 8") {
  const [d] = await db
    .insert(devices)
    .values({
      student_id: studentId,
      model_name: model,
      location_permission: location,
      bluetooth_permission: bluetooth,
    })
    .returning();
  await db.update(students).set({ device_id: d!.id }).where(eq(students.id, studentId));
  return d!;
}

let pingSeq = 0;
/** Stored pings as the engine leaves them: placed at a location (or not), maybe with a beacon. */
export async function addPings(
  db: Db,
  studentId: number,
  locationId: number | null,
  times: Date[],
  beaconIds: string[] = [],
) {
  if (!times.length) return;
  await db.insert(pings).values(
    times.map((t) => ({
      student_id: studentId,
      device_ping_id: `rp-${++pingSeq}-${randomBytes(3).toString("hex")}`,
      recorded_at: t,
      location_id: locationId,
      beacons: beaconIds.map((factory_id) => ({ factory_id, rssi: -60 })),
    })),
  );
}

export async function assignCourse(db: Db, userId: number, courseId: number) {
  await db.insert(userCourse).values({ user_id: userId, course_id: courseId });
}

/** Runs fn with a role's flag turned off, then back on. */
export async function withoutFlag(
  db: Db,
  role: string,
  flag: "access_reports" | "reset_token",
  fn: () => Promise<void>,
) {
  await db
    .update(roles)
    .set({ [flag]: false })
    .where(eq(roles.name, role));
  try {
    await fn();
  } finally {
    await db
      .update(roles)
      .set({ [flag]: true })
      .where(eq(roles.name, role));
  }
}

/** GraphQL calls of one report field as a demo role: ok answers data, fails the first error. */
export function caller(srv: () => TestServer, query: string, field: string) {
  const tokens = new Map<string, string>();
  const gql = async (role: string, vars: Record<string, unknown>) => {
    let token = tokens.get(role);
    if (!token) {
      token = (await srv().login(role)).access_token as string;
      tokens.set(role, token);
    }
    return srv().gql(token, query, vars);
  };
  return {
    ok: async (role: string, vars: Record<string, unknown>): Promise<any> => {
      const r = await gql(role, vars);
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      return (r.body.data as Record<string, unknown>)[field];
    },
    fails: async (role: string, vars: Record<string, unknown>) => {
      const r = await gql(role, vars);
      expect(r.status).toBeLessThan(500);
      const e = r.body.errors?.[0] as { message: string; extensions?: { code?: string; field?: string } };
      expect(e, JSON.stringify(r.body)).toBeDefined();
      return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
    },
    forget: () => tokens.clear(),
  };
}
