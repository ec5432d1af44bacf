import type { FastifyInstance } from "fastify";

/**
 * No request of ours nests deeper than this (a ping with its `extra` is about 11 levels).
 * A body nested thousands deep parses, but everything that walks it afterwards (serializers,
 * validators) recurses and overflows the stack: an internal error from a client mistake.
 */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = "ROLLBOOK_JSON_TOO_DEEP";

/** Whether JSON text opens more than `max` objects/arrays at once; a linear scan, before any parsing. */
export function jsonTextNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (prototype-poisoning checks included), behind a nesting limit. */
export function limitJsonDepth(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonTextNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      const err = Object.assign(new Error(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`), {
        statusCode: 400,
        code: JSON_TOO_DEEP,
      });
      done(err, undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
