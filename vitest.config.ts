import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

// graphql 16 ships CJS (main) and ESM (module); Node loads the CJS one for the
// libraries, so our code must get the same copy or types come from two realms.
const graphqlCjs = createRequire(import.meta.url).resolve("graphql");

export default defineConfig({
  test: {
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
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["apps/web/test/setup.ts"],
        },
      },
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
        test: {
          name: "server",
          sequence: { groupOrder: 1 },
          include: ["apps/server/src/**/*.test.ts"],
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // each file has its own database; PGlite is memory-hungry, so keep two at a time
          maxWorkers: 2,
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
