// `npm run typecheck`: every project of the repository, checked by TypeScript 7's native compiler
// (the `typescript-native` alias), which checks them in about a tenth of 5.9's time. The `typescript`
// package stays 5.9 for codegen's config loader, which uses its JavaScript API, which 7 no longer has (decision 0106).
// Both packages name their command `tsc`, so the compiler is called by its path, never by that name.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// the package exports no path to its command: named from the repository's root
const tsc = fileURLToPath(new URL("../node_modules/typescript-native/bin/tsc", import.meta.url));
const PROJECTS = ["packages/domain", "apps/server", "apps/web", "e2e", "bench"];

for (const project of PROJECTS) {
  const t0 = Date.now();
  const run = spawnSync(process.execPath, [tsc, "-p", project], { stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`typecheck: ${project} has errors (exit ${run.status ?? run.signal})`);
    process.exit(run.status ?? 1);
  }
  console.log(`typecheck: ${project} ok (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
