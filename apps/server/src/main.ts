import path from "node:path";
import { fileURLToPath } from "node:url";
import { ROLES } from "@rollbook/domain";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { demoEmail, hasAnySchool, seedDemo } from "./db/seed/demo.ts";
import { ensureRoles } from "./db/seed/roles.ts";

const started = Date.now();
const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await ensureRoles(database.db);
  const seedAllowed = config.SEED_DEMO && config.NODE_ENV !== "production";
  let seeded = false;
  if (seedAllowed && !(await hasAnySchool(database.db))) {
    await seedDemo(database.db, { password: config.DEMO_PASSWORD });
    seeded = true;
  }
  const { app } = await buildApp({
    config,
    database,
    webDist: path.resolve(here, "../../web/dist"),
  });
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void close("SIGINT"));
  process.once("SIGTERM", () => void close("SIGTERM"));
  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? "PostgreSQL" : `PGlite in ${config.dataDir}`;
  const lines = [
    "",
    `Rollbook is running at http://localhost:${config.PORT} (${where}), ready in ${Date.now() - started} ms`,
  ];
  if (seedAllowed) {
    lines.push(
      seeded ? "Created the demo school. Demo sign-ins:" : "Demo sign-ins:",
      ...ROLES.map((r) => `  ${demoEmail(r.name).padEnd(42)} ${r.display_name}`),
      `  password: ${config.DEMO_PASSWORD === "rollbook-demo" ? "rollbook-demo" : "(DEMO_PASSWORD)"}`,
    );
  }
  console.log(lines.join("\n"));
}

main().catch((err) => {
  if (err instanceof DataDirLockedError || (err instanceof Error && err.message.startsWith("Invalid configuration"))) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
