import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import { createMemoryBus } from "./bus-memory.ts";
import { createRedisBus } from "./bus-redis.ts";
import type { PushBus } from "./messages.ts";

export interface AppBus extends PushBus {
  /** Resolves when messages can flow (immediately in-process). */
  ready(): Promise<void>;
}

/** In-process by default; Redis when REDIS_URL is set, so that several processes share one channel. */
export function createBus(config: Config, log: FastifyBaseLogger): AppBus {
  if (config.REDIS_URL) return createRedisBus(config.REDIS_URL, config.REDIS_CHANNEL, log);
  return Object.assign(createMemoryBus(log), { ready: async () => {} });
}
