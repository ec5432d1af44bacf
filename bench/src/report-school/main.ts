/**
 * npm run seed:reports [-- --reuse] [-- --students N --courses N --weeks N --ping-weeks N]
 *
 * Seeds the reports school (seed.ts) into DATABASE_URL (PostgreSQL only; the database is created
 * when missing and migrated), e.g. postgres://postgres@127.0.0.1:5432/rollbook_reports. Refuses
 * without DATABASE_URL, and refuses a database that already holds the school unless --reuse.
 */
import { openDatabase } from "../../../apps/server/src/db/client.ts";
import { DEFAULT_REPORTS_URL, ensureDatabase, seedReportSchool } from "./seed.ts";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const num = (name: string) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a whole number`);
  return n;
};

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith("postgres")) {
    console.error(`seed:reports needs DATABASE_URL (PostgreSQL), e.g. DATABASE_URL=${DEFAULT_REPORTS_URL}`);
    process.exit(2);
  }
  await ensureDatabase(url);
  const database = await openDatabase({ url });
  try {
    await seedReportSchool(database.db, {
      reuse: flag("reuse"),
      students: num("students"),
      courses: num("courses"),
      weeks: num("weeks"),
      pingWeeks: num("ping-weeks"),
    });
  } finally {
    await database.close();
  }
}

main().catch((e: Error) => {
  console.error(e.message, (e as { cause?: Error }).cause?.message ?? "");
  process.exit(1);
});
