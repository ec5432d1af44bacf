import type { Services } from "../services.ts";

/** Requests in one group: one statement carries them all (PostgreSQL takes thousands of rows). */
const MAX_JOBS = 64;
/** A group stops taking requests past this many pings (a phone back online uploads up to 500). */
const MAX_PINGS = 2_000;

/** A request: whose, and its pings. */
export interface Job {
  student: { id: number };
  batch: readonly unknown[];
}

interface Waiting<J extends Job, R> {
  job: J;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for the ping path (decision 0564). A request is run as soon as the requests
 * already read have joined it, when fewer than `inFlight` groups are running; otherwise it waits, and every request that arrived meanwhile
 * goes out together in the next group, in two statements for the whole group instead of two per
 * request. An idle server adds no wait (one turn of the event loop); a busy one spends its statements, round trips and commits
 * on many pings at a time. A student is in at most one running group, so groups never write the
 * same rows, and a student's requests keep their order.
 */
export class PingQueue<J extends Job, R> {
  private waiting: Waiting<J, R>[] = [];
  private running = 0;
  private readonly busy = new Set<number>();

  constructor(
    private readonly run: (jobs: J[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly inFlight: number,
  ) {}

  private scheduled = false;

  submit(job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.schedule();
    });
  }

  /**
   * The next group starts after the requests Node has already read: PGlite answers within
   * microtasks, so a group started at once would run to its end before the next request is even
   * parsed, and every group would be one request.
   */
  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump() {
    while (this.running < this.inFlight && this.waiting.length > 0) {
      const take: Waiting<J, R>[] = [];
      const rest: Waiting<J, R>[] = [];
      const students = new Set<number>();
      let pings = 0;
      for (const w of this.waiting) {
        const id = w.job.student.id;
        const full = take.length >= MAX_JOBS || pings >= MAX_PINGS;
        if (full || this.busy.has(id) || students.has(id)) rest.push(w);
        else {
          take.push(w);
          students.add(id);
          pings += w.job.batch.length;
        }
      }
      // only students already in a running group are waiting: their turn comes when it ends
      if (take.length === 0) return;
      this.waiting = rest;
      for (const id of students) this.busy.add(id);
      this.running += 1;
      void this.flush(take, students);
    }
  }

  private async flush(take: Waiting<J, R>[], students: Set<number>) {
    try {
      const results = await this.run(take.map((w) => w.job));
      take.forEach((w, i) => {
        const r = results[i];
        if (r?.status === "fulfilled") w.resolve(r.value);
        else w.reject(r ? r.reason : new Error("ping group answered no result for a request"));
      });
    } catch (err) {
      for (const w of take) w.reject(err);
    } finally {
      this.running -= 1;
      for (const id of students) this.busy.delete(id);
      this.schedule();
    }
  }
}

const queues = new WeakMap<Services, PingQueue<never, unknown>>();

/**
 * The process's queue for `s`. PostgreSQL: two groups at once, so the server prepares one while
 * the database runs the other; PGlite runs one statement at a time anyway.
 */
export function queueOf<J extends Job, R>(
  s: Services,
  run: (jobs: J[]) => Promise<PromiseSettledResult<R>[]>,
): PingQueue<J, R> {
  let q = queues.get(s) as PingQueue<J, R> | undefined;
  if (!q) {
    q = new PingQueue<J, R>(run, s.dbKind === "postgres" ? 2 : 1);
    queues.set(s, q as unknown as PingQueue<never, unknown>);
  }
  return q;
}
