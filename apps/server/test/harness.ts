import fs from "node:fs";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { demoEmail } from "../src/db/seed/demo.ts";
import type { Services } from "../src/services.ts";
import { adminUrl, freshDir, TEMPLATE_PG_DB, TEST_PASSWORD } from "./template.ts";

export { demoEmail, TEST_PASSWORD };

export type DbKind = "pglite" | "postgres";

/**
 * Every database: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. For the suites of code
 * whose behaviour depends on the database (decision 0105): the engine and the device API, the
 * database layer and migrations, collation and accent folding, imports, notifications, the push
 * channel, start-up, shutdown and the mail relay.
 */
export const DATABASES: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * One database, for suites whose SQL and code paths are the same on both (GraphQL calls, reports,
 * permissions): PostgreSQL, production's, when the run has one, else PGlite. TEST_ALL_DATABASES=1
 * runs them on both too (decision 0105).
 */
export const ONE_DATABASE: DbKind[] =
  process.env.TEST_ALL_DATABASES === "1" || !process.env.TEST_DATABASE_URL ? DATABASES : ["postgres"];

export interface TestServer {
  url: string;
  /** the app itself, for in-process requests (app.inject) where a sweep sends thousands */
  app: FastifyInstance;
  database: Database;
  /** the test's own PostgreSQL database (postgres only), to open a second pool as another process would */
  databaseUrl?: string;
  /** what routes share (e.g. the push bus, to publish in tests) */
  services: Services;
  close(): Promise<void>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  gql<T = any>(
    token: string | null,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{
    status: number;
    body: { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  }>;
  login(roleName: string): Promise<{ access_token: string; search_token: string; user: any }>;
}

/** A real server on a free port over a fresh copy of the seeded database; with `webDist`, serving that web app. */
export async function startServer(
  kind: DbKind,
  env: Record<string, string> = {},
  { webDist }: { webDist?: string } = {},
): Promise<TestServer> {
  let database: Database;
  let databaseUrl: string | undefined;
  let cleanup = async () => {};
  if (kind === "postgres") {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `rollbook_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_PG_DB}`);
    await admin.end();
    databaseUrl = adminUrl(base, name);
    database = await openDatabase({ url: databaseUrl });
    cleanup = async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  } else {
    const dir = freshDir();
    database = await openDatabase({ dataDir: dir });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    LOG_LEVEL: "silent",
    // suites sign in and call far faster than people; rate-limits.test.ts sets small limits
    AUTH_RATE_LIMIT: "1000",
    LOGIN_DELAY_MS: "0",
    LOGIN_ADDRESS_ATTEMPTS: "100000",
    LOGIN_ADDRESS_FAILURES: "100000",
    GRAPHQL_RATE_LIMIT: "100000",
    DEVICE_RATE_LIMIT: "100000",
    // tests finalise sessions themselves, at the instant they choose
    FINALISE_INTERVAL_MS: "0",
    ...env,
  });
  const { app, services } = await buildApp({ config, database, webDist, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url + path, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const server: TestServer = {
    url,
    app,
    database,
    databaseUrl,
    services,
    post,
    async close() {
      await app.close();
      await database.close();
      await cleanup();
    },
    async gql(token, query, variables) {
      const res = await post("/graphql/query", { query, variables }, token ? { authorization: `Bearer ${token}` } : {});
      return { status: res.status, body: (await res.json()) as never };
    },
    async login(roleName) {
      const res = await post("/api/v2/login", { email: demoEmail(roleName), password: TEST_PASSWORD });
      if (res.status !== 200) throw new Error(`login ${roleName}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: never }).data;
    },
  };
  return server;
}
