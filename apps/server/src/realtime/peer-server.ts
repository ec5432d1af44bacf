/**
 * A bare API server (no web app, no seeding) for the two-process push test
 * and the push latency bench: config from the environment, prints one JSON
 * line `{"url": ...}` once listening, stops on SIGTERM.
 *   DATABASE_URL=... REDIS_URL=... node --import tsx apps/server/src/realtime/peer-server.ts
 */
import type { AddressInfo } from "node:net";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";

const config = loadConfig({ LOG_LEVEL: "warn", PORT: "0", ...process.env });
if (!config.DATABASE_URL) throw new Error("peer-server needs DATABASE_URL: two processes cannot share PGlite");
const database = await openDatabase({ url: config.DATABASE_URL });
const { app } = await buildApp({ config, database });
await app.listen({ port: config.PORT, host: "127.0.0.1" });
const port = (app.server.address() as AddressInfo).port;
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: process.pid })}\n`);
process.once("SIGTERM", async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
