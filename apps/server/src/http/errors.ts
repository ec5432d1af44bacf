import { fieldErrors } from "@rollbook/domain";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodError } from "zod";
import { bodyRefusal } from "./body-refusal.ts";

/** What a route validates when it does not say: the query string of a read, else the body. */
const validatedInput = (request: FastifyRequest) =>
  request.method === "GET" || request.method === "HEAD" ? request.query : request.body;

/**
 * 400 `{ message, errors: { field: [messages] } }`, the shape of every REST validation error.
 * `input` is what was parsed (the request's body, or its query string for a GET, unless given):
 * a field that is missing "is required", one of the wrong kind says which kind it must be.
 */
export function sendValidationError(reply: FastifyReply, error: ZodError, input = validatedInput(reply.request)) {
  const errors = fieldErrors(error, input);
  const first = Object.entries(errors)[0];
  const message = first ? `${first[0]} ${first[1][0]}` : "Invalid request";
  return reply.code(400).send({ message, errors });
}

/** Fastify's bound on one part of a path (a signup uuid, a calendar secret); its default. */
export const MAX_PATH_PART = 100;

/** What the router refuses before any route runs, by Fastify's code; anything else is "Bad request". */
const FRAMEWORK_REFUSALS: Record<string, string> = {
  FST_ERR_BAD_URL: "The request path is not a valid URL (a broken %-escape)",
  FST_ERR_MAX_PARAM_LENGTH: `A part of the request path is longer than ${MAX_PATH_PART} characters`,
};

/**
 * What Fastify refuses before any route runs (a path with a broken %-escape, a path part over
 * MAX_PATH_PART): our `{ message }` shape saying what is wrong, not Fastify's own body with its
 * internal error code.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return reply.code(400).send({ message: FRAMEWORK_REFUSALS[error.code] ?? "Bad request" });
}

/**
 * Client mistakes (an empty, bad or too large body, wrong type) answer 4xx with a message;
 * anything else is logged and masked as 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // body-level refusals name their field, as validation errors do
      const refusal = bodyRefusal(error, request.routeOptions.bodyLimit);
      return reply.code(status).send(refusal ?? { message: error.message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: "Internal server error" });
  });
  app.setNotFoundHandler(notFound);
}

/**
 * No route matched. A path part over MAX_PATH_PART is why when a route would have taken it
 * (`/api/v2/signup/<too long>/status`: the router skips the route instead of refusing the part),
 * so it gets the same 400 as the part alone would; anything else is a 404 naming the path.
 */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split("?")[0] ?? "/";
  if (path.split("/").some((part) => part.length > MAX_PATH_PART))
    return reply.code(400).send({ message: FRAMEWORK_REFUSALS.FST_ERR_MAX_PARAM_LENGTH });
  return reply.code(404).send({ message: `Not found: ${request.method} ${path}` });
}
