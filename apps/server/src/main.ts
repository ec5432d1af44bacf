import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ROLES } from "@rollbook/domain";
import { buildApp } from "./app.ts";
import { listenHost, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { MissingCollationError } from "./db/collation.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { demoEmail, hasAnySchool, hasDemoUsers, seedDemo } from "./db/seed/demo.ts";
import { createFirstAdmin, hasAnyUser } from "./db/seed/first-admin.ts";
import { ensureRoles } from "./db/seed/roles.ts";
import { startNotifications } from "./notifications/scheduler.ts";

const started = Date.now();

/** A start-up refused for a reason the operator must fix; printed without a stack. */
class StartRefused extends Error {}
const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await ensureRoles(database.db);
  // the demo users' password is published in the README (decision 0413)
  if (config.NODE_ENV === "production" && (await hasDemoUsers(database.db))) {
    await database.close();
    throw new StartRefused(
      "Refusing to start with NODE_ENV=production: this database holds the demo school's users " +
        "(*@demo.rollbook.test), whose password is published. Use a database without the demo school.",
    );
  }
  let firstAdmin = false;
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    firstAdmin = await createFirstAdmin(database.db, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      school: config.ADMIN_SCHOOL,
      timezone: config.ADMIN_TIMEZONE,
    });
  }
  const seedAllowed = config.SEED_DEMO && config.NODE_ENV !== "production";
  let seeded = false;
  if (seedAllowed && !(await hasAnySchool(database.db))) {
    await seedDemo(database.db, { password: config.DEMO_PASSWORD });
    seeded = true;
  }
  const { app, services } = await buildApp({
    config,
    database,
    webDist: path.resolve(here, "../../web/dist"),
  });
  // recap and start-up mails, once each however many processes run it (decision 0900)
  const stopNotifications = startNotifications(services);
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await stopNotifications();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void close("SIGINT"));
  process.once("SIGTERM", () => void close("SIGTERM"));
  const host = listenHost(config);
  await app.listen({ port: config.PORT, host });
  if (config.NODE_ENV === "production" && !config.SMTP_URL) {
    app.log.warn(
      "SMTP_URL is not set: mail (invitations, password resets, alerts) is NOT delivered; it is kept in the mail_outbox table and sent once SMTP_URL is set",
    );
  }
  const where = config.DATABASE_URL ? "PostgreSQL" : `PGlite in ${config.dataDir}`;
  // the bound port, not PORT: PORT=0 picks a free one
  const port = (app.server.address() as AddressInfo).port;
  const lines = ["", `Rollbook is running at http://localhost:${port} (${where}), ready in ${Date.now() - started} ms`];
  lines.push(
    host === "127.0.0.1"
      ? "Listening on 127.0.0.1 only: set HOST=0.0.0.0 to open it to the network."
      : `Listening on ${host}.`,
  );
  if (firstAdmin) {
    lines.push(`Created the first user: ${config.ADMIN_EMAIL} (Master Admin) in the school "${config.ADMIN_SCHOOL}".`);
  } else if (!(await hasAnyUser(database.db))) {
    lines.push(
      "The database has no user yet. To create the first one (a Master Admin), restart once with",
      "  ADMIN_EMAIL=you@example.org ADMIN_PASSWORD=<at least 8 characters> [ADMIN_SCHOOL=<name>] [ADMIN_TIMEZONE=<IANA zone>]",
      "then sign in and invite everyone else.",
    );
  }
  // the demo sign-ins only when this database holds the demo school
  if (seedAllowed && (seeded || (await hasDemoUsers(database.db)))) {
    lines.push(
      seeded ? "Created the demo school. Demo sign-ins:" : "Demo sign-ins:",
      ...ROLES.map((r) => `  ${demoEmail(r.name).padEnd(42)} ${r.display_name}`),
      `  password: ${config.DEMO_PASSWORD === "rollbook-demo" ? "rollbook-demo" : "(DEMO_PASSWORD)"}`,
    );
  }
  console.log(lines.join("\n"));
}

main().catch((err) => {
  if (
    err instanceof DataDirLockedError ||
    err instanceof StartRefused ||
    err instanceof MissingCollationError ||
    (err instanceof Error && err.message.startsWith("Invalid configuration"))
  ) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
