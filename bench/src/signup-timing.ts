/**
 * node --import tsx bench/src/signup-timing.ts — does the public event signup's answer take
 * longer when the identifier names a student (decision 0701)? The real server runs as a child
 * process on a small demo school with one public event; this process is the separate client.
 * Per database and round: 10 warm-up requests of each kind, then 50 known and 50 unknown
 * alternating with 60 ms between requests, then 50 of each back to back (which kind goes first
 * alternates by round). Prints median / p90 in ms, known vs unknown.
 *
 * BENCH_DBS (pglite,postgres; postgres needs DATABASE_URL), ROUNDS (2).
 */
import { addDays, localDate } from "@rollbook/domain";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { events, schools, students } from "../../apps/server/src/db/schema/index.ts";
import { pct } from "./support/loader.ts";
import { startBenchServer } from "./support/server.ts";

const N = 50;
const WARMUP = 10;
const GAP_MS = 60;
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const dbs = (process.env.BENCH_DBS ?? (process.env.DATABASE_URL ? "pglite,postgres" : "pglite")).split(",");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `${pct(s, 50).toFixed(1)} / ${pct(s, 90).toFixed(1)}`;
};

for (const kind of dbs as ("pglite" | "postgres")[]) {
  const server = await startBenchServer(
    kind,
    { password: "bench-signup", students: 200, courses: 20, weeksOfHistory: 1 },
    {},
    async (db) => {
      const [school] = await db.select().from(schools).limit(1);
      const [event] = await db
        .insert(events)
        .values({
          school_id: school!.id,
          title: "Open house",
          date: addDays(localDate(new Date(), school!.timezone), 30),
          start_time: "14:00",
          end_time: "16:00",
          visibility: "public",
        })
        .returning();
      const [student] = await db
        .select({ email: students.email })
        .from(students)
        .where(and(eq(students.school_id, school!.id), isNull(students.deleted_at), isNotNull(students.email)))
        .limit(1);
      return { uuid: event!.uuid, known: student!.email as string };
    },
  );
  try {
    const { uuid, known } = server.prepared;
    let unknownSeq = 0;
    // an unknown address of the known one's length, new each time as a prober's would be
    const unknown = () => `nobody${String(++unknownSeq).padStart(4, "0")}${known.slice(10)}`.slice(0, known.length);
    const ask = async (identifier: string) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v2/signup/${uuid}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        body: JSON.stringify({ identifier }),
      });
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (res.status !== 202) throw new Error(`signup answered ${res.status}`);
      return ms;
    };
    for (let i = 0; i < WARMUP; i++) {
      await ask(known);
      await ask(unknown());
    }
    for (let round = 0; round < ROUNDS; round++) {
      const spaced = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < N; i++) {
        const knownFirst = (i + round) % 2 === 0;
        for (const which of knownFirst ? (["known", "unknown"] as const) : (["unknown", "known"] as const)) {
          spaced[which].push(await ask(which === "known" ? known : unknown()));
          await sleep(GAP_MS);
        }
      }
      const burst = { known: [] as number[], unknown: [] as number[] };
      for (const which of round % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const)) {
        await sleep(2000); // what the previous block left behind (spread work) has run
        for (let i = 0; i < N; i++) burst[which].push(await ask(which === "known" ? known : unknown()));
      }
      console.log(
        `${server.label} round ${round + 1}: spaced ${GAP_MS} ms ${summary(spaced.known)} vs ${summary(spaced.unknown)}; ` +
          `${N} back to back ${summary(burst.known)} vs ${summary(burst.unknown)} (known vs unknown, median / p90 ms)`,
      );
      await sleep(2000);
    }
  } finally {
    await server.stop();
  }
}
