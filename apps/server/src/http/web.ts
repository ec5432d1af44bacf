import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { notFound } from "./errors.ts";

/** Serves the built SPA; any other GET that is not an API path gets index.html (history routing). */
export async function serveWeb(app: FastifyInstance, dist: string) {
  if (!fs.existsSync(path.join(dist, "index.html"))) {
    throw new Error(`The web app is not built (${dist}/index.html missing). Run: npm run build`);
  }
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.addHook("onSend", async (request, reply, payload) => {
    // hashed assets never change; index.html must always be fresh
    if (request.url.startsWith("/assets/")) reply.header("cache-control", "public, max-age=31536000, immutable");
    return payload;
  });
  app.get("/*", (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (url.startsWith("/api/") || url.startsWith("/graphql")) return notFound(request, reply);
    const file = path.join(dist, path.normalize(url).replace(/^(\.\.[/\\])+/, ""));
    if (file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(dist, file));
    }
    if (url.startsWith("/assets/") || path.extname(url)) {
      return reply.code(404).send({ message: `Not found: ${url}` });
    }
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
}
