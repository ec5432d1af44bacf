/**
 * Sends queued pings in batches (oldest first, up to the API's 500 a call) and keeps trying:
 * at once when a ping is added or the browser comes back online, otherwise with exponential
 * backoff after a network or server failure. A ping the server refuses is never dropped silently:
 * it moves to the "Not sent" list with the server's reason (refusals.ts says which answer does
 * what), so that one bad ping cannot block the rest. A 401 keeps the queue; the caller asks the
 * student to sign in again. Pings stamped before the server's time was known are re-stamped.
 */
import { deviceClock, type QueuedPing, wirePing } from "./clock-offset.ts";
import { DeviceError, sendPings } from "./device-api.ts";
import type { PingQueue } from "./ping-queue.ts";
import { markQueued } from "./queued-mark.ts";
import { notSent, outcomeOf } from "./refusals.ts";

export const MAX_BATCH = 500;
const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

export interface OutboxState {
  waiting: number;
  sending: boolean;
  online: boolean;
  /** when the last batch was acknowledged (ms since epoch) */
  lastSentAt: number | null;
  /** when the next attempt after a failure is due */
  retryAt: number | null;
  error: string | null;
}

export interface OutboxHooks {
  onUnauthorized(): void;
  onSent(result: { accepted: number; duplicates: number }): void;
}

/** Exponential backoff with ±20 % jitter, so a school's phones do not all retry at once. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export class PingOutbox {
  private state: OutboxState;
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private attempt = 0;
  private batchSize = MAX_BATCH;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly token: string,
    private readonly queue: PingQueue,
    private readonly hooks: OutboxHooks,
  ) {
    this.state = {
      waiting: 0,
      sending: false,
      online: navigator.onLine,
      lastSentAt: null,
      retryAt: null,
      error: null,
    };
  }

  private readonly onOnline = () => {
    this.set({ online: true });
    this.attempt = 0;
    void this.flush();
  };
  private readonly onOffline = () => this.set({ online: false });
  private readonly onVisible = () => {
    if (document.visibilityState === "visible") void this.flush();
  };

  start() {
    window.addEventListener("online", this.onOnline);
    window.addEventListener("offline", this.onOffline);
    document.addEventListener("visibilitychange", this.onVisible);
    void this.flush();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.onOffline);
    document.removeEventListener("visibilitychange", this.onVisible);
    this.listeners.clear();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = () => this.state;

  private set(patch: Partial<OutboxState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private async recount() {
    this.set({ waiting: await this.queue.count() });
  }

  async add(ping: QueuedPing) {
    await this.queue.add(ping);
    await this.recount();
    void this.flush();
  }

  /** Sends everything queued; concurrent calls share one run (and ask it to look again). */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run() {
    clearTimeout(this.timer);
    this.set({ retryAt: null });
    do {
      this.again = false;
      await this.drain();
    } while (this.again && !this.stopped && this.state.retryAt === null);
    await this.recount();
  }

  private async drain() {
    while (!this.stopped) {
      if (!navigator.onLine) {
        // the "online" event restarts us; nothing to gain from trying now
        this.set({ online: false, sending: false });
        return;
      }
      const offset = deviceClock.offset;
      const serverNow = Date.now() + (offset ?? 0);
      const batch = (await this.queue.oldest(this.batchSize)).map((p) => markQueued(wirePing(p, offset), serverNow));
      if (!batch.length) {
        this.set({ sending: false, error: null });
        return;
      }
      this.set({ sending: true, online: true });
      try {
        const result = await sendPings(this.token, batch);
        await this.queue.remove(batch.map((p) => p.id));
        this.attempt = 0;
        this.batchSize = MAX_BATCH;
        this.set({ lastSentAt: Date.now(), error: null });
        await this.recount();
        this.hooks.onSent(result);
      } catch (err) {
        const e = err instanceof DeviceError ? err : new DeviceError(String(err), 0);
        const outcome = outcomeOf(e, batch);
        if (outcome.kind === "unauthorized") {
          // the pings stay queued: they are sent once the student signs in again
          this.set({ sending: false, error: e.message });
          this.hooks.onUnauthorized();
          return;
        }
        if (outcome.kind === "refuse" || outcome.kind === "split") {
          if (outcome.kind === "refuse") {
            // listed before leaving the queue: a crash in between shows a ping twice, never loses it
            notSent.add(outcome.refused);
            await this.queue.remove(outcome.refused.map((r) => r.id));
          } else this.batchSize = Math.max(1, Math.floor(batch.length / 2));
          this.set({ error: e.message });
          await this.recount();
          continue;
        }
        this.attempt += 1;
        // the server's Retry-After when longer, but never more than the longest back-off
        const wait = Math.max(backoffMs(this.attempt), Math.min(e.retryAfterMs ?? 0, BACKOFF_MAX_MS));
        this.set({ sending: false, error: e.message, retryAt: Date.now() + wait, online: navigator.onLine });
        this.timer = setTimeout(() => void this.flush(), wait);
        return;
      }
    }
  }
}
