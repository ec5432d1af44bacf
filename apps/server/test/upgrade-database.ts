import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { DbKind } from "./harness.ts";
import { ROOT, scratchDatabase } from "./template.ts";

const MIGRATIONS = path.join(ROOT, "apps", "server", "src", "db", "migrations");

/** A copy of the migrations folder that ends with `lastTag`. */
export function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(ROOT, ".tmp", "migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 1) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/**
 * A database as an upgrade meets it: the migrations up to `lastTag` applied, then `fill` run; answers
 * how to open it as the server does (openDatabase migrates the rest). `cleanups` gets what to remove.
 */
export async function upgradeDatabase(
  kind: DbKind,
  lastTag: string,
  fill: readonly string[],
  cleanups: (() => Promise<void> | void)[],
): Promise<{ url: string } | { dataDir: string }> {
  const folder = migrationsUpTo(lastTag);
  cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
  if (kind === "pglite") {
    const dir = fs.mkdtempSync(path.join(ROOT, ".tmp", "upgrade-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const client = await PGlite.create({ dataDir: path.join(dir, "pglite"), extensions: { pg_trgm } });
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    for (const s of fill) await client.exec(s);
    await client.close();
    return { dataDir: dir };
  }
  const url = await scratchDatabase("rollbook_upgrade", "template template0 encoding 'UTF8'", cleanups);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await migratePg(drizzlePg(client), { migrationsFolder: folder });
  for (const s of fill) await client.query(s);
  await client.end();
  return { url };
}
