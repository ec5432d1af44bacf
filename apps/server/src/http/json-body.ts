import type { FastifyInstance } from "fastify";

/**
 * No request of ours nests deeper than this (a ping with its `extra` is about 11 levels).
 * A body nested thousands deep parses, but everything that walks it afterwards (serializers,
 * validators) recurses and overflows the stack: an internal error from a client mistake.
 */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = "ROLLBOOK_JSON_TOO_DEEP";
/** The one Content-Type of a request body (the CSV import upload aside). */
export const JSON_MEDIA_TYPE = "application/json";

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

export const JSON_FORBIDDEN_KEY = "ROLLBOOK_JSON_FORBIDDEN_KEY";

const refusal = (message: string, code: string) => Object.assign(new Error(message), { statusCode: 400, code });

/**
 * Request bodies are JSON and nothing else: Fastify's own JSON parser (prototype-poisoning checks
 * included), behind a nesting limit, and no text/plain parser. Fastify's default one handed a
 * text/plain body to the routes as a string, so a JSON body sent as text/plain was told "body
 * must be a JSON object" while application/xml got 415; now every type but JSON gets the 415
 * that names application/json (http/body-refusal.ts). The CSV import upload has its own parsers.
 */
export function parseJsonBodies(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser([JSON_MEDIA_TYPE, "text/plain"]);
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (jsonTextNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(refusal(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`, JSON_TOO_DEEP), undefined);
      return;
    }
    parse(request, text, (err, value) => {
      // Fastify says "not valid JSON" for a __proto__ or constructor.prototype key too: valid JSON
      // refused on purpose is told so (this second parse runs for refused bodies only)
      if (err && text.length > 0 && isJson(text)) {
        done(
          refusal("The request body must not hold a __proto__ or constructor.prototype key", JSON_FORBIDDEN_KEY),
          undefined,
        );
        return;
      }
      done(err, value);
    });
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
