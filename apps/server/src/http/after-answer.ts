import { finished } from "node:stream";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";

/** Runs `work` once the reply has gone out; failures are logged, as nobody waits for them. */
export type AfterAnswer = (reply: FastifyReply, what: string, work: () => Promise<void>) => void;

/**
 * Work a route does after its answer is sent, so that how long the answer takes does not tell
 * what the work found (an account behind an address). Closing the app waits for the work still
 * running, before the database closes (onClose hooks of a plugin run before the app's own).
 */
export function afterAnswer(app: FastifyInstance, log: FastifyBaseLogger): AfterAnswer {
  const running = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled(running);
  });
  return (reply, what, work) => {
    // 'finish' once the answer is handed to the socket; an error or close if the client left
    const run = new Promise<void>((resolve) => finished(reply.raw, () => resolve()))
      .then(work)
      .catch((err) => log.error({ err }, `${what} failed after the answer`))
      .finally(() => running.delete(run));
    running.add(run);
  };
}
