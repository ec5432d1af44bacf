import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type SpawnedServer, spawnServer } from "../../test/spawn-server.ts";
import { freshDir, ROOT } from "../../test/template.ts";
import { DataDirLockedError, lockDataDir } from "./lock.ts";

/** One PGlite directory, one process: a second is refused, a killed one's lock is taken over. */
describe("the PGlite data directory lock", () => {
  const dirs: string[] = [];
  const running: SpawnedServer[] = [];
  const dir = () => {
    const d = freshDir();
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    for (const s of running) await s.kill("SIGKILL");
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("refuses a second server on the same directory, and takes over after a SIGKILL", async () => {
    const dataDir = dir();
    const first = spawnServer({ DATA_DIR: dataDir });
    running.push(first);
    const port = await first.listening;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const lockFile = path.join(dataDir, "rollbook.lock");
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(first.child.pid));

    const second = spawnServer({ DATA_DIR: dataDir });
    running.push(second);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Rollbook process`);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    // a clear message, not a stack trace
    expect(second.output()).not.toMatch(/\n\s+at /);
    // the first one is untouched and still answers
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(first.child.pid));

    await first.kill("SIGKILL");
    // the killed process left its lock behind: the next start sees its pid is gone
    expect(fs.existsSync(lockFile)).toBe(true);
    const third = spawnServer({ DATA_DIR: dataDir });
    running.push(third);
    const port3 = await third.listening;
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(third.child.pid));
    const login = await fetch(`http://127.0.0.1:${port3}/api/health`);
    expect(await login.json()).toEqual({ ok: true, database: "pglite" });
    // a clean stop removes the lock
    expect(await third.kill("SIGTERM")).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("in process: refuses a live holder, takes over a dead or unreadable one, releases its own", async () => {
    const d = fs.mkdtempSync(path.join(ROOT, ".tmp", "lock-"));
    dirs.push(d);
    const file = path.join(d, "rollbook.lock");
    const sleeper = spawn("sleep", ["30"]);
    try {
      fs.writeFileSync(file, String(sleeper.pid));
      expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(d)).toThrow(d);
    } finally {
      sleeper.kill("SIGKILL");
      await new Promise((r) => sleeper.once("exit", r));
    }
    // the holder is gone now
    const listeners = process.listenerCount("exit");
    const release = lockDataDir(d);
    expect(fs.readFileSync(file, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(file)).toBe(false);
    // a released lock leaves no exit listener behind (a test worker opens many directories)
    expect(process.listenerCount("exit")).toBe(listeners);
    // an empty file (a crash between create and write) is stale too
    fs.writeFileSync(file, "");
    const again = lockDataDir(d);
    expect(fs.readFileSync(file, "utf8")).toBe(String(process.pid));
    again();
  });
});
