import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import type { Config } from "../config.ts";
import { throttledWarn } from "../realtime/log-throttle.ts";

export interface LimiterSpec {
  /** part of the key, so each limit counts apart */
  name: string;
  points: number;
  /** window in seconds */
  duration: number;
}

export interface LimiterStore {
  make(spec: LimiterSpec): RateLimiterAbstract;
  close(): Promise<void>;
}

/**
 * Counters in this process by default; in Redis when REDIS_URL is set, so every server process
 * shares them. If Redis is unreachable a per-process counter stands in (the library's insurance
 * limiter): limits stay on, only less exact, and no request fails because of Redis.
 */
export function createLimiterStore(config: Config, log: FastifyBaseLogger): LimiterStore {
  if (!config.REDIS_URL) {
    return {
      make: ({ points, duration }) => new RateLimiterMemory({ points, duration }),
      close: async () => {},
    };
  }
  // no offline queue: while Redis is down a call fails at once and the insurance counter answers
  const client = new Redis(config.REDIS_URL, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: "rollbook-rate-limits",
  });
  client.on("error", throttledWarn(log, "rate limits: Redis connection error (counting in this process meanwhile)"));
  return {
    make: ({ name, points, duration }) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${config.RATE_LIMIT_PREFIX}:${name}`,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ points, duration }),
      }),
    async close() {
      if (client.status === "ready") await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
