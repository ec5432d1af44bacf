/** Properties over the REST entries: sign-in, invitations, password, health and the SPA fallback. */
import fc from "fast-check";
import { contentType, hostileRecord, oddBodyText, oddJson, oddString } from "./hostile.ts";
import type { Lane } from "./lanes.ts";
import type { FuzzTarget } from "./target.ts";

const email = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom("school_admin@demo.rollbook.test", "staff@demo.rollbook.test"),
);
const uuid = fc.uuid();
const password = fc.string({ minLength: 8, maxLength: 30 });
const mostly = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

const ENTRIES: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
  "/api/v2/login": { email, password },
  "/api/v2/register": {
    token: uuid,
    first_name: fc.string(),
    last_name: fc.string(),
    password,
    password_confirmation: password,
  },
  "/api/v2/checkInvitation": { token: uuid },
  "/api/v2/email/confirm": { token: uuid },
  "/api/v2/password/forgot": { email },
  "/api/v2/password/reset": { token: uuid, password, password_confirmation: password },
};

/** Every byte as %XX: lone surrogates and all, where encodeURIComponent would throw. */
const percentEncode = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

/** A body for an entry: its own fields with hostile values, or any hostile text. */
const bodyFor = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 3, arbitrary: hostileRecord(fields).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: oddBodyText },
  );

export function restLanes(t: FuzzTarget, runs: (n: number) => number): Lane[] {
  const posts: Lane[] = Object.entries(ENTRIES).map(([path, fields]) => ({
    name: `POST ${path}`,
    runs: runs(path === "/api/v2/login" ? 700 : 500),
    // mostly with the XHR marker, so the request reaches the route
    property: fc.asyncProperty(bodyFor(fields), contentType, mostly, async (body, type, marker) => {
      const headers: Record<string, string> = {};
      if (type) headers["content-type"] = type;
      if (marker) headers["x-requested-with"] = "XMLHttpRequest";
      await t.hit(`POST ${path}`, path, { method: "POST", headers, body });
    }),
  }));

  const pathSegment = fc.oneof(
    fc.webSegment(),
    oddString.map(percentEncode),
    fc.constantFrom("..", "%2e%2e", "%2f", "%00", "%", "%zz", "assets", "index.html", ".env", "~", "%c0%af"),
  );
  const anyPath = fc
    .array(pathSegment, { minLength: 1, maxLength: 6 })
    .chain((segs) => fc.constantFrom("/", "/assets/", "/api/", "/api/v2/", "/graphql/").map((p) => p + segs.join("/")));

  return [
    ...posts,
    {
      name: "GET /api/health",
      runs: runs(200),
      property: fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 10 }), oddString, { maxKeys: 3 }), async (q) => {
        await t.hit("GET /api/health", `/api/health?${new URLSearchParams(q)}`);
      }),
    },
    {
      name: "GET SPA fallback and static files",
      runs: runs(500),
      property: fc.asyncProperty(anyPath, fc.constantFrom("GET", "HEAD", "GET"), async (path, method) => {
        await t.hit("SPA fallback", path, { method });
      }),
    },
    {
      name: "other methods on REST entries",
      runs: runs(200),
      property: fc.asyncProperty(
        fc.constantFrom(...Object.keys(ENTRIES), "/api/v2/logout", "/api/health", "/api/v2/push"),
        fc.constantFrom("PUT", "DELETE", "PATCH", "OPTIONS", "POST", "GET"),
        oddJson,
        async (path, method, body) => {
          const hasBody = method !== "GET" && method !== "OPTIONS";
          await t.hit(`${method} ${path}`, path, {
            method,
            headers: {
              "content-type": "application/json",
              "x-requested-with": "XMLHttpRequest",
              authorization: "Bearer x",
            },
            body: hasBody ? JSON.stringify(body) : undefined,
          });
        },
      ),
    },
  ];
}
