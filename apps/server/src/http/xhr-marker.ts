import type { FastifyInstance } from "fastify";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing calls must carry `X-Requested-With: XMLHttpRequest`: a plain
 * HTML form or a cross-site request without CORS approval cannot set it.
 * The device API is exempt: phones authenticate with a bearer token only.
 */
export function requireXhrMarker(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE.has(request.method)) return;
    const url = request.url;
    if (!url.startsWith("/api/") && !url.startsWith("/graphql")) return;
    if (url.startsWith("/api/v2/device/")) return;
    if (request.headers["x-requested-with"] !== "XMLHttpRequest") {
      return reply.code(403).send({ message: "Missing the X-Requested-With: XMLHttpRequest header" });
    }
  });
}
