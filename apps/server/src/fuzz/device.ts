/** Properties over the device API, with the student's valid token and with bad ones. */
import fc from "fast-check";
import {
  badAuthorization,
  contentType,
  deepJsonText,
  hostileRecord,
  oddBodyText,
  oddJson,
  oddNumber,
  oddString,
} from "./hostile.ts";
import type { Lane } from "./lanes.ts";
import type { FuzzTarget } from "./target.ts";

const MIN = 60_000;
/** Times around now, where the engine takes pings, and odd spellings of them. */
const recordedAt = fc.oneof(
  fc.integer({ min: -40 * 24 * 60, max: 20 }).map((m) => new Date(Date.now() + m * MIN).toISOString()),
  fc.integer({ min: -60, max: 5 }).map((m) => Date.now() + m * MIN),
  fc.constantFrom("T24:00:00Z", "", "Z\u0000", "+25:00", "-00:00", "+0200").map((suffix) => {
    const day = new Date().toISOString().slice(0, 10);
    return suffix.startsWith("T") ? day + suffix : `${new Date().toISOString().slice(0, 19)}${suffix}`;
  }),
);
const latitude = fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), oddNumber);
const longitude = fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), oddNumber);
const beacon = hostileRecord({
  factory_id: fc.constantFrom("FACTORY-1", "nope"),
  rssi: fc.integer({ min: -200, max: 100 }),
});
/** `extra` as JSON text: small, odd, or nested past the limits */
const extraText = fc.oneof(
  oddJson.map((v) => JSON.stringify({ v })),
  fc.integer({ min: 1, max: 40 }).map((d) => `{"x":${deepJsonText(d, "object")}}`),
  fc.constantFrom(5000, 10_000).map((d) => `{"x":${deepJsonText(d, "mixed")}}`),
  fc.constantFrom(4000, 4097, 100_000).map((n) => JSON.stringify({ note: "z".repeat(n) })),
);

/** One ping as JSON text, so that `extra` may be nested deeper than JSON.stringify could build cheaply. */
const pingText = fc
  .tuple(
    hostileRecord({
      id: fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.nat()),
      recorded_at: recordedAt,
      latitude,
      longitude,
      accuracy: fc.oneof(fc.double({ min: 0, max: 200, noNaN: true }), oddNumber),
      low_power: fc.boolean(),
      bluetooth: fc.boolean(),
      beacons: fc.array(beacon, { maxLength: 3 }),
    }),
    fc.option(extraText, { nil: undefined }),
  )
  .map(([ping, extra]) => {
    const text = JSON.stringify(ping);
    return extra === undefined ? text : `${text.slice(0, -1)}${text.length > 2 ? "," : ""}"extra":${extra}}`;
  });

const pingsBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.array(pingText, { minLength: 1, maxLength: 5 }).map((ps) => `{"pings":[${ps.join(",")}]}`),
  },
  { weight: 1, arbitrary: oddBodyText },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, 501, 2000).map((n) => JSON.stringify({ pings: Array(n).fill({ id: "a" }) })),
  },
);

const mostlyValid = (token: string) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(`Bearer ${token}`) }, { weight: 1, arbitrary: badAuthorization });

export function deviceLanes(t: FuzzTarget, runs: (n: number) => number): Lane[] {
  const auth = mostlyValid(t.ready.studentToken);
  const post = (entry: string, body: fc.Arbitrary<string>, n: number): Lane => ({
    name: `POST /api/v2/device/${entry}`,
    runs: runs(n),
    property: fc.asyncProperty(auth, body, contentType, async (authorization, text, type) => {
      const headers: Record<string, string> = { authorization };
      if (type) headers["content-type"] = type;
      await t.hit(`POST device/${entry}`, `/api/v2/device/${entry}`, { method: "POST", headers, body: text });
    }),
  });
  const register = fc.oneof(
    hostileRecord({
      type: fc.constantFrom("ios", "android"),
      os_version: fc.string(),
      app_version: fc.string(),
      model_name: fc.string(),
      token: fc.string(),
      location_permission: fc.boolean(),
      bluetooth_permission: fc.boolean(),
    }).map((v) => JSON.stringify(v)),
    oddBodyText,
  );
  const scan = fc.oneof(
    hostileRecord({ code: fc.string({ maxLength: 12 }) }).map((v) => JSON.stringify(v)),
    oddBodyText,
  );
  const date = fc.oneof(
    fc.integer({ min: -400, max: 400 }).map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)),
    oddString,
  );
  return [
    post("register", register, 600),
    post("pings", pingsBody, 1200),
    post("scan", scan, 600),
    // the phone's sign-out takes no body: whatever comes, a 4xx or the answer
    post("sign-out", oddBodyText, 200),
    {
      name: "GET /api/v2/device/schedule",
      runs: runs(600),
      property: fc.asyncProperty(
        auth,
        date,
        fc.constantFrom("date", "date[]", "date[a]", "x"),
        fc.boolean(),
        async (authorization, d, key, twice) => {
          const q = new URLSearchParams([[key, d]]);
          if (twice) q.append(key, d);
          await t.hit("GET device/schedule", `/api/v2/device/schedule?${q}`, { headers: { authorization } });
        },
      ),
    },
  ];
}
