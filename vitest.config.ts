import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// graphql 16 ships CJS (main) and ESM (module); Node loads the CJS one for the
// libraries, so our code must get the same copy or types come from two realms.
const graphqlCjs = createRequire(import.meta.url).resolve("graphql");

/**
 * Files of a minute or more, started first so the two workers end together. With no durations
 * cached (a clean clone, as in CI) Vitest starts the larger files first, and these are small.
 */
const LONG_FILES = [
  /access\/tenant-matrix-[a-z-]+\.test\.ts$/,
  /db\/seed\/seed\.test\.ts$/,
  /sweep\/graphql-sweep\.test\.ts$/,
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const at = new Map(sorted.map((f, i) => [f, i]));
    // projects keep their order (groupOrder, then name): each ranks by its first file's place
    const projectAt = new Map<string, number>();
    for (const [i, f] of sorted.entries()) if (!projectAt.has(f.project.name)) projectAt.set(f.project.name, i);
    const rank = (f: TestSpecification) => [
      projectAt.get(f.project.name) ?? 0,
      LONG_FILES.some((re) => re.test(f.moduleId)) ? 0 : 1,
      at.get(f) ?? 0,
    ];
    return [...sorted].sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return (ra[0] ?? 0) - (rb[0] ?? 0) || (ra[1] ?? 0) - (rb[1] ?? 0) || (ra[2] ?? 0) - (rb[2] ?? 0);
    });
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: "domain",
          sequence: { groupOrder: 0 },
          include: ["packages/domain/src/**/*.test.ts"],
        },
      },
      {
        test: { name: "bench", sequence: { groupOrder: 0 }, include: ["bench/src/**/*.test.ts"] },
      },
      {
        test: {
          name: "web",
          sequence: { groupOrder: 0 },
          environment: "jsdom",
          // files share a worker's modules (test/setup.ts empties the page, storage and Mantine's
          // notifications for each): a fresh jsdom and Mantine per file took 87 s for 18 s of tests
          isolate: false,
          // a test may wait 5 s for what it looks for (test/setup.ts), so it gets more than 5 s in all
          testTimeout: 20_000,
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["apps/web/test/setup.ts"],
        },
      },
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
        test: {
          name: "server",
          sequence: { groupOrder: 1 },
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // each file has its own database (PGlite takes a few hundred MB): a worker more than the
          // cores, as the files wait on PostgreSQL and timers about a fifth of their time (decision 0103)
          maxWorkers: Math.max(2, availableParallelism() + 1),
          // files share a worker's modules: each file starts its own server and database, and
          // loading the server once per file was a fifth of the suite's time
          isolate: false,
        },
      },
      {
        // the fuzz suite asserts answer times: it runs alone, after every other project (decision 0420)
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
        test: {
          name: "fuzz",
          sequence: { groupOrder: 2 },
          include: ["apps/server/src/fuzz/**/*.fuzz.ts"],
          globalSetup: ["apps/server/src/fuzz/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
