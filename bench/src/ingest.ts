/**
 * npm run bench:ingest   (DATABASE_URL=postgres://... to also measure PostgreSQL)
 * BENCH_MODE=day (default): a school day as the phones send it, one ping per request
 * (ingest-day.ts). BENCH_MODE=batched: batches of 10-50 pings of the demo school's study hall
 * (ingest-batched.ts). See bench/README.md for the env of each.
 */
import { runBatched } from "./ingest-batched.ts";
import { runDay } from "./ingest-day.ts";

const mode = process.env.BENCH_MODE ?? "day";
if (mode !== "day" && mode !== "batched") throw new Error(`BENCH_MODE must be day or batched, not ${mode}`);
process.exit(mode === "batched" ? await runBatched() : await runDay());
