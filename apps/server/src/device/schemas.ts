import { DATE_PROBLEM } from "@rollbook/domain";
import { z } from "zod";
import { PRESENCE_PREFIX } from "../engine/presence.ts";
import { MAX_PING_AGE_MS, PING_ACCEPTANCE_DAYS } from "./acceptance.ts";

/** A phone may send pings it kept while offline; older than this is refused (decisions 0321, 0512). */
export { MAX_PING_AGE_MS };
/** Phone clocks drift; a ping further ahead than this is refused. */
export const MAX_PING_AHEAD_MS = 10 * 60_000;
export const MAX_PINGS_PER_CALL = 500;
/** `extra` is the phone's free-form diagnostics: small and shallow (decision 0420). */
export const MAX_EXTRA_BYTES = 4096;
export const MAX_EXTRA_DEPTH = 8;

/** PostgreSQL text and jsonb take neither NUL nor half a surrogate pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (v: string) => !v.includes("\u0000") && !LONE_SURROGATE.test(v);
const UNSTORABLE = "must not contain NUL or broken Unicode characters";
const unstorableJson = (x: unknown) => /\\u0000|\\ud[89a-f]/i.test(JSON.stringify(x));
/** Whether a JSON value nests objects and arrays more than `max` levels (the value is level 1); no recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
const text = (max: number) =>
  z.string("must be a string").max(max, `must be at most ${max} characters`).refine(storable, UNSTORABLE);
const optionalText = (max: number) => text(max).nullish();
const optionalFlag = z.boolean("must be true or false").nullish();
const coordinate = (limit: number) =>
  z
    .number("must be a number")
    .min(-limit, `must be between -${limit} and ${limit}`)
    .max(limit, `must be between -${limit} and ${limit}`)
    .nullish();

/**
 * A full ISO 8601 instant with its zone (Z or ±hh:mm; zod checks the calendar and 00-23 hours,
 * so no T24:00, no local time, no trailing junk) or epoch milliseconds, within the accepted age.
 */
const isoInstant = z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time with a zone" });
const instant = z
  .union([z.string().max(40), z.number()], "must be an ISO 8601 date-time with a zone")
  .transform((v, ctx) => {
    const ok = typeof v === "number" || isoInstant.safeParse(v).success;
    const at = ok ? new Date(v) : new Date(Number.NaN);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: "custom", message: "must be an ISO 8601 date-time with a zone" });
      return z.NEVER;
    }
    const now = Date.now();
    if (at.getTime() > now + MAX_PING_AHEAD_MS) {
      ctx.addIssue({ code: "custom", message: "is in the future" });
      return z.NEVER;
    }
    if (at.getTime() < now - MAX_PING_AGE_MS) {
      ctx.addIssue({ code: "custom", message: `is more than ${PING_ACCEPTANCE_DAYS} days old` });
      return z.NEVER;
    }
    return at;
  });

const pingIdText = text(100).pipe(z.string().trim().min(1, "is required"));
const pingIdNumber = z.number().int("must be a whole number").min(0, "must be at least 0");

/**
 * The phone's id of a ping: text, or a whole number. Chosen by the value's type, so a string or a
 * number is told its own problem (NUL, length, blank; a fraction, below 0); a union answered
 * "must be a string" to all of them.
 */
const pingId = z
  .union([z.string(), z.number()], "must be a string")
  .transform((id, ctx) => {
    const checked = (typeof id === "string" ? pingIdText : pingIdNumber).safeParse(id);
    if (checked.success) return String(checked.data);
    for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  })
  .refine((id) => !id.startsWith(PRESENCE_PREFIX), "must not start with presence:");

const beacon = z.object({
  factory_id: text(100)
    .pipe(z.string().trim().min(1, "is required"))
    .transform((id) => id.toUpperCase()),
  rssi: z
    .number("must be a number")
    .min(-200, "must be between -200 and 100")
    .max(100, "must be between -200 and 100")
    .nullish(),
});

/** A position fix, each part optional; latitude and longitude come together (bothCoordinates). */
const position = {
  latitude: coordinate(90),
  longitude: coordinate(180),
  accuracy: z
    .number("must be a number")
    .min(0, "must be at least 0")
    .max(100_000, "must be at most 100000 metres")
    .nullish(),
};

function bothCoordinates(p: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  const hasLat = p.latitude != null;
  const hasLon = p.longitude != null;
  if (hasLat && !hasLon) ctx.addIssue({ code: "custom", path: ["longitude"], message: "is required with latitude" });
  if (hasLon && !hasLat) ctx.addIssue({ code: "custom", path: ["latitude"], message: "is required with longitude" });
}

export const pingInput = z
  .object({
    id: pingId,
    recorded_at: instant,
    ...position,
    low_power: optionalFlag,
    bluetooth: optionalFlag,
    beacons: z.array(beacon, "must be a list").max(100, "must hold at most 100 beacons").nullish(),
    extra: z
      .record(z.string(), z.unknown(), "must be an object")
      .nullish()
      // depth first, and aborting: what follows serializes the value
      .refine((x) => x == null || !nestsDeeperThan(x, MAX_EXTRA_DEPTH), {
        message: `must nest at most ${MAX_EXTRA_DEPTH} levels deep`,
        abort: true,
      })
      .refine(
        (x) => x == null || Buffer.byteLength(JSON.stringify(x)) <= MAX_EXTRA_BYTES,
        `must be at most ${MAX_EXTRA_BYTES} bytes of JSON`,
      )
      .refine((x) => x == null || !unstorableJson(x), UNSTORABLE),
  })
  .superRefine(bothCoordinates);

export type PingInput = z.output<typeof pingInput>;

export const pingsInput = z.object(
  {
    pings: z
      .array(pingInput, "must be a list of pings")
      .min(1, "must hold at least one ping")
      .max(MAX_PINGS_PER_CALL, `must hold at most ${MAX_PINGS_PER_CALL} pings`),
  },
  "must be a JSON object",
);

/** A phone's installation or push token: long enough to be random, and what an HTTP header carries. */
export const DEVICE_TOKEN_MIN = 16;
export const DEVICE_TOKEN_MAX = 512;
const DEVICE_TOKEN_CHARS = /^[A-Za-z0-9._:~+/=-]+$/;

/**
 * The phone's name on register (decision 0511): required, so every registered phone is bound.
 * A 128-bit id in hex is 32 characters; FCM and APNs tokens fit the length and the characters.
 */
const deviceTokenInput = z
  .string({ error: (issue) => (issue.input == null ? "is required" : "must be a string") })
  .trim()
  // one message each: a blank token is missing, not also short
  .min(1, { message: "is required", abort: true })
  .min(DEVICE_TOKEN_MIN, { message: `must be at least ${DEVICE_TOKEN_MIN} characters`, abort: true })
  .max(DEVICE_TOKEN_MAX, { message: `must be at most ${DEVICE_TOKEN_MAX} characters`, abort: true })
  .regex(DEVICE_TOKEN_CHARS, "must hold only letters, digits and . _ : ~ + / = -");

export const registerInput = z.object(
  {
    type: optionalText(50),
    os_version: optionalText(100),
    app_version: optionalText(100),
    model_name: optionalText(200),
    token: deviceTokenInput,
    location_permission: optionalFlag,
    bluetooth_permission: optionalFlag,
  },
  "must be a JSON object",
);

const isCalendarDate = (d: string) => {
  const at = new Date(`${d}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
};

export const scheduleQuery = z.object({
  date: z
    .string(DATE_PROBLEM)
    .regex(/^(19|20|21)\d{2}-\d{2}-\d{2}$/, DATE_PROBLEM)
    .refine(isCalendarDate, "must be a real calendar date"),
});

/**
 * A scan, optionally with the phone's position when it scanned (the app sends a fix at most a
 * minute old): a scan from clearly away is stored but not believed, and one without a position
 * inside the place's geofence waits for the phone's pings to put the student there (decision 0552).
 */
export const scanInput = z
  .object({ code: text(200).pipe(z.string().trim().min(1, "is required")), ...position }, "must be a JSON object")
  .superRefine(bothCoordinates);

export type ScanInput = z.output<typeof scanInput>;
