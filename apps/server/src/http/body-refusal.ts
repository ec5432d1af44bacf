import { atMost } from "@rollbook/domain";
import { JSON_FORBIDDEN_KEY, JSON_MEDIA_TYPE, JSON_TOO_DEEP, MAX_JSON_DEPTH } from "./json-body.ts";

/** A refusal of the request body itself, named as the field `body` like any validation error. */
export interface BodyRefusal {
  message: string;
  errors: { body: string[] };
}

/**
 * What Fastify's body parsing refuses before any route runs (empty, not JSON, a __proto__ key,
 * too deep, too large, not sent as JSON), in the API's words: `{ message: "The request body ...", errors: { body: [...] } }`.
 * Null for any other error. Every route family (REST, device, GraphQL) answers these alike.
 */
export function bodyRefusal(error: Error & { code?: string }, bodyLimit: number): BodyRefusal | null {
  const problem = bodyProblem(error, bodyLimit);
  return problem ? refusedBody(problem) : null;
}

/** The body refusal that says `problem` ("is required", ...). */
export const refusedBody = (problem: string): BodyRefusal => ({
  message: `The request body ${problem}`,
  errors: { body: [problem] },
});

function bodyProblem(error: Error & { code?: string }, bodyLimit: number): string | null {
  switch (error.code) {
    // Content-Type: application/json with nothing after it: Fastify's own text named its header
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "is required";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "is not valid JSON";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      // the refusal says the limit, as every other size message does
      return atMost(bodyLimit, "byte");
    case JSON_TOO_DEEP:
      return `nests deeper than ${MAX_JSON_DEPTH} levels`;
    case JSON_FORBIDDEN_KEY:
      return "must not hold a __proto__ or constructor.prototype key";
    // any Content-Type but JSON (text/plain, a form, XML, none with a body): 415
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return `must be JSON, sent with Content-Type: ${JSON_MEDIA_TYPE}`;
  }
  return error instanceof SyntaxError ? "is not valid JSON" : null;
}
