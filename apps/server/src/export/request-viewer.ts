import type { FastifyReply, FastifyRequest } from "fastify";
import type { Viewer } from "../access/viewer.ts";
import { viewerFrom } from "../access/viewer.ts";
import { bearer, resolveToken } from "../auth/tokens.ts";
import { limitsOf, take } from "../rate-limit/limits.ts";
import { sendRateLimited } from "../rate-limit/refusal.ts";
import type { Services } from "../services.ts";

/**
 * The viewer of a download request (a CSV export), checked as every /api call is: a full access
 * token (the search token is refused), the XMLHttpRequest marker, and the rate limit of GraphQL
 * calls. Answers null after sending the refusal. `action` names what the route does, for the
 * search token's refusal ("sign in to import").
 */
export async function downloadViewer(
  s: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  action: "export" | "import" = "export",
): Promise<Viewer | null> {
  const raw = bearer(request.headers.authorization);
  const token = raw ? await resolveToken(s.db, raw) : null;
  if (!token) {
    reply.code(401).send({ message: "Not signed in" });
    return null;
  }
  if (token.kind !== "access") {
    reply.code(403).send({ message: `The search token may only search: sign in to ${action}` });
    return null;
  }
  if (request.headers["x-requested-with"] !== "XMLHttpRequest") {
    reply.code(403).send({ message: "Missing the X-Requested-With: XMLHttpRequest header" });
    return null;
  }
  const ms = await take(limitsOf(s).graphqlUser, token.user.id);
  if (ms !== null) {
    sendRateLimited(reply, ms, "Too many requests from this account.");
    return null;
  }
  return viewerFrom(s.db, token);
}
