/**
 * The fuzz suite of issue 8 (decision 0420): at least 10,000 generated hostile requests to every
 * REST, device and GraphQL entry and the push socket of a real server in its own process. Fails
 * on any 5xx, any answer slower than 1 s, a socket cut without a close frame, or a health probe
 * slower than 200 ms meanwhile; prints the server's memory before and after.
 *
 * On a loaded machine (CI runs other test files beside this one) a request can wait behind others
 * without being slow itself, and a probe can be late while the server is free. So a slow answer is
 * sent again alone at the end and fails only if it is slow alone too, and a slow probe fails only
 * if the server's own event loop was held past 200 ms (decision 0420).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, type DbKind } from "../../test/harness.ts";
import { deviceLanes } from "./device.ts";
import { graphqlLanes, ROOT_FIELDS } from "./graphql.ts";
import { runLanes, runs, SCALE, SEED } from "./lanes.ts";
import { PUSH_AUTH_TIMEOUT_MS, pushLanes } from "./push.ts";
import { restLanes } from "./rest.ts";
import { FuzzTarget, MAX_HEALTH_MS, mb } from "./target.ts";

const UNLIMITED = "1000000";
/** Rate limits and sign-in delays would turn most requests into quick 429s: raised, so requests reach the code. */
const SERVER_ENV = {
  AUTH_RATE_LIMIT: UNLIMITED,
  LOGIN_ACCOUNT_FAILURES: UNLIMITED,
  LOGIN_ADDRESS_FAILURES: UNLIMITED,
  LOGIN_ADDRESS_ATTEMPTS: UNLIMITED,
  LOGIN_DELAY_MS: "0",
  GRAPHQL_RATE_LIMIT: UNLIMITED,
  DEVICE_RATE_LIMIT: UNLIMITED,
  OFFLINE_CODE_PAIR_FAILURES: UNLIMITED,
  OFFLINE_CODE_STUDENT_FAILURES: UNLIMITED,
  OFFLINE_CODE_USER_FAILURES: UNLIMITED,
  PUSH_AUTH_TIMEOUT_MS: String(PUSH_AUTH_TIMEOUT_MS),
};
/**
 * Clients at once: hostile traffic beside a school's normal use, not a load test. On this
 * 2-core machine the load generator shares the cores with the server: 4 clients at once put
 * health probes at 130-210 ms from CPU contention alone, 2 keep them well under 200 ms.
 */
const PARALLEL = Number(process.env.FUZZ_PARALLEL ?? 2);
// One database in the suite's time budget (decision 0420): PostgreSQL where there is one, as in
// production; PGlite runs the database on the server's own event loop, so a health probe waits
// out the query in progress (slowest probe 79-189 ms there, 65 ms on PostgreSQL). FUZZ_POSTGRES=1: both.
const KINDS: DbKind[] =
  process.env.FUZZ_POSTGRES === "1" ? DATABASES : [DATABASES.includes("postgres") ? "postgres" : "pglite"];

describe.each(KINDS)("fuzzing every entry on %s", (kind) => {
  let t: FuzzTarget;
  beforeAll(async () => {
    t = await FuzzTarget.start(kind, SERVER_ENV);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it(
    `sends ${SCALE === 1 ? "10,000+" : `${SCALE}x`} hostile requests: no 5xx, no answer over 1 s, health under 200 ms`,
    async () => {
      const before = await t.memory();
      let token = "";
      const staffToken = async () => {
        if (token) return token;
        const res = await fetch(`${t.url}/api/v2/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
          body: JSON.stringify(t.ready.staff),
        });
        token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
        return token;
      };
      const lanes = [
        ...graphqlLanes(t, runs),
        ...deviceLanes(t, runs),
        ...restLanes(t, runs),
        ...pushLanes(t, staffToken, runs),
      ];
      t.resetLoop();
      const stopHealth = t.watchHealth();
      const started = performance.now();
      const { failures, timings } = await runLanes(lanes, PARALLEL);
      const seconds = (performance.now() - started) / 1000;
      const health = await stopHealth();
      const loopMs = await t.loopDelay();
      failures.push(...(await t.replayAlone()));
      // a failed probe always counts; a late one only when the server itself was held that long
      const held = health.slow.filter((p) => p.status !== 200 || loopMs > MAX_HEALTH_MS);
      const after = await t.memory();
      const memory = (m: typeof before) => `RSS ${mb(m.rss)}, heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}`;
      console.log(
        [
          `fuzz on ${kind}: ${t.requests} requests over ${lanes.length} lanes (${ROOT_FIELDS} GraphQL root fields) in ${seconds.toFixed(0)} s, seed ${SEED}`,
          `health: ${health.n} probes, slowest ${health.worst} ms, ${health.slow.length} over ${MAX_HEALTH_MS} ms or failed; server event loop held at most ${loopMs} ms`,
          `server memory before: ${memory(before)}`,
          `server memory after:  ${memory(after)}`,
          `lanes: ${timings.join("; ")}`,
          `slowest answers: ${t.slowest.map((s) => `${s.ms} ms ${s.request}`).join("\n    ")}`,
          ...(t.replays.length ? [`slow answers sent again alone: ${t.replays.join("; ")}`] : []),
          ...t.problems.map((p) => `PROBLEM ${p.entry}: ${p.what}\n    ${p.request}`),
        ].join("\n"),
      );
      expect(failures).toEqual([]);
      expect(held).toEqual([]);
      if (SCALE >= 1 && !process.env.FUZZ_ONLY) expect(t.requests).toBeGreaterThanOrEqual(10_000);
    },
    180_000 * Math.max(1, SCALE),
  );
});
