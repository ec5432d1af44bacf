/**
 * Start-up time: a cold `npm start`-equivalent server (node --import tsx apps/server/src/main.ts,
 * the web app already built) from spawn to "listening" (its "Rollbook is running at" line),
 * on an empty PGlite DATA_DIR (migrations and the demo school) and on an existing one.
 *   node --import tsx bench/src/startup.ts          STARTUP_RUNS=3 by default
 * Prints each run and ends with `startup: empty <a> s, existing <b> s (median of N)`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RUNS = Number(process.env.STARTUP_RUNS ?? 3);

/** Seconds from spawn to the listening line; the server is then stopped with SIGTERM. */
function timeStart(dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let seconds: number | null = null;
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (seconds === null && out.includes("Rollbook is running at")) {
        seconds = Number(process.hrtime.bigint() - started) / 1e9;
        child.kill("SIGTERM");
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      if (seconds === null) reject(new Error(`server exited with ${code} before listening:\n${out}`));
      else if (code !== 0) reject(new Error(`server did not stop cleanly (${code}):\n${out}`));
      else resolve(seconds);
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function main() {
  if (!fs.existsSync(path.join(ROOT, "apps/web/dist/index.html")))
    console.warn("note: apps/web/dist is not built; the server starts without the web app");
  const base = fs.mkdtempSync(path.join(ROOT, ".tmp", "bench-startup-"));
  try {
    const empty: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = await timeStart(path.join(base, `empty-${i}`));
      empty.push(s);
      console.log(`empty DATA_DIR, run ${i + 1}: ${s.toFixed(2)} s`);
    }
    const existing: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // the directory the first empty run migrated and seeded
      const s = await timeStart(path.join(base, "empty-0"));
      existing.push(s);
      console.log(`existing DATA_DIR, run ${i + 1}: ${s.toFixed(2)} s`);
    }
    console.log(
      `startup: empty ${median(empty).toFixed(2)} s, existing ${median(existing).toFixed(2)} s (median of ${RUNS})`,
    );
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
