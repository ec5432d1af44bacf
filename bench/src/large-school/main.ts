/**
 * npm run seed:large [-- --reuse] [-- --students N --courses N --weeks N] [-- --pglite]
 *
 * Seeds the large school (seed.ts) into DATABASE_URL (PostgreSQL; migrated first). PGlite only
 * with --pglite, in DATA_DIR (default .tmp/large-school): slow, and not what the goals are about.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../../apps/server/src/db/client.ts";
import { seedLargeSchool } from "./seed.ts";

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
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
  if (!url && !flag("pglite")) {
    console.error(
      "seed:large needs DATABASE_URL (PostgreSQL), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/rollbook_large;\n" +
        "PGlite only with --pglite (DATA_DIR, default .tmp/large-school).",
    );
    process.exit(2);
  }
  const database = url
    ? await openDatabase({ url })
    : await openDatabase({ dataDir: process.env.DATA_DIR ?? path.join(root, ".tmp", "large-school") });
  try {
    await seedLargeSchool(database.db, {
      reuse: flag("reuse"),
      students: num("students"),
      courses: num("courses"),
      weeks: num("weeks"),
    });
  } finally {
    await database.close();
  }
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
