import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.ts";
import { startMailCatcher } from "./mail-catcher.ts";
import { ENV_BASE_URL, ENV_MAIL_DIR } from "./run-env.ts";
import { startServer } from "./server-process.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * One server for the whole run: a fake SMTP server in this process, then the real Rollbook
 * server on a fresh PGlite directory sending its mail there. Workers learn the address and the
 * mail folder from the environment (set here before they start).
 */
export default async function globalSetup() {
  if (!existsSync(path.join(repoRoot, "apps/web/dist/index.html"))) {
    throw new Error("apps/web/dist is missing: build the web app first (npm run test:e2e does).");
  }
  const work = await mkdtemp(path.join(tmpdir(), "rollbook-e2e-"));
  const mailDir = path.join(work, "mail");
  await mkdir(mailDir);
  const catcher = await startMailCatcher(mailDir);
  const logFile = path.join(work, "server.log");
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      repoRoot,
      port: await freePort(),
      dataDir: path.join(work, "data"),
      smtpUrl: `smtp://127.0.0.1:${catcher.port}`,
      logFile,
    });
  } catch (err) {
    await catcher.close();
    await rm(work, { recursive: true, force: true });
    throw err;
  }
  process.env[ENV_BASE_URL] = server.url;
  process.env[ENV_MAIL_DIR] = mailDir;

  return async () => {
    await server.stop();
    await catcher.close();
    // the server's log stays beside the test results, for a failure's post-mortem
    await mkdir(path.join(repoRoot, "e2e/test-results"), { recursive: true });
    await copyFile(logFile, path.join(repoRoot, "e2e/test-results/server.log")).catch(() => undefined);
    if (process.env.E2E_KEEP === "1") console.log(`e2e: kept ${work} (server log: ${logFile})`);
    else await rm(work, { recursive: true, force: true });
  };
}
