import type { FastifyReply, FastifyRequest } from "fastify";
import { limitsOf, retryAfterSeconds, take } from "../rate-limit/limits.ts";
import { RATE_LIMITED } from "../rate-limit/refusal.ts";
import type { Services } from "../services.ts";

const graphqlError = (reply: FastifyReply, status: number, message: string, extensions: Record<string, unknown>) =>
  reply.code(status).send({ errors: [{ message, extensions }] });

/**
 * A GET carries `variables` and `extensions` as JSON text; Yoga would fail on bad JSON with a
 * 500, so each is checked here and named in a 400.
 */
export function refuseBadGetParams(req: FastifyRequest, reply: FastifyReply): boolean {
  if (req.method !== "GET") return false;
  const query = (req.query ?? {}) as Record<string, unknown>;
  for (const field of ["variables", "extensions"]) {
    const raw = query[field];
    if (raw === undefined || raw === "") continue;
    let value: unknown;
    try {
      value = typeof raw === "string" ? JSON.parse(raw) : undefined;
    } catch {
      value = undefined;
    }
    if (value === null || (typeof value === "object" && !Array.isArray(value))) continue;
    graphqlError(reply, 400, `${field} must be a JSON object`, { code: "BAD_REQUEST", field });
    return true;
  }
  return false;
}

/** Per-user requests per minute (GRAPHQL_RATE_LIMIT): a 429 with Retry-After when used up. */
export async function refuseOverUserLimit(s: Services, userId: number, reply: FastifyReply): Promise<boolean> {
  const ms = await take(limitsOf(s).graphqlUser, userId);
  if (ms === null) return false;
  const seconds = retryAfterSeconds(ms);
  reply.header("retry-after", String(seconds));
  graphqlError(reply, 429, `Too many requests from this account. Try again in ${seconds} seconds.`, {
    code: RATE_LIMITED,
    retry_after: seconds,
  });
  return true;
}
