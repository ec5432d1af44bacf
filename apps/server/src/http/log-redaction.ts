import type { FastifyRequest } from "fastify";

/**
 * Secrets that travel in a URL, kept out of the server log. Decision 0200 keeps tokens out of URLs
 * because URLs end up in logs; these are the links that cannot do without one (a calendar app and
 * a mailed link send no header). Pino logs each request's URL at `info`, the default LOG_LEVEL.
 */
export const REDACTED = "[REDACTED]";

/**
 * The routes whose path carries a secret: the segment right after `prefix` (compared without
 * regard to case, as the web app's router matches) is the secret.
 */
export const SECRET_PATH_ROUTES: readonly { route: string; prefix: string; secret: string }[] = [
  {
    route: "GET /api/v2/calendar/:secret/courses/:uuid.ics",
    prefix: "/api/v2/calendar/",
    secret: "a user's calendar-feed secret (calendar-feed/token.ts), valid until the password changes",
  },
  {
    route: "GET /ResetPassword/:uuid (web page)",
    prefix: "/ResetPassword/",
    secret: "the password-reset link's secret (auth/reset-mail.ts)",
  },
  {
    route: "GET /Invite/:uuid (web page)",
    prefix: "/Invite/",
    secret: "the invitation link's secret (auth/invite.ts, users/invitations.ts)",
  },
];

/**
 * The routes whose query carries a secret: `?token=` (any parameter that isSecretParam names is
 * redacted, on any path).
 */
export const SECRET_QUERY_ROUTES: readonly { route: string; param: string; secret: string }[] = [
  {
    route: "GET /EventSignup/:uuid?token= (web page)",
    param: "token",
    secret: "the event-signup link's secret (signup/request.ts)",
  },
  { route: "GET /api/v2/signup/:uuid/status?token=", param: "token", secret: "the same secret, as the page sends it" },
];

/** A query parameter whose name says it holds a secret: token, access_token, secret, password, key... */
const SECRET_PARAM =
  /token|secret|passw|pwd|api[-_]?key|^key$|signature|^sig$|auth|session|jwt|credential|^otp$|^code$/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

export const isSecretParam = (name: string) => SECRET_PARAM.test(decoded(name));

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The secret segment after each prefix: up to the next /, ?, #, white space or quote. */
const SECRET_SEGMENTS = SECRET_PATH_ROUTES.map((r) => new RegExp(`(${escapeRegExp(r.prefix)})[^/?#\\s"'<>]+`, "gi"));

/** name=value after ? or &; a value stops at a ? too, so an address in a value is read on. */
const QUERY_PAIR = /([?&])([^=&?#\s"'<>]*)=([^&?#\s"'<>]*)/g;

function redactText(text: string): string {
  let out = text;
  for (const re of SECRET_SEGMENTS) out = out.replace(re, (_all, prefix: string) => `${prefix}${REDACTED}`);
  if (!out.includes("=")) return out;
  return out.replace(QUERY_PAIR, (all, sep: string, name: string, value: string) => {
    if (isSecretParam(name)) return `${sep}${name}=${REDACTED}`;
    if (!value.includes("%")) return all;
    // an address given as a parameter, percent-encoded
    const inner = decoded(value);
    const redacted = redactText(inner);
    return redacted === inner ? all : `${sep}${name}=${encodeURIComponent(redacted)}`;
  });
}

/**
 * `url` (a request's path and query, a whole address, or a text holding either) with the secret
 * path segments and the values of secret query parameters replaced by REDACTED; a parameter whose
 * value is itself an address (the sign-in page's `redirect`) is redacted the same way inside.
 * Everything else is left as it was, unless a secret path was written with percent-escapes
 * ("/Reset%50assword/..." reaches the same page): then the whole text is given decoded, redacted.
 */
export function redactUrl(url: string): string {
  const out = redactText(url);
  if (!out.includes("%")) return out;
  // each run of escapes decoded on its own: one malformed escape does not hide the rest
  const plain = out.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  const again = redactText(plain);
  return again === plain ? out : again;
}

/**
 * The request as Fastify's default serializer logs it (method, url, version, host, address and
 * port: no headers, so no Authorization or Cookie), with the URL redacted.
 */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: typeof req.url === "string" ? redactUrl(req.url) : req.url,
    version: req.headers?.["accept-version"] as string | undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Header values never written to the log, should any log call pass headers along (the request
 * serializer above logs none): pino's `redact` paths.
 */
export const SECRET_HEADER_PATHS = [
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
];
