import { foldToken } from "@rollbook/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bearer, sha256 } from "../auth/tokens.ts";
import { exhausted, limitsOf, take } from "../rate-limit/limits.ts";
import { sendRateLimited } from "../rate-limit/refusal.ts";
import type { Services } from "../services.ts";

/** The answer of a device request whose personal token matched no student. */
const WRONG_TOKEN_STATUS = 401;

/**
 * The device API's limits, checked before the body is parsed and before any token lookup:
 *
 * - wrong personal tokens per client address (DEVICE_TOKEN_FAILURES per 15 minutes, decision
 *   0403). Guessing tokens would otherwise start a new per-token bucket each time. An address past
 *   the limit is refused for every token, its right ones included, as a blocked address's right
 *   passwords are at sign-in. The budget is read before and a 401 is counted after: a phone's
 *   request costs one read of it (a Redis round trip with REDIS_URL), not a take and a give-back.
 *   Guesses in flight together can pass the limit by as many as are in flight, a few at most
 *   beside the 2^40 tokens a pattern must allow.
 * - requests per minute per student token (DEVICE_RATE_LIMIT): a phone pings every 30 s and
 *   uploads a backlog in batches, far below it. Counted by the hash of the token's uppercase form
 *   (every case of a token signs in the same student, decision 0404), so Redis never holds a
 *   usable token; a request without a token is answered 401 by the route.
 */
export function addDeviceLimits(app: FastifyInstance, s: Services) {
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(request.headers.authorization);
    if (!token) return;
    const l = limitsOf(s);
    let ms = await exhausted(l.deviceTokenFailures, request.ip);
    if (ms !== null) return sendRateLimited(reply, ms, "Too many wrong personal tokens from this network address.");
    // every case of a token is one phone's (decision 0404): typing it in another case buys no new budget
    ms = await take(l.deviceToken, sha256(foldToken(token)));
    if (ms !== null) return sendRateLimited(reply, ms, "Too many requests from this phone.");
  });

  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode !== WRONG_TOKEN_STATUS || !bearer(request.headers.authorization)) return;
    await take(limitsOf(s).deviceTokenFailures, request.ip);
  });
}
