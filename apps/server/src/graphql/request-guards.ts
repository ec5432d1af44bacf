import type { FastifyReply, FastifyRequest } from "fastify";
import { refusedBody } from "../http/body-refusal.ts";
import { limitsOf, retryAfterSeconds, take } from "../rate-limit/limits.ts";
import { RATE_LIMITED } from "../rate-limit/refusal.ts";
import type { Services } from "../services.ts";

const graphqlError = (reply: FastifyReply, status: number, message: string, extensions: Record<string, unknown>) =>
  reply.code(status).send({ errors: [{ message, extensions }] });

/**
 * The GraphQL request's own parameters, checked before Yoga sees them, each refusal a 400
 * `BAD_REQUEST` naming its field:
 *
 * - a POST's body must be a JSON object (an empty body is refused by the body parser, decision
 *   0120; a POST without any body is answered the same way here). Yoga read the body again from
 *   the request stream when Fastify had parsed it to something without keys (`{}`, `[]`, `1`,
 *   `null`), found it consumed and answered "POST body sent invalid JSON." with the parser's
 *   internals in `originalError`;
 * - `query` is required and a string;
 * - `variables` and `extensions` are JSON objects (a GET carries them as JSON text: Yoga failed
 *   on bad JSON with a 500);
 * - `operationName` is a string.
 */
export function refuseBadParams(req: FastifyRequest, reply: FastifyReply): boolean {
  if (req.method !== "GET" && req.method !== "POST") return false;
  let params: Record<string, unknown>;
  if (req.method === "GET") params = getParams((req.query ?? {}) as Record<string, unknown>);
  else if (req.body === undefined) {
    reply.code(400).send(refusedBody("is required"));
    return true;
  } else if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body)) {
    graphqlError(reply, 400, "The request body must be a JSON object with the field query", {
      code: "BAD_REQUEST",
      field: "body",
    });
    return true;
  } else params = req.body as Record<string, unknown>;
  const problem = paramProblem(params);
  if (!problem) return false;
  graphqlError(reply, 400, `${problem.field} ${problem.message}`, { code: "BAD_REQUEST", field: problem.field });
  return true;
}

const NOT_JSON = Symbol("not JSON");

/** A GET's parameters, its JSON ones parsed (NOT_JSON when they do not parse). */
function getParams(query: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = { ...query };
  for (const field of ["variables", "extensions"]) {
    const raw = query[field];
    if (raw === undefined || raw === "") delete params[field];
    else if (typeof raw !== "string") params[field] = NOT_JSON;
    else {
      try {
        params[field] = JSON.parse(raw);
      } catch {
        params[field] = NOT_JSON;
      }
    }
  }
  return params;
}

function paramProblem(params: Record<string, unknown>): { field: string; message: string } | null {
  const { query, operationName } = params;
  if (query === undefined || query === null || query === "") return { field: "query", message: "is required" };
  if (typeof query !== "string") return { field: "query", message: "must be a string" };
  for (const field of ["variables", "extensions"]) {
    const value = params[field];
    if (value === undefined || value === null || (typeof value === "object" && !Array.isArray(value))) continue;
    return { field, message: "must be a JSON object" };
  }
  if (operationName != null && typeof operationName !== "string")
    return { field: "operationName", message: "must be a string" };
  return null;
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
