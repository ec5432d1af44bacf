import { randomInt } from "node:crypto";
import { finished } from "node:stream";
import { setTimeout } from "node:timers/promises";
import type { FastifyBaseLogger, FastifyReply } from "fastify";

/** Work handed over after an answer runs at a random moment within this long of it. */
export const AFTER_ANSWER_SPREAD_MS = 1000;

export interface AfterAnswer {
  /** Runs `work` once the reply has gone out; failures are logged, as nobody waits for them. */
  (reply: FastifyReply, what: string, work: () => Promise<void>): void;
  /** Resolves once all work handed over so far has run: closing the app waits for it (app.ts). */
  settled(): Promise<void>;
}

/**
 * Work a route does after its answer is sent, so that how long the answer takes does not tell
 * what the work found (an account behind an address, a student behind an identifier; decisions
 * 0414, 0701). It starts at a random moment within `spreadMs` of the answer, so that one
 * request's writes do not slow the same caller's next requests, which would tell them apart too.
 */
export function afterAnswer(log: FastifyBaseLogger, spreadMs = AFTER_ANSWER_SPREAD_MS): AfterAnswer {
  const running = new Set<Promise<void>>();
  const later = (reply: FastifyReply, what: string, work: () => Promise<void>) => {
    // 'finish' once the answer is handed to the socket; an error or close if the client left
    const run = new Promise<void>((resolve) => finished(reply.raw, () => resolve()))
      .then(() => setTimeout(randomInt(spreadMs)))
      .then(work)
      .catch((err) => log.error({ err }, `${what} failed after the answer`))
      .finally(() => running.delete(run));
    running.add(run);
  };
  later.settled = async () => {
    while (running.size > 0) await Promise.allSettled(running);
  };
  return later;
}
