import fs from "node:fs";
import setup from "../../test/global-setup.ts";
import { TEMPLATE_DIR } from "../../test/template.ts";

/**
 * The fuzz project needs the seeded template the server project builds. In a full
 * `vitest run` the server project has built it already (same run id) and removes it
 * at the end; run alone (`--project fuzz`), the fuzz project builds and removes it.
 */
export default async function fuzzSetup() {
  if (fs.existsSync(TEMPLATE_DIR)) return;
  return setup();
}
