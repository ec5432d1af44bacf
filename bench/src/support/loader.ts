/**
 * The ingest bench's loader: one keep-alive HTTP client (node:http, lighter than fetch) and
 * two drivers that call any `send` (an HTTP POST or a database statement) alike: a closed loop
 * (N callers back to back) and an open loop (a fixed rate, latency counted from when each call
 * was due, so a slow answer delays no later call's clock). Plus the CPU time of processes.
 */
import { readFile } from "node:fs/promises";
import http from "node:http";

export interface Answer {
  status: number;
  body: string;
}

/** POSTs of JSON bodies to one origin over keep-alive sockets (at most `sockets` open). */
export class JsonPoster {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(origin: string, sockets: number) {
    const u = new URL(origin);
    this.host = u.hostname;
    this.port = Number(u.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  post(path: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          path,
          method: "POST",
          agent: this.agent,
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            "content-length": Buffer.byteLength(body),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

export const pct = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export interface Run {
  calls: number;
  errors: number;
  seconds: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  firstError: string | null;
}

function summary(latencies: number[], errors: number, seconds: number, firstError: string | null): Run {
  latencies.sort((a, b) => a - b);
  return {
    calls: latencies.length,
    errors,
    seconds,
    rate: (latencies.length - errors) / seconds,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    firstError,
  };
}

/** A send answers null when it went well, else what went wrong. */
export type Send = (worker: number) => Promise<string | null>;

async function timed(send: Send, worker: number): Promise<string | null> {
  try {
    return await send(worker);
  } catch (err) {
    return (err as Error).message;
  }
}

/** `workers` callers, each sending again as soon as it has its answer, for `seconds` and at least `minCalls` calls. */
export async function closedLoop(workers: number, seconds: number, send: Send, minCalls = 0): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let started = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < end || started < minCalls) {
        started += 1;
        const t = performance.now();
        const error = await timed(send, w);
        latencies.push(performance.now() - t);
        if (error !== null) {
          errors += 1;
          firstError ??= error;
        }
      }
    }),
  );
  return summary(latencies, errors, (performance.now() - t0) / 1000, firstError);
}

/**
 * Calls due at `at` ms after the start (in order), each sent when due whatever is still in
 * flight; latency from when it was due. Calls due after `seconds` are not sent.
 */
export async function openLoop(dueAt: (k: number) => number | null, seconds: number, send: Send): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  let k = 0;
  for (;;) {
    const now = performance.now() - t0;
    if (now >= seconds * 1000) break;
    for (let due = dueAt(k); due !== null && due <= now && due < seconds * 1000; due = dueAt(k)) {
      const from = t0 + due;
      const w = k++;
      pending.push(
        timed(send, w).then((error) => {
          latencies.push(performance.now() - from);
          if (error !== null) {
            errors += 1;
            firstError ??= error;
          }
        }),
      );
    }
    if (dueAt(k) === null) break;
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
  return summary(latencies, errors, seconds, firstError);
}

/** CPU time (user + system, ms) the processes have used so far; gone processes count 0. */
export async function cpuMs(pids: readonly number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
    if (!stat) continue;
    // after "pid (comm) ": state ppid ... utime is the 12th field, stime the 13th
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** CPU time (ms) the whole machine has been busy so far, all cores together. */
export async function machineBusyMs(): Promise<number> {
  const stat = await readFile("/proc/stat", "utf8").catch(() => null);
  if (!stat) return 0;
  const [, user, nice, system, , , irq, softirq, steal] = (stat.split("\n")[0] ?? "").trim().split(/\s+/).map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 10;
}
