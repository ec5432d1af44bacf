/**
 * The ingest bench's baseline server (run as a child process, like the real server): a bare
 * Fastify route at the device API's ping path that parses the JSON body and answers what the
 * real route answers for one new ping, and nothing else (no auth, no database).
 *   PORT=3100 node --import tsx bench/src/support/bare-route.ts
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.post("/api/v2/device/pings", async (request) => {
  const body = request.body as { pings?: unknown[] } | null;
  return {
    data: { accepted: Array.isArray(body?.pings) ? body.pings.length : 0, duplicates: 0 },
    server_time: new Date().toISOString(),
  };
});
await app.listen({ port: Number(process.env.PORT ?? 3100), host: "127.0.0.1" });
process.stdout.write("ready\n");
process.on("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});
