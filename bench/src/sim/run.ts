/**
 * Drives virtual students through their day against a running server, over the device API
 * only. The simulated clock starts at `from` and runs `speed` times faster than the wall
 * clock, but never ahead of it (pings cannot come from the future): once caught up it runs
 * in real time until `to`.
 */
import { localDate, STATUSES } from "@rollbook/domain";
import { type Behaviour, behaviourOf } from "./behaviour.ts";
import { checkable, type PhoneState, planStudent, type StudentPlan, stepPhone } from "./day.ts";
import { DeviceClient, ok } from "./device-client.ts";
import type { PingBody } from "./position.ts";

export interface SimOptions {
  url: string;
  tokens: string[];
  students?: number;
  from: (timezone: string, date: string) => Date;
  to: (timezone: string, date: string) => Date;
  speed: number;
  cadenceMin: number;
  log?: (line: string) => void;
}

interface Phone {
  client: DeviceClient;
  plan: StudentPlan;
  state: PhoneState;
}

const MAX_BATCH = 500;
const TICK_MS = 500;

async function pool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

const clock = (d: Date, tz: string) =>
  d.toLocaleTimeString("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit" });

export async function runSimulation(o: SimOptions) {
  const log = o.log ?? console.log;
  const now = new Date();
  const phones: Phone[] = [];
  let timezone = "UTC";
  let from = now;
  let to = now;
  // register every phone and read its day; keep those with a session to check in to
  await pool(o.tokens, 16, async (token) => {
    if (o.students !== undefined && phones.length >= o.students) return;
    const client = new DeviceClient(o.url, token);
    const reg = ok("register", await client.register()).data.student;
    timezone = reg.timezone;
    const date = localDate(now, timezone);
    from = o.from(timezone, date);
    to = o.to(timezone, date);
    const day = ok("schedule", await client.schedule(date)).data;
    const sessions = day.sessions.filter(
      (s) => checkable(s) && Date.parse(s.start) < to.getTime() && Date.parse(s.end) > from.getTime(),
    );
    if (sessions.length === 0 || (o.students !== undefined && phones.length >= o.students)) return;
    const index = reg.id;
    const campus = sessions[0]?.location ?? { latitude: 0, longitude: 0 };
    phones.push({
      client,
      plan: planStudent(index, behaviourOf(index), sessions, { from, to }, campus),
      state: { queue: [] },
    });
  });
  if (phones.length === 0) throw new Error("no student has a session to check in to in the simulated window");
  const mix = new Map<Behaviour, number>();
  for (const p of phones) mix.set(p.plan.behaviour, (mix.get(p.plan.behaviour) ?? 0) + 1);
  log(
    `simulate: ${phones.length} students from ${clock(from, timezone)} to ${clock(to, timezone)} (${timezone}) ` +
      `at x${o.speed}, a ping every ${o.cadenceMin} min; ${[...mix].map(([b, n]) => `${b} ${n}`).join(", ")}`,
  );

  const stats = { calls: 0, pings: 0, accepted: 0, duplicates: 0, errors: 0, lateBatches: 0, ms: [] as number[] };
  const send = async (p: Phone, batch: PingBody[]) => {
    for (let i = 0; i < batch.length; i += MAX_BATCH) {
      const part = batch.slice(i, i + MAX_BATCH);
      const a = await p.client.pings(part);
      stats.calls += 1;
      stats.pings += part.length;
      stats.ms.push(a.ms);
      if (a.status !== 200) {
        stats.errors += 1;
        if (stats.errors <= 3) log(`  pings answered ${a.status}: ${JSON.stringify(a.body).slice(0, 300)}`);
        continue;
      }
      stats.accepted += a.body.data.accepted;
      stats.duplicates += a.body.data.duplicates;
    }
  };

  const started = Date.now();
  let sim = from;
  let lastLog = 0;
  const cadenceMs = o.cadenceMin * 60_000;
  while (sim.getTime() < to.getTime()) {
    const tick = Date.now();
    const next = new Date(
      Math.min(to.getTime(), Date.now(), from.getTime() + (Date.now() - started + TICK_MS) * o.speed),
    );
    if (next.getTime() > sim.getTime()) {
      const prev = sim;
      sim = next;
      await pool(phones, 32, async (p) => {
        const batch = stepPhone(p.plan, p.state, prev, sim, cadenceMs);
        // pings older than this step: kept while offline, sent late in one batch
        if (Date.parse(batch[0]?.recorded_at ?? "") < prev.getTime() - cadenceMs) stats.lateBatches += 1;
        if (batch.length) await send(p, batch);
      });
    }
    if (Date.now() - lastLog >= 2000 || sim.getTime() >= to.getTime()) {
      lastLog = Date.now();
      const sorted = [...stats.ms].sort((a, b) => a - b);
      const pct = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0).toFixed(0);
      const queued = phones.reduce((n, p) => n + p.state.queue.length, 0);
      log(
        `sim ${clock(sim, timezone)} | ${stats.pings} pings in ${stats.calls} calls (accepted ${stats.accepted}, ` +
          `duplicates ${stats.duplicates}) | ${queued} queued offline, ${stats.lateBatches} late batches | ` +
          `errors ${stats.errors} | p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`,
      );
    }
    const wait = TICK_MS - (Date.now() - tick);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  // phones still offline at the end come back and send what they kept
  await pool(phones, 32, async (p) => {
    if (p.state.queue.length) await send(p, p.state.queue.splice(0));
  });
  return { phones, stats, summary: await summarise(phones, localDate(to, timezone)) };
}

/** Today's statuses as the phones now see them, per behaviour. */
async function summarise(phones: Phone[], date: string) {
  const name = new Map<number, string>(STATUSES.map((s) => [s.id, s.name]));
  const table = new Map<Behaviour, Map<string, number>>();
  await pool(phones, 16, async (p) => {
    const day = ok("schedule", await p.client.schedule(date)).data;
    const row = table.get(p.plan.behaviour) ?? new Map<string, number>();
    table.set(p.plan.behaviour, row);
    const ids = new Set(p.plan.visits.map((v) => `${v.session.attendable_type}:${v.session.attendable_id}`));
    for (const s of day.sessions) {
      if (!ids.has(`${s.attendable_type}:${s.attendable_id}`)) continue;
      const status = s.attendance ? (name.get(s.attendance.status) ?? String(s.attendance.status)) : "no attendance";
      row.set(status, (row.get(status) ?? 0) + 1);
    }
  });
  return table;
}
