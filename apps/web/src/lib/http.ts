import { endSession, getToken } from "./session.ts";

/** Field errors as the server sends them: `{ field: [messages] }`. */
export type FieldErrors = Record<string, string[]>;

/** A refused call: the HTTP status, the server's message and its field errors. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldErrors = {},
    /** False when the server sent no message of its own (the text is ours). */
    readonly fromServer = true,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

export const NETWORK_ERROR = "Rollbook could not reach the server. Check the connection and try again.";

/** A fault of the server (5xx): its own text ("Internal server error") tells staff nothing. */
export const SERVER_FAULT =
  "The server had a problem. Try again in a moment; if it goes on, tell your school's Rollbook administrator.";

/** A refused call as an error: a 5xx in words, else the server's message (or the status when it sent none). */
function refusal(status: number, message: string | undefined, errors: FieldErrors = {}): RequestError {
  if (status >= 500) return new RequestError(SERVER_FAULT, status, errors, false);
  return new RequestError(message ?? `The server answered ${status}.`, status, errors, message !== undefined);
}

/**
 * Every call goes through here: JSON, the XMLHttpRequest marker, the bearer token when signed in.
 * A 401 on a call that carried a token ends the session (the router then sends the user to /Login),
 * if that token is still the session's.
 */
export async function postJson(
  url: string,
  body: unknown,
  init: { token?: string | null; endOnUnauthorized?: boolean } = {},
): Promise<unknown> {
  const token = init.token === undefined ? getToken() : init.token;
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body ?? {}) });
  } catch {
    throw new RequestError(NETWORK_ERROR, 0, {}, false);
  }
  const payload = await response.json().catch(() => null);
  if (response.status === 401 && token && init.endOnUnauthorized !== false) endSession("expired", token);
  if (!response.ok) {
    const p = (payload ?? {}) as { message?: unknown; errors?: unknown };
    const errors =
      p.errors && typeof p.errors === "object" && !Array.isArray(p.errors) ? (p.errors as FieldErrors) : {};
    throw refusal(
      response.status,
      typeof p.message === "string" && p.message ? p.message : firstGraphqlError(payload),
      errors,
    );
  }
  return payload;
}

/** GET of a public JSON resource (no token): the same errors as postJson. */
export async function getJson(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" } });
  } catch {
    throw new RequestError(NETWORK_ERROR, 0, {}, false);
  }
  const payload = await response.json().catch(() => null);
  if (!response.ok) {
    const p = (payload ?? {}) as { message?: unknown };
    throw refusal(response.status, typeof p.message === "string" && p.message ? p.message : undefined);
  }
  return payload;
}

function firstGraphqlError(payload: unknown): string | undefined {
  const errors = (payload as { errors?: { message?: string }[] } | null)?.errors;
  return Array.isArray(errors) ? errors[0]?.message : undefined;
}
