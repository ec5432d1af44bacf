import fs from "node:fs";
import { printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { buildSchema } from "./schema.ts";

// the web app's types are generated from the committed schema: it must be the one the server builds
describe("the committed schema.graphql", () => {
  it("is what the server builds (run `npm run schema:print` after changing the schema)", () => {
    const committed = fs.readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8");
    expect(committed).toBe(`${printSchema(buildSchema())}\n`);
  });
});
