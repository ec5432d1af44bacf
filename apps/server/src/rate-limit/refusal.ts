import type { FastifyReply } from "fastify";
import { GraphQLError } from "graphql";
import { retryAfterSeconds } from "./limits.ts";

export const RATE_LIMITED = "RATE_LIMITED";

/** "1 second", "45 seconds", "15 minutes": the wait in words, as Retry-After rounds it. */
const waitInWords = (ms: number) => {
  const s = retryAfterSeconds(ms);
  return s < 120 ? `${s} ${s === 1 ? "second" : "seconds"}` : `${Math.ceil(s / 60)} minutes`;
};

/** REST: 429 `{ message }` with Retry-After. */
export function sendRateLimited(reply: FastifyReply, ms: number, what: string) {
  return reply
    .code(429)
    .header("retry-after", String(retryAfterSeconds(ms)))
    .send({ message: `${what} Try again in ${waitInWords(ms)}.` });
}

/** GraphQL: an error with code RATE_LIMITED, raised by a resolver; nothing has been changed. */
export function rateLimitedError(ms: number, what: string): GraphQLError {
  return new GraphQLError(`${what} Try again in ${waitInWords(ms)}.`, {
    extensions: { code: RATE_LIMITED, retry_after: retryAfterSeconds(ms) },
  });
}
