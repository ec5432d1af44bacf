import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { keepStatements, MAX_PREPARED } from "./pglite-statements.ts";

/** drizzle's own options for a raw statement (drizzle-orm/pglite/session.js): dates stay text */
const DRIZZLE_RAW = { rowMode: "object" as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };

describe("PGlite statements kept prepared (decision 0573)", () => {
  let kept: PGlite;
  let plain: PGlite;
  let held: () => number;
  const prepared = async (db: PGlite) =>
    (await db.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0]?.n;

  beforeAll(async () => {
    kept = await PGlite.create();
    plain = await PGlite.create();
    for (const db of [kept, plain])
      await db.exec(`create table t (id int primary key, name text, at timestamptz, doc jsonb, ok boolean);
        insert into t values (1, 'Ada', '2026-11-30T08:00:00Z', '{"a":[1,2]}', true), (2, null, null, null, false);`);
    held = keepStatements(kept).held;
  });
  afterAll(async () => {
    await kept?.close();
    await plain?.close();
  });

  it("answers as PGlite's own query does: values, nulls, types, parsers, row modes", async () => {
    const cases: [string, unknown[], object | undefined][] = [
      ["select * from t order by id", [], undefined],
      ["select * from t where id = $1 or name = $2", [2, "Ada"], undefined],
      [
        "select $1::jsonb as doc, $2::timestamptz as at, $3::boolean as ok",
        [{ x: "é" }, new Date(0), false],
        undefined,
      ],
      ["select * from t where at > $1 order by id", ["2026-01-01T00:00:00Z"], DRIZZLE_RAW],
      ["select id, name from t order by id", [], { rowMode: "array" }],
      ["with x as (select $1::int as n) select n + 1 as m from x", [41], undefined],
    ];
    for (const [text, params, options] of cases) {
      const want = await plain.query(text, params, options);
      for (let round = 0; round < 3; round++) {
        const got = await kept.query(text, params, options);
        expect(got.rows).toEqual(want.rows);
        expect(got.fields).toEqual(want.fields);
      }
    }
    // each text parsed once and kept: PostgreSQL lists them
    expect(held()).toBe(cases.length);
    expect(await prepared(kept)).toBe(held());
    expect(await prepared(plain)).toBe(0);
  });

  it("writes and counts rows as query does, and throws PostgreSQL's error, then goes on", async () => {
    const ins = await kept.query("insert into t (id, name) values ($1, $2) returning id", [3, "Grace"]);
    expect(ins.rows).toEqual([{ id: 3 }]);
    expect(ins.affectedRows).toBe(1);
    const dup = await kept.query("insert into t (id, name) values ($1, $2) returning id", [3, "again"]).catch((e) => e);
    expect(dup).toMatchObject({ code: "23505" });
    const bad = await kept.query("select nope from t").catch((e) => e);
    expect(bad).toMatchObject({ code: "42703" });
    expect((await kept.query("select name from t where id = $1", [3])).rows).toEqual([{ name: "Grace" }]);
  });

  it("never runs inside another caller's transaction", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let inserted = () => {};
    const written = new Promise<void>((r) => {
      inserted = r;
    });
    const tx = kept.transaction(async (t) => {
      await t.query("insert into t (id, name) values (10, 'in tx')");
      inserted();
      await gate;
      await t.rollback();
    });
    await written;
    // issued while the transaction is open with its row written: it must wait for the rollback,
    // not run inside the transaction (the same session would see the row)
    const read = kept.query<{ n: number }>("select count(*)::int as n from t where id = $1", [10]);
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    expect((await read).rows).toEqual([{ n: 0 }]);
  });

  it("runs other statements as before: settings, DDL, VACUUM", async () => {
    await kept.query("set application_name = 'rollbook'");
    await kept.query("create index t_name on t (name)");
    await kept.query("vacuum t");
    expect((await kept.query("show application_name")).rows).toEqual([{ application_name: "rollbook" }]);
  });

  it(`keeps at most ${MAX_PREPARED} statements, closing the least recently used`, async () => {
    for (let i = 0; i < MAX_PREPARED + 30; i++) {
      const { rows } = await kept.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(rows).toEqual([{ n: 1 + i }]);
    }
    expect(held()).toBe(MAX_PREPARED);
    expect(await prepared(kept)).toBe(MAX_PREPARED);
  });

  it("is how the app's PGlite runs drizzle's statements", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    try {
      const count = async () => {
        const result = await database.db.execute(sql`select count(*)::int as n from pg_prepared_statements`);
        return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
      };
      const before = await count();
      await database.db.execute(sql`select id from schools where id = ${1}`);
      expect(await count()).toBeGreaterThan(before);
    } finally {
      await database.close();
    }
  });
});
