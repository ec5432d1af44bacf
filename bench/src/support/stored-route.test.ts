import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./server.ts";

/**
 * The stored route is the rate goal's ceiling (decision 0571) only if every ping it answers is a row
 * of its own: a group that stored less than its requests' pings would raise the ceiling.
 */
const stores = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
const body = (i: number) =>
  JSON.stringify({ pings: [{ id: `p-${i}`, recorded_at: new Date().toISOString(), latitude: 1, longitude: 2 }] });

describe.each(stores)("the stored route on %s", (store) => {
  let child: ChildProcess | null = null;
  afterEach(() => {
    child?.kill("SIGTERM");
    child = null;
  });

  async function start(group: "0" | "1") {
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      STORE: store,
      GROUP: group,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
    };
    const c = spawn(process.execPath, ["--import", "tsx", "bench/src/support/stored-route.ts"], {
      cwd: new URL("../../..", import.meta.url).pathname,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    child = c;
    await new Promise<void>((resolve, reject) => {
      c.stdout?.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
      c.once("exit", (code) => reject(new Error(`stored route exited with ${code}`)));
    });
    return `http://127.0.0.1:${port}`;
  }

  it.each(["0", "1"] as const)(
    "GROUP=%s: every answered ping is a stored row, also when they come at once",
    async (group) => {
      const origin = await start(group);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          fetch(`${origin}/api/v2/device/pings`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            // the loader repeats one body: the same ping id must still be a row of its own
            body: body(i % 2),
          }).then(async (r) => ({ status: r.status, body: await r.json() })),
        ),
      );
      expect(answers.every((a) => a.status === 200 && a.body.data.accepted === 1)).toBe(true);
      const stored = await (await fetch(`${origin}/stored`)).json();
      expect(stored).toEqual({ rows: 40 });
    },
    60_000,
  );
});
