import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { decodeBus, decodeBusJson } from "./codec.ts";
import { throttledWarn } from "./log-throttle.ts";
import type { BusMessage, PushBus, PushListener } from "./messages.ts";

export interface RedisBus extends PushBus {
  /** Resolves once subscribed (or after `timeoutMs`, logged: the server runs on and Redis retries). */
  ready(timeoutMs?: number): Promise<void>;
}

/**
 * Several processes: every process publishes to one Redis channel and
 * subscribes to it (its own messages included), so a ping taken by one
 * process reaches a browser connected to another.
 */
export function createRedisBus(url: string, channel: string, log: FastifyBaseLogger): RedisBus {
  // a publish waits for at most a couple of reconnect attempts, then fails (logged), never blocks a request
  const pub = new Redis(url, { maxRetriesPerRequest: 2, connectionName: `rollbook-pub:${channel}` });
  const sub = new Redis(url, { maxRetriesPerRequest: null, connectionName: `rollbook-sub:${channel}` });
  const listeners = new Set<PushListener>();
  const gapListeners = new Set<() => void>();
  const warnPublish = throttledWarn(log, "push: publishing to Redis failed");
  const warnConn = throttledWarn(log, "push: Redis connection error");
  const warnBad = throttledWarn(log, "push: ignored a malformed message on the Redis channel");
  pub.on("error", warnConn);
  sub.on("error", warnConn);

  let subscribedOnce = false;
  let onSubscribed: () => void = () => {};
  const subscribed = new Promise<void>((resolve) => {
    onSubscribed = resolve;
  });
  sub.on("ready", () => {
    // ioredis re-subscribes by itself after a reconnect; what was published meanwhile is lost
    if (!subscribedOnce) return;
    // tell browsers to refetch only once subscribed again, so nothing falls between the two
    sub
      .subscribe(channel)
      .then(() => {
        log.warn("push: Redis subscriber reconnected; browsers are told to refetch");
        for (const g of gapListeners) g();
      })
      .catch((err) => log.error({ err }, "push: re-subscribing to Redis failed"));
  });
  sub
    .subscribe(channel)
    .then(() => {
      subscribedOnce = true;
      onSubscribed();
    })
    .catch((err) => log.error({ err }, "push: subscribing to Redis failed"));

  sub.on("message", (ch: string, raw: string) => {
    if (ch !== channel) return;
    const message = decodeBusJson(raw);
    if (!message) return warnBad(new Error(raw.slice(0, 200)));
    for (const l of listeners) {
      try {
        l(message);
      } catch (err) {
        log.error({ err }, "push: a listener failed");
      }
    }
  });

  let closed = false;
  return {
    async publish(message: BusMessage) {
      if (closed) return;
      const checked = decodeBus(JSON.parse(JSON.stringify(message)));
      if (!checked) {
        log.error({ message }, "push: refused a malformed message");
        return;
      }
      // not awaited: the request that changed the data has done its work; a lost push is logged
      pub.publish(channel, JSON.stringify(checked)).catch(warnPublish);
    },
    subscribe(listener, onGap) {
      listeners.add(listener);
      if (onGap) gapListeners.add(onGap);
      return () => {
        listeners.delete(listener);
        if (onGap) gapListeners.delete(onGap);
      };
    },
    async ready(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), timeoutMs);
      });
      const result = await Promise.race([subscribed.then(() => "ok" as const), timeout]);
      clearTimeout(timer);
      if (result === "timeout") {
        log.warn(`push: Redis not subscribed after ${timeoutMs} ms; starting anyway, messages flow once it connects`);
        // whoever connects before the subscription succeeds may miss messages: treat it as a gap
        subscribed.then(() => {
          for (const g of gapListeners) g();
        });
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      gapListeners.clear();
      await Promise.all(
        [pub, sub].map(async (r) => {
          // quit flushes pending publishes; a connection that is down is just dropped
          if (r.status === "ready") await r.quit().catch(() => r.disconnect());
          else r.disconnect();
        }),
      );
    },
  };
}
