import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DATABASES } from "../test/harness.ts";
import { type SpawnedServer, spawnServer } from "../test/spawn-server.ts";
import { freshDir, freshEmptyDir, ROOT, scratchDatabase, TEMPLATE_PG_DB } from "../test/template.ts";
import { listenHost, loadConfig } from "./config.ts";

const REFUSAL = "Refusing to start with NODE_ENV=production: this database holds the demo school's users";
const NO_COLLATION = 'Refusing to start: this database has no collation "und-x-icu"';

/** whether something accepts TCP connections on host:port */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });

/** waits up to 5 s for the server to print a line matching `pattern` */
async function printed(s: SpawnedServer, pattern: RegExp) {
  const deadline = Date.now() + 5000;
  while (!pattern.test(s.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(s.output()).toMatch(pattern);
}

const post = (port: number, route: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify(body),
  });

describe("the default listen address", () => {
  it("is 127.0.0.1 outside production, every interface in production, HOST when set", () => {
    expect(listenHost(loadConfig({}))).toBe("127.0.0.1");
    expect(listenHost(loadConfig({ NODE_ENV: "development", HOST: "" }))).toBe("127.0.0.1");
    expect(listenHost(loadConfig({ NODE_ENV: "production" }))).toBe("0.0.0.0");
    expect(listenHost(loadConfig({ HOST: "0.0.0.0" }))).toBe("0.0.0.0");
    expect(listenHost(loadConfig({ NODE_ENV: "production", HOST: "10.1.2.3" }))).toBe("10.1.2.3");
  });
});

describe("safe start-up", () => {
  const dirs: string[] = [];
  const running: SpawnedServer[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const start = (env: Record<string, string>) => {
    const s = spawnServer(env);
    running.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of running) await s.kill("SIGKILL");
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    for (const c of cleanups) await c();
  });

  /** a copy of the demo-seeded test database, as the env of a spawned server */
  async function demoDatabase(kind: (typeof DATABASES)[number]): Promise<Record<string, string>> {
    if (kind === "pglite") {
      const dir = freshDir();
      dirs.push(dir);
      return { DATA_DIR: dir };
    }
    return { DATABASE_URL: await scratchDatabase("rollbook_start", `template ${TEMPLATE_PG_DB}`, cleanups) };
  }

  it.each(DATABASES)("NODE_ENV=production refuses a database with the demo users (%s)", async (kind) => {
    const s = start({ ...(await demoDatabase(kind)), NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:1" });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain(REFUSAL);
    expect(s.output()).not.toContain("Rollbook is running");
  });

  /**
   * An empty database as a PostgreSQL built without ICU has it: no collation "und-x-icu" (dropped
   * here; collations are per database). Answers its env and a look at whether any table was made.
   */
  async function databaseWithoutIcu(
    kind: (typeof DATABASES)[number],
  ): Promise<{ env: Record<string, string>; publicTables: () => Promise<number> }> {
    const drop = 'drop collation "und-x-icu"';
    const tables = "select count(*)::int as n from pg_tables where schemaname = 'public'";
    if (kind === "pglite") {
      const dir = fs.mkdtempSync(path.join(ROOT, ".tmp", "no-icu-"));
      dirs.push(dir);
      const open = () => PGlite.create({ dataDir: path.join(dir, "pglite") });
      const db = await open();
      await db.query(drop);
      await db.close();
      const publicTables = async () => {
        const again = await open();
        const n = (await again.query<{ n: number }>(tables)).rows[0]!.n;
        await again.close();
        return n;
      };
      return { env: { DATA_DIR: dir }, publicTables };
    }
    const url = await scratchDatabase("rollbook_no_icu", "template template0 encoding 'UTF8'", cleanups);
    const query = async (text: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query<{ n: number }>(text)).rows;
      } finally {
        await c.end();
      }
    };
    await query(drop);
    return { env: { DATABASE_URL: url }, publicTables: async () => (await query(tables))[0]!.n };
  }

  it.each(DATABASES)(
    "refuses, before migrating, a database without the collation und-x-icu, saying what to do (%s)",
    async (kind) => {
      const { env, publicTables } = await databaseWithoutIcu(kind);
      const s = start(env);
      expect(await s.exited).toBe(1);
      expect(s.output()).toContain(NO_COLLATION);
      expect(s.output()).toContain("built with ICU");
      expect(s.output()).toContain("decision 0612");
      // the message alone, not a stack
      expect(s.output()).not.toMatch(/\n\s+at /);
      expect(s.output()).not.toContain("Rollbook is running");
      expect(await publicTables()).toBe(0);
    },
  );

  it("with the demo school and no HOST, listens on 127.0.0.1 only and says how to open it", async () => {
    const s = start({ ...(await demoDatabase("pglite")), HOST: "" });
    const port = await s.listening;
    expect(s.output()).toContain("Listening on 127.0.0.1 only: set HOST=0.0.0.0 to open it to the network.");
    expect(await accepts("127.0.0.1", port)).toBe(true);
    // the machine's own network address is refused (when it has one)
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal);
    if (external) expect(await accepts(external.address, port)).toBe(false);
    expect(await s.kill("SIGTERM")).toBe(0);
  });

  it("in production without SMTP_URL warns that mail is not delivered and logs no link", async () => {
    // a database with no user yet (migrated, empty), where ADMIN_EMAIL makes the first one
    const dir = freshEmptyDir();
    dirs.push(dir);
    const email = "head@example.org";
    const s = start({
      DATA_DIR: dir,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: "first-admin-pw",
    });
    const port = await s.listening;
    // log lines reach the pipe after the console's: wait for them
    await printed(s, /"level":40.*SMTP_URL is not set: mail .* is NOT delivered/);
    expect((await post(port, "/api/v2/password/forgot", { email })).status).toBe(200);
    await printed(s, /mail kept in the outbox, not delivered: SMTP_URL is not set/);
    expect(s.output()).not.toMatch(/ResetPassword|Invite\//);
    expect(await s.kill("SIGTERM")).toBe(0);
  });
});
