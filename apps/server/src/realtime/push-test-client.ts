import WebSocket from "ws";

export interface Received {
  type: string;
  seq?: number;
  ids?: number[];
  student_ids?: number[];
  instance?: string;
  resumed?: boolean;
  [k: string]: unknown;
}

/**
 * A WebSocket client of /api/v2/push for tests and benchmarks: queues what
 * arrives so a test can take messages one by one, in order.
 */
export class PushTestClient {
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  private queue: Received[] = [];
  private waiters: ((m: Received) => void)[] = [];
  onMessage: ((m: Received, at: number) => void) | null = null;

  /** keep: false drops what arrives after onMessage has seen it (a benchmark's long-lived watcher) */
  constructor(
    baseUrl: string,
    private readonly opts: { keep: boolean } = { keep: true },
  ) {
    this.ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/v2/push`);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
    });
    this.closed = new Promise((resolve) => {
      this.ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    this.ws.on("message", (data) => {
      const m = JSON.parse(data.toString()) as Received;
      this.onMessage?.(m, performance.now());
      const w = this.waiters.shift();
      if (w) w(m);
      else if (this.opts.keep) this.queue.push(m);
    });
  }

  /** Opens, authenticates and waits for `ready`. */
  static async connect(
    baseUrl: string,
    token: string,
    resume?: { instance: string; seq: number },
    opts?: { keep: boolean },
  ) {
    const c = new PushTestClient(baseUrl, opts);
    await c.opened;
    c.send({ type: "auth", token, ...(resume ? { resume } : {}) });
    // a resumed socket gets what it missed before `ready`
    const replayed: Received[] = [];
    for (;;) {
      const m = await c.next();
      if (m.type === "ready") return { client: c, ready: m, replayed };
      if (m.type !== "ping") replayed.push(m);
    }
  }

  send(value: unknown) {
    this.ws.send(typeof value === "string" ? value : JSON.stringify(value));
  }

  /** The next message, whatever it is (fails after `timeoutMs`: a guard, not a measurement). */
  next(timeoutMs = 10_000): Promise<Received> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no push message within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = (m: Received) => {
        clearTimeout(timer);
        resolve(m);
      };
      this.waiters.push(waiter);
    });
  }

  /** The next message other than heartbeats, checking it is of `type`. */
  async nextOfType(type: string, timeoutMs = 10_000): Promise<Received> {
    for (;;) {
      const m = await this.next(timeoutMs);
      if (m.type === "ping") continue;
      if (m.type !== type) throw new Error(`expected ${type}, got ${JSON.stringify(m)}`);
      return m;
    }
  }

  /** Waits for the close (with a guard timeout) and answers its code and reason. */
  async closedWithin(timeoutMs = 10_000) {
    let timer: NodeJS.Timeout | undefined;
    const guard = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`socket not closed within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([this.closed, guard]);
    } finally {
      clearTimeout(timer);
    }
  }

  close() {
    this.ws.close();
  }
}
