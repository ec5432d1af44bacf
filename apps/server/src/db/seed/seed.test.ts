import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type SpawnedServer, spawnServer } from "../../../test/spawn-server.ts";
import { ROOT } from "../../../test/template.ts";
import { openDatabase } from "../client.ts";
import * as t from "../schema/index.ts";
import { demoEmail } from "./demo.ts";

/**
 * What `npm start` does to an empty and to an existing PGlite database, in development and production.
 * A test starts one or two server processes: 14-26 s each alone, over 60 s on a loaded 2-core machine.
 */
describe("start-up seeding", { timeout: 180_000 }, () => {
  const dirs: string[] = [];
  const running: SpawnedServer[] = [];
  const emptyDir = () => {
    const d = fs.mkdtempSync(path.join(ROOT, ".tmp", "seed-"));
    dirs.push(d);
    return d;
  };
  const start = (env: Record<string, string>) => {
    const s = spawnServer(env);
    running.push(s);
    return s;
  };
  const login = (port: number, email: string, password: string) =>
    fetch(`http://127.0.0.1:${port}/api/v2/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify({ email, password }),
    });
  /** counted with the server stopped (PGlite allows one process) */
  const counts = async (dataDir: string) => {
    const d = await openDatabase({ dataDir });
    try {
      return { schools: await d.db.$count(t.schools), users: await d.db.$count(t.users) };
    } finally {
      await d.close();
    }
  };
  afterAll(async () => {
    for (const s of running) await s.kill("SIGKILL");
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("seeds the demo school on an empty database, prints the address and sign-ins, and never seeds twice", async () => {
    const dataDir = emptyDir();
    const first = start({ DATA_DIR: dataDir, DEMO_PASSWORD: "demo-pass-123" });
    const port = await first.listening;
    const out = first.output();
    expect(out).toContain(`Rollbook is running at http://localhost:${port} (PGlite in ${dataDir})`);
    expect(out).toContain("Created the demo school. Demo sign-ins:");
    expect(out).toContain(demoEmail("school_admin"));
    expect(out).toContain(demoEmail("case_manager"));
    expect(out).toContain("password: (DEMO_PASSWORD)");
    expect((await login(port, demoEmail("school_admin"), "demo-pass-123")).status).toBe(200);
    expect(await first.kill("SIGTERM")).toBe(0);
    const seeded = await counts(dataDir);
    expect(seeded.schools).toBe(2);

    const second = start({ DATA_DIR: dataDir, DEMO_PASSWORD: "another-pass-1" });
    const port2 = await second.listening;
    expect(second.output()).toContain("Demo sign-ins:");
    expect(second.output()).not.toContain("Created the demo school");
    // the existing users keep their password: nothing was seeded again
    expect((await login(port2, demoEmail("school_admin"), "demo-pass-123")).status).toBe(200);
    expect(await second.kill("SIGTERM")).toBe(0);
    expect(await counts(dataDir)).toEqual(seeded);
  });

  it("in production creates no demo school and tells how to create the first user", async () => {
    const dataDir = emptyDir();
    const s = start({ DATA_DIR: dataDir, NODE_ENV: "production" });
    const port = await s.listening;
    const out = s.output();
    expect(out).not.toContain("demo");
    expect(out).toContain("The database has no user yet");
    expect(out).toMatch(/ADMIN_EMAIL=.*ADMIN_PASSWORD=/);
    expect((await login(port, demoEmail("school_admin"), "rollbook-demo")).status).toBe(401);
    expect(await s.kill("SIGTERM")).toBe(0);
    expect(await counts(dataDir)).toEqual({ schools: 0, users: 0 });
  });

  it("creates the first master admin from ADMIN_EMAIL and ADMIN_PASSWORD once, on an empty database only", async () => {
    const dataDir = emptyDir();
    const env = {
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      ADMIN_EMAIL: "Head@Example.org",
      ADMIN_PASSWORD: "first-admin-pw",
      ADMIN_SCHOOL: "Northside College",
      ADMIN_TIMEZONE: "Europe/Berlin",
    };
    const s = start(env);
    const port = await s.listening;
    expect(s.output()).toContain(
      'Created the first user: Head@Example.org (Master Admin) in the school "Northside College"',
    );
    const res = await login(port, "head@example.org", "first-admin-pw");
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { access_token: string; user: { role: { id: number } } } };
    expect(data.user.role.id).toBe(1);
    const gql = await fetch(`http://127.0.0.1:${port}/graphql/query`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
        authorization: `Bearer ${data.access_token}`,
      },
      body: JSON.stringify({ query: "{ school { name timezone } schools { total } }" }),
    });
    expect(((await gql.json()) as { data: unknown }).data).toEqual({
      school: { name: "Northside College", timezone: "Europe/Berlin" },
      schools: { total: 1 },
    });
    expect(await s.kill("SIGTERM")).toBe(0);

    // the variables left set: nothing changes, the password stays the first one
    const again = start({ ...env, ADMIN_PASSWORD: "other-password" });
    const port2 = await again.listening;
    expect(again.output()).not.toContain("Created the first user");
    expect(again.output()).not.toContain("no user yet");
    expect((await login(port2, "head@example.org", "other-password")).status).toBe(401);
    expect((await login(port2, "head@example.org", "first-admin-pw")).status).toBe(200);
    expect(await again.kill("SIGTERM")).toBe(0);
    expect(await counts(dataDir)).toEqual({ schools: 1, users: 1 });
  });

  it("stops with a clear message on a bad first-admin setting", async () => {
    for (const [env, name] of [
      [{ ADMIN_EMAIL: "not-an-address", ADMIN_PASSWORD: "long-enough-1" }, "ADMIN_EMAIL"],
      [{ ADMIN_EMAIL: "a@example.org" }, "ADMIN_PASSWORD"],
      [{ ADMIN_EMAIL: "a@example.org", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
      [
        { ADMIN_EMAIL: "a@example.org", ADMIN_PASSWORD: "long-enough-1", ADMIN_TIMEZONE: "Mars/Olympus" },
        "ADMIN_TIMEZONE",
      ],
    ] as const) {
      const s = start({ DATA_DIR: emptyDir(), NODE_ENV: "production", ...env });
      expect(await s.exited).toBe(1);
      expect(s.output()).toContain("Invalid configuration");
      expect(s.output()).toContain(name);
    }
  });
});
