import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { QueryClient } from "@tanstack/react-query";
import { build } from "esbuild";
import type { FastifyInstance } from "fastify";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHROMIUM_ARGS, chromiumExecutable } from "../../../../e2e/support/chromium.ts";
import { keyMatches, PushInvalidator } from "../../../web/src/lib/push-invalidate.ts";
import { demoEmail, TEST_PASSWORD } from "../../test/harness.ts";
import { freshDir } from "../../test/template.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import type { Services } from "../services.ts";

/**
 * The browser client (apps/web/src/lib/push-tabs.ts and push-socket.ts) in the
 * system Chromium against a real server: tabs share one socket, a closed
 * leader hands over, a restarted server is reconnected to and everything is
 * refetched. The client does not depend on the database, so PGlite only;
 * the server's side is tested on both in push.test.ts.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
// the browser and flags of the end-to-end tests: Debian's headless shell first (decision 0101)
const CHROMIUM = chromiumExecutable();

interface PageLog {
  events: { type: string; ids: number[] }[];
  resyncs: number;
  unauthorized: number;
}

describe.skipIf(!CHROMIUM)("push client in Chromium (needs the system Chromium)", () => {
  let dir = "";
  let database: Database;
  let app: FastifyInstance;
  let services: Services;
  let port = 0;
  let url = "";
  let browser: Browser;
  let context: BrowserContext;
  let bundle = "";

  async function start() {
    database = await openDatabase({ dataDir: dir });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "1000" });
    ({ app, services } = await buildApp({ config, database, logger: false }));
    await app.listen({ port, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}`;
  }
  async function stop() {
    await app.close();
    await database.close();
  }
  async function login(role: string) {
    const res = await fetch(`${url}/api/v2/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify({ email: demoEmail(role), password: TEST_PASSWORD }),
    });
    return ((await res.json()) as { data: { access_token: string; user: { id: number; school_id: number } } }).data;
  }
  /** A tab signed in as `role` (its own login, as sessionStorage is per tab) running the push feed. */
  async function tab(role: string) {
    const { access_token, user } = await login(role);
    const page = await context.newPage();
    await page.goto(`${url}/api/health`); // any page of the server's origin
    await page.addScriptTag({ content: bundle });
    await page.evaluate(([scope, token]) => (window as any).__startPush(scope, token), [String(user.id), access_token]);
    return { page, user };
  }
  const log = (page: Page) => page.evaluate(() => (window as any).__log as PageLog);
  const sockets = (page: Page) => page.evaluate(() => (window as any).__sockets as number);
  const waitFor = (page: Page, fn: string) => page.waitForFunction(fn, undefined, { timeout: 15_000 });

  beforeAll(async () => {
    const out = await build({
      stdin: {
        contents: `
          import { startPushFeed } from "../../../web/src/lib/push-tabs.ts";
          window.__startPush = (scope, token) => {
            const log = { events: [], resyncs: 0, unauthorized: 0 };
            window.__log = log;
            window.__stopPush = startPushFeed({
              scope,
              getToken: () => token,
              push: (e) => log.events.push({ type: e.type, ids: e.ids }),
              resync: () => { log.resyncs += 1; },
              unauthorized: () => { log.unauthorized += 1; },
            });
          };`,
        resolveDir: here,
        loader: "ts",
      },
      bundle: true,
      format: "iife",
      write: false,
      target: "es2022",
    });
    bundle = out.outputFiles[0]?.text ?? "";
    dir = freshDir();
    await start();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    // one context = one browser profile: its tabs share Web Locks and BroadcastChannels
    context = await browser.newContext({ bypassCSP: true });
    // count the sockets each tab opens (real ones: the constructor is only wrapped)
    await context.addInitScript(() => {
      const Native = window.WebSocket;
      (window as any).__sockets = 0;
      window.WebSocket = class extends Native {
        constructor(u: string | URL, p?: string | string[]) {
          super(u, p);
          (window as any).__sockets += 1;
        }
      };
    });
  });
  afterAll(async () => {
    await browser?.close();
    await stop().catch(() => {});
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("shares one socket among the tabs of a user, hands it over when the leader closes, and survives a restart", async () => {
    const a = await tab("school_admin");
    await waitFor(a.page, "window.__log.resyncs >= 1"); // its socket is ready
    const b = await tab("school_admin");
    await waitFor(b.page, "window.__log.resyncs >= 1"); // a follower refreshes once when it joins
    expect((await sockets(a.page)) + (await sockets(b.page))).toBe(1);

    await services.bus.publish({ type: "student.update", school_id: a.user.school_id, ids: [11] });
    await waitFor(a.page, "window.__log.events.length === 1");
    await waitFor(b.page, "window.__log.events.length === 1");
    expect((await log(b.page)).events).toEqual([{ type: "student.update", ids: [11] }]);

    // the leader goes: the other tab takes over with its own token and resumes where the leader was
    const [leader, follower] = (await sockets(a.page)) === 1 ? [a, b] : [b, a];
    const resyncsBefore = (await log(follower.page)).resyncs;
    await leader.page.close();
    await waitFor(follower.page, "window.__sockets === 1");
    await services.bus.publish({ type: "attendance.update", school_id: a.user.school_id, ids: [12], student_ids: [1] });
    await waitFor(follower.page, "window.__log.events.length === 2");
    expect((await log(follower.page)).events[1]).toEqual({ type: "attendance.update", ids: [12] });
    expect((await log(follower.page)).resyncs).toBe(resyncsBefore); // resumed: nothing to refetch

    // a restart: the socket drops, the tab reconnects by itself and, not knowing what it missed, refetches
    await stop();
    await start();
    await waitFor(follower.page, `window.__log.resyncs === ${resyncsBefore + 1}`);
    expect(await sockets(follower.page)).toBeGreaterThanOrEqual(2);
    await services.bus.publish({ type: "student.update", school_id: a.user.school_id, ids: [13] });
    await waitFor(follower.page, "window.__log.events.length === 3");
    await follower.page.close();
  });

  it("gives tabs of different users their own socket, each getting only its own", async () => {
    const admin = await tab("school_admin");
    const advisor = await tab("academic_advisor");
    await waitFor(admin.page, "window.__log.resyncs >= 1");
    await waitFor(advisor.page, "window.__log.resyncs >= 1");
    expect(await sockets(admin.page)).toBe(1);
    expect(await sockets(advisor.page)).toBe(1);
    await services.bus.publish({
      type: "task.update",
      school_id: advisor.user.school_id,
      ids: [21],
      user_id: advisor.user.id,
    });
    await services.bus.publish({
      type: "task.update",
      school_id: admin.user.school_id,
      ids: [22],
      user_id: admin.user.id,
    });
    await waitFor(advisor.page, "window.__log.events.length === 1");
    await waitFor(admin.page, "window.__log.events.length === 1");
    expect((await log(advisor.page)).events).toEqual([{ type: "task.update", ids: [21] }]);
    expect((await log(admin.page)).events).toEqual([{ type: "task.update", ids: [22] }]);
  });
});

describe("push invalidation (TanStack Query)", () => {
  it("matches keys by area or by an operation name starting with it", () => {
    expect(keyMatches(["students", { page: 1 }], "students")).toBe(true);
    expect(keyMatches(["studentsList"], "students")).toBe(true);
    expect(keyMatches(["student", "uuid"], "student")).toBe(true);
    expect(keyMatches(["studentsList"], "student")).toBe(false);
    expect(keyMatches(["messages"], "me")).toBe(false);
    expect(keyMatches([{ students: true }], "students")).toBe(false);
  });

  it("refetches the areas a message concerns, at once and then once per window", async () => {
    const client = new QueryClient();
    const fetched: string[] = [];
    const observe = (key: string) =>
      client
        .getQueryCache()
        .build(client, { queryKey: [key], queryFn: async () => fetched.push(key) })
        .fetch();
    for (const key of ["dashboard", "tasks", "getParams", "coursesInSession"]) await observe(key);
    fetched.length = 0;
    vi.useFakeTimers();
    const inv = new PushInvalidator(client, 1000);
    inv.event({ seq: 1, type: "task.update", ids: [1] });
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.isStale())
        .map((q) => q.queryKey[0]);
    expect(stale().sort()).toEqual(["dashboard", "tasks"]);
    inv.event({ seq: 2, type: "attendance.update", ids: [2] });
    // within the window: not yet
    expect(stale()).not.toContain("coursesInSession");
    vi.advanceTimersByTime(1000);
    expect(stale()).toContain("coursesInSession");
    expect(stale()).not.toContain("getParams");
    inv.dispose();
    vi.useRealTimers();
    client.clear();
  });
});
