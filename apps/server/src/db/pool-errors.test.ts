import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUrl, TEMPLATE_PG_DB } from "../../test/template.ts";
import { type Database, openDatabase } from "./client.ts";

const BASE = process.env.TEST_DATABASE_URL;

/**
 * PostgreSQL may end idle connections at any time (a restart, an administrator, a failover):
 * the server must go on with new ones, not die of an unhandled 'error' event.
 */
describe.skipIf(!BASE)("PostgreSQL connections ended by the server (needs TEST_DATABASE_URL)", () => {
  const name = `rollbook_pool_${process.pid}_${Date.now()}`;
  let database: Database;
  const admin = () => new pg.Client({ connectionString: BASE });
  beforeAll(async () => {
    const a = admin();
    await a.connect();
    await a.query(`create database ${name} template ${TEMPLATE_PG_DB}`);
    await a.end();
    database = await openDatabase({ url: adminUrl(BASE as string, name) });
  });
  afterAll(async () => {
    await database?.close();
    const a = admin();
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });

  it("survives its idle connections being terminated and answers the next query", async () => {
    // a few idle connections in the pool
    await Promise.all(Array.from({ length: 4 }, () => database.db.execute("select pg_sleep(0.05)" as never)));
    const a = admin();
    await a.connect();
    const killed = await a.query(
      "select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) x",
      [name],
    );
    await a.end();
    expect(killed.rows[0].n).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    const res = await database.db.execute("select 1 as one" as never);
    expect((res as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
  });
});
