import type { FastifyReply, FastifyRequest } from "fastify";
import { bearer, sha256 } from "../auth/tokens.ts";
import { limitsOf, take } from "../rate-limit/limits.ts";
import { sendRateLimited } from "../rate-limit/refusal.ts";
import type { Services } from "../services.ts";

/**
 * Requests per minute per student token (DEVICE_RATE_LIMIT): a phone pings every 30 s and
 * uploads a backlog in batches, far below it. Counted by the token's hash, so Redis never
 * holds a usable token; a request without a token is answered 401 by the route.
 */
export function deviceRateLimit(s: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(request.headers.authorization);
    if (!token) return;
    const ms = await take(limitsOf(s).deviceToken, sha256(token));
    if (ms !== null) return sendRateLimited(reply, ms, "Too many requests from this phone.");
  };
}
