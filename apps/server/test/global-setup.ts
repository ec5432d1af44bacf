import fs from "node:fs";
import pg from "pg";
import { openDatabase } from "../src/db/client.ts";
import { seedDemo } from "../src/db/seed/demo.ts";
import { ensureRoles } from "../src/db/seed/roles.ts";
import {
  adminUrl,
  EMPTY_TEMPLATE_DIR,
  ROOT,
  TEMPLATE_DIR,
  TEMPLATE_PG_DB,
  TEST_PASSWORD,
  TEST_SCHOOL_TZ,
} from "./template.ts";

const SEED = { password: TEST_PASSWORD, students: 60, courses: 8, weeksOfHistory: 2, timezone: TEST_SCHOOL_TZ };

/**
 * Builds, once per run, a migrated and seeded database that every test file
 * copies: a PGlite directory, and with TEST_DATABASE_URL a PostgreSQL template.
 * The PGlite one is made from a copy of a migrated, empty directory, which stays for
 * the tests that seed their own (freshEmptyDir).
 */
export default async function setup() {
  const removeTemplates = () => {
    fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
    fs.rmSync(EMPTY_TEMPLATE_DIR, { recursive: true, force: true });
  };
  removeTemplates();
  fs.mkdirSync(`${ROOT}/.tmp`, { recursive: true });
  await (await openDatabase({ dataDir: EMPTY_TEMPLATE_DIR })).close();
  fs.cpSync(EMPTY_TEMPLATE_DIR, TEMPLATE_DIR, { recursive: true });
  fs.rmSync(`${TEMPLATE_DIR}/rollbook.lock`, { force: true });
  const db = await openDatabase({ dataDir: TEMPLATE_DIR });
  await ensureRoles(db.db);
  await seedDemo(db.db, SEED);
  await db.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_PG_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_PG_DB}`);
    await admin.end();
    const pgdb = await openDatabase({ url: adminUrl(url, TEMPLATE_PG_DB) });
    await ensureRoles(pgdb.db);
    await seedDemo(pgdb.db, SEED);
    await pgdb.close();
  }
  return async function teardown() {
    removeTemplates();
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${TEMPLATE_PG_DB} with (force)`);
      await admin.end();
    }
  };
}
