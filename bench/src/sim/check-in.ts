import { localDate } from "@rollbook/domain";
import { checkable, type ScheduleSession } from "./day.ts";
import { DeviceClient, ok } from "./device-client.ts";
import { pingAt } from "./position.ts";

/**
 * Checks one student in now, as their phone would: registers, reads today's schedule, and
 * sends one ping inside the fence of a session in progress (the one titled `title`, if given).
 * Answers the session and the ping call's answer.
 */
export async function checkInNow(baseURL: string, token: string, opts: { title?: string; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  const phone = new DeviceClient(baseURL, token);
  const { timezone } = ok("POST /api/v2/device/register", await phone.register()).data.student;
  const day = ok("GET /api/v2/device/schedule", await phone.schedule(localDate(now, timezone))).data;
  const session = day.sessions.find(
    (s: ScheduleSession) =>
      checkable(s) &&
      Date.parse(s.start) <= now.getTime() &&
      now.getTime() < Date.parse(s.end) &&
      (opts.title === undefined || s.title === opts.title),
  );
  if (!session?.location) throw new Error(`no session in progress${opts.title ? ` titled ${opts.title}` : ""}`);
  const place = {
    fence: {
      latitude: session.location.latitude,
      longitude: session.location.longitude,
      radius: session.location.radius,
    },
    beaconIds: session.location.beacons.map((b) => b.factory_id),
  };
  const visit = { arrive: new Date(now.getTime() - 60_000), leave: new Date(now.getTime() + 60_000), offline: null };
  const ping = pingAt(Math.floor(Math.random() * 1e9), now, [{ visit, place }], place.fence);
  const answer = ok("POST /api/v2/device/pings", await phone.pings([ping])).data;
  return { session, answer };
}
