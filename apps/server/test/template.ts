import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const TEMPLATE_DIR = path.join(ROOT, ".tmp", "pglite-template");
export const TEST_PASSWORD = "test-password-1";
export const TEMPLATE_PG_DB = "rollbook_template";

export function adminUrl(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function freshDir(): string {
  const dir = path.join(ROOT, ".tmp", `pglite-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  fs.cpSync(TEMPLATE_DIR, dir, { recursive: true });
  fs.rmSync(path.join(dir, "rollbook.lock"), { force: true });
  return dir;
}
