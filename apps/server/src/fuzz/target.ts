/**
 * The fuzzer's side of the server under test: forks server-process.ts, sends
 * timed requests, and polls /api/health from a worker thread (its own event
 * loop, so the fuzzer's work never delays a probe's clock).
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { DbKind } from "../../test/harness.ts";
import type { LoopDelay, Memory, Ready } from "./server-process.ts";

/** The bounds: any answer within 1 s, a health probe within 200 ms. */
export const MAX_ANSWER_MS = 1000;
export const MAX_HEALTH_MS = 200;

export interface Problem {
  entry: string;
  what: string;
  /** enough of the request to replay it */
  request: string;
}

/** An answer over MAX_ANSWER_MS, kept to be sent again alone once the lanes are done. */
interface SlowAnswer {
  entry: string;
  pathAndQuery: string;
  init: RequestInit;
  ms: number;
  status: number;
}

export interface Answer {
  status: number;
  ms: number;
  text: string;
}

/** slow answers sent again at the end, at most (a server slow on everything fails long before) */
const MAX_REPLAYS = 20;

const here = path.dirname(fileURLToPath(import.meta.url));

/** Polls GET /api/health every `everyMs`; reports each probe slower than MAX_HEALTH_MS or failing. */
const HEALTH_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
let stop = false, n = 0, worst = 0;
parentPort.on("message", () => { stop = true; });
(async () => {
  while (!stop) {
    const t0 = performance.now();
    let status = 0;
    try {
      const res = await fetch(workerData.url + "/api/health", { signal: AbortSignal.timeout(10000) });
      status = res.status;
      await res.arrayBuffer();
    } catch (e) { status = -1; }
    const ms = performance.now() - t0;
    n++; worst = Math.max(worst, ms);
    if (ms > workerData.max || status !== 200) parentPort.postMessage({ type: "slow", ms: Math.round(ms), status });
    await new Promise((r) => setTimeout(r, workerData.everyMs));
  }
  parentPort.postMessage({ type: "done", n, worst: Math.round(worst) });
})();
`;

export class FuzzTarget {
  readonly problems: Problem[] = [];
  /** the slowest answers, to tell a request that holds the server from those that waited behind it */
  readonly slowest: { ms: number; request: string }[] = [];
  /** answers over MAX_ANSWER_MS while other lanes ran: judged by replayAlone() */
  readonly slowAnswers: SlowAnswer[] = [];
  requests = 0;
  private constructor(
    private readonly child: ChildProcess,
    readonly ready: Ready,
  ) {}

  get url() {
    return this.ready.url;
  }

  static async start(kind: DbKind, env: Record<string, string>): Promise<FuzzTarget> {
    const child = fork(path.join(here, "server-process.ts"), [], {
      execArgv: ["--import", "tsx", "--expose-gc"],
      env: { ...process.env, FUZZ_DB: kind, FUZZ_SERVER_ENV: JSON.stringify(env) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once("message", (m) => resolve(m as Ready));
      child.once("exit", (code) => reject(new Error(`the fuzz server exited with ${code} before listening`)));
    });
    return new FuzzTarget(child, ready);
  }

  /** The server process's memory, after a full garbage collection. */
  memory(): Promise<Memory> {
    return new Promise((resolve) => {
      this.child.once("message", (m) => resolve(m as Memory));
      this.child.send({ type: "memory" });
    });
  }

  /** The longest the server's own event loop was held since the last resetLoop(), in ms. */
  loopDelay(): Promise<number> {
    return new Promise((resolve) => {
      const listen = (m: LoopDelay | Memory) => {
        if (m.type !== "loop") return;
        this.child.off("message", listen);
        resolve(m.maxMs);
      };
      this.child.on("message", listen);
      this.child.send({ type: "loop" });
    });
  }

  resetLoop() {
    this.child.send({ type: "loop-reset" });
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.send({ type: "stop" });
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
  }

  /** Starts probing health; the returned function stops and answers what it saw. */
  watchHealth(everyMs = 100) {
    const slow: { ms: number; status: number }[] = [];
    const worker = new Worker(HEALTH_WORKER, {
      eval: true,
      workerData: { url: this.url, everyMs, max: MAX_HEALTH_MS },
    });
    const done = new Promise<{ n: number; worst: number }>((resolve) => {
      worker.on("message", (m: { type: string; ms: number; status: number; n: number; worst: number }) => {
        if (m.type === "slow") slow.push({ ms: m.ms, status: m.status });
        else resolve({ n: m.n, worst: m.worst });
      });
    });
    return async () => {
      worker.postMessage("stop");
      const summary = await done;
      await worker.terminate();
      return { ...summary, slow };
    };
  }

  /**
   * Sends one request and checks the bounds: no 5xx, no network failure,
   * an answer within MAX_ANSWER_MS. A breach is recorded and thrown, so that
   * fast-check reports (and shrinks) the request that caused it.
   */
  async hit(entry: string, pathAndQuery: string, init: RequestInit = {}): Promise<Answer> {
    this.requests++;
    const t0 = performance.now();
    let status = 0;
    let text = "";
    try {
      const res = await fetch(this.url + pathAndQuery, { ...init, signal: AbortSignal.timeout(15_000) });
      status = res.status;
      text = await res.text();
    } catch (err) {
      text = String((err as Error).cause ?? err);
    }
    const ms = performance.now() - t0;
    this.slowest.push({ ms: Math.round(ms), request: `${entry} ${status} ${describeBody(init.body).slice(0, 80)}` });
    this.slowest.sort((a, b) => b.ms - a.ms).splice(8);
    const what =
      status === 0 && refusedEarly(text, init.body, pathAndQuery)
        ? null
        : status === 0
          ? `no answer (${text})`
          : status >= 500
            ? `answered ${status}: ${text.slice(0, 200)}`
            : null;
    if (what) this.fail(entry, what, `${init.method ?? "GET"} ${pathAndQuery} ${describeBody(init.body)}`);
    // a slow answer may have waited behind another client's request or the machine's other work:
    // it is sent again alone at the end, and only a request slow by itself is the server's fault
    if (ms > MAX_ANSWER_MS && this.slowAnswers.length < MAX_REPLAYS)
      this.slowAnswers.push({ entry, pathAndQuery, init, ms: Math.round(ms), status });
    return { status, ms, text };
  }

  /**
   * Sends each slow answer's request again with nothing else in flight. Answers the breaches: a
   * request over MAX_ANSWER_MS alone too (or now failing). Call once the lanes are done.
   */
  async replayAlone(): Promise<string[]> {
    const breaches: string[] = [];
    for (const slow of this.slowAnswers.splice(0)) {
      const request = `${slow.init.method ?? "GET"} ${slow.pathAndQuery} ${describeBody(slow.init.body)}`;
      try {
        const again = await this.hit(slow.entry, slow.pathAndQuery, slow.init);
        this.replays.push(`${slow.entry}: ${slow.ms} ms among the lanes, ${Math.round(again.ms)} ms alone`);
        if (again.ms > MAX_ANSWER_MS) {
          const what = `answered ${again.status} after ${slow.ms} ms, and after ${Math.round(again.ms)} ms alone`;
          this.problems.push({ entry: slow.entry, what, request: request.slice(0, 300) });
          breaches.push(`${slow.entry}: ${what}\n  ${request.slice(0, 300)}`);
        }
      } catch (err) {
        breaches.push((err as Error).message);
      }
    }
    this.slowAnswers.splice(0);
    return breaches;
  }

  /** what replayAlone() measured, for the log */
  readonly replays: string[] = [];

  /** Records a breach and throws it (for fast-check's counterexample). */
  fail(entry: string, what: string, request: string): never {
    const problem = { entry, what, request: request.slice(0, 300) };
    this.problems.push(problem);
    throw new Error(`${entry}: ${what}\n  ${problem.request}`);
  }
}

/**
 * A body past every limit may be refused (413), and a request line past Node's header limit
 * (16 KiB: a GET whose query string is that long) is refused by Node's parser (431), and the
 * connection closed while the client is still writing it: the client then sees EPIPE or a reset
 * instead of the answer. That is the server refusing early, as it should.
 */
const NODE_MAX_HEADER_BYTES = 16 * 1024;

function refusedEarly(error: string, body: RequestInit["body"], pathAndQuery: string) {
  const big = typeof body === "string" && Buffer.byteLength(body) > 1024 * 1024;
  // the request line and the few headers the fuzzer sends: within 1 KiB of the limit counts
  const longLine = Buffer.byteLength(pathAndQuery) > NODE_MAX_HEADER_BYTES - 1024;
  return (big || longLine) && /EPIPE|ECONNRESET|other side closed|socket/i.test(error);
}

function describeBody(body: RequestInit["body"]) {
  if (body == null) return "";
  const s = typeof body === "string" ? body : `<${(body as Uint8Array).byteLength ?? "?"} bytes>`;
  return s.length > 200 ? `${s.slice(0, 150)}... (${s.length} chars)` : s;
}

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
