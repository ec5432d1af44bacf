/**
 * npm run simulate -- [--url http://localhost:3000] [--students N] [--speed 120]
 *                     [--from 07:30] [--to now|HH:MM] [--cadence 3] [--tokens file]
 *                     [--email school_admin@demo.rollbook.test] [--password rollbook-demo]
 * Drives the demo school's students through today over the real device API (see sim/run.ts
 * and decision 0361). Tokens: read by a staff user with reset_token through GraphQL, or one a
 * line from --tokens. Times are the school's. Prints a progress line every 2 s and a table of
 * the statuses each behaviour got.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { parseClock, zonedToUtc } from "@rollbook/domain";
import { runSimulation } from "./sim/run.ts";
import { staffLogin, studentTokens } from "./sim/staff.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.SIM_URL ?? "http://localhost:3000" },
    students: { type: "string" },
    speed: { type: "string", default: "120" },
    from: { type: "string", default: "07:30" },
    to: { type: "string", default: "now" },
    cadence: { type: "string", default: "3" },
    tokens: { type: "string" },
    email: { type: "string", default: "school_admin@demo.rollbook.test" },
    password: { type: "string", default: process.env.DEMO_PASSWORD ?? "rollbook-demo" },
  },
});

function fail(message: string): never {
  console.error(`simulate: ${message}`);
  process.exit(2);
}

const number = (flag: string, v: string | undefined, min: number) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) fail(`--${flag} must be a number of at least ${min}`);
  return n;
};
const at = (flag: string, v: string) => {
  if (v === "now") return () => new Date();
  if (!/^\d{1,2}:\d{2}$/.test(v)) fail(`--${flag} must be HH:MM (school time) or now`);
  const minutes = parseClock(v);
  // never ahead of the wall clock: a later --from starts now
  return (tz: string, date: string) => new Date(Math.min(Date.now(), zonedToUtc(date, minutes, tz).getTime()));
};
const atTo = (v: string) => {
  if (v === "now") return () => new Date();
  if (!/^\d{1,2}:\d{2}$/.test(v)) fail("--to must be HH:MM (school time) or now");
  return (tz: string, date: string) => zonedToUtc(date, parseClock(v), tz);
};

const url = values.url as string;
const settings = {
  students: number("students", values.students, 1),
  speed: number("speed", values.speed, 1) ?? 120,
  cadenceMin: number("cadence", values.cadence, 0.1) ?? 3,
  from: at("from", values.from as string),
  to: atTo(values.to as string),
};
let tokens: string[];
if (values.tokens) {
  tokens = (await readFile(values.tokens, "utf8"))
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
} else {
  const staff = await staffLogin(url, values.email as string, values.password as string).catch((e: Error) =>
    fail(`${e.message} (is the server running at ${url}? --url, --email, --password)`),
  );
  tokens = (await studentTokens(url, staff.access_token)).map((s) => s.token);
}
if (tokens.length === 0) fail("no student tokens");

const result = await runSimulation({ url, tokens, ...settings }).catch((e: Error) => fail(e.message));

console.log("statuses now, per behaviour (sessions of the simulated window):");
for (const [behaviour, row] of result.summary) {
  console.log(`  ${behaviour.padEnd(16)} ${[...row].map(([s, n]) => `${s} ${n}`).join(", ")}`);
}
process.exit(result.stats.errors > 0 ? 1 : 0);
