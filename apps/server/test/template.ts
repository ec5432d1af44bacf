import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { testSchoolZone } from "./school-zone.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
// One template per test run (global setup sets the id; workers inherit the env), so that
// test runs side by side on one machine do not rebuild each other's template.
process.env.ROLLBOOK_TEST_RUN ??= String(process.pid);
export const RUN_ID = process.env.ROLLBOOK_TEST_RUN;
// The demo school's zone (school-zone.ts), picked once per run so that every worker agrees with
// the template global setup seeded in it.
process.env.ROLLBOOK_TEST_SCHOOL_TZ ??= testSchoolZone(new Date());
export const TEST_SCHOOL_TZ = process.env.ROLLBOOK_TEST_SCHOOL_TZ;
export const TEMPLATE_DIR = path.join(ROOT, ".tmp", `pglite-template-${RUN_ID}`);
/** The same PGlite database migrated and nothing more: what a first start finds before it seeds. */
export const EMPTY_TEMPLATE_DIR = path.join(ROOT, ".tmp", `pglite-empty-template-${RUN_ID}`);
export const TEST_PASSWORD = "test-password-1";
export const TEMPLATE_PG_DB = `rollbook_template_${RUN_ID}`;

export function adminUrl(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh copy of the seeded template, for a PGlite database of the test's own. */
export const freshDir = (): string => copyOf(TEMPLATE_DIR);

/**
 * A fresh copy of the migrated, empty template, for a test that seeds or fills its own database:
 * a new PGlite directory with the migrations applied, as openDatabase on an empty folder makes it,
 * in a fraction of the time (PGlite's initdb and the migrations took 10-20 s a database).
 */
export const freshEmptyDir = (): string => copyOf(EMPTY_TEMPLATE_DIR);

function copyOf(template: string): string {
  const dir = path.join(ROOT, ".tmp", `pglite-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  fs.cpSync(template, dir, { recursive: true });
  fs.rmSync(path.join(dir, "rollbook.lock"), { force: true });
  return dir;
}

/**
 * A PostgreSQL database of this run (`create database <name> <how>`) on TEST_DATABASE_URL's server;
 * `cleanups` gets its drop. Answers its URL.
 */
export async function scratchDatabase(
  prefix: string,
  how: string,
  cleanups: (() => Promise<void> | void)[],
): Promise<string> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} ${how}`);
  await admin.end();
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: base });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  return adminUrl(base, name);
}
