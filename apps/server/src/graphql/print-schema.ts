import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { printSchema } from "graphql";
import { buildSchema } from "./schema.ts";

/** Writes the committed schema.graphql; a test fails when it is out of date. */
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../schema.graphql");
fs.writeFileSync(out, `${printSchema(buildSchema())}\n`);
console.log(`wrote ${out}`);
