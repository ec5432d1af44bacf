import type { Db } from "../db/client.ts";
import type { Services } from "../services.ts";
import { Scoped } from "./scoped.ts";

/**
 * The raw database behind a viewer's scope, for feature modules that write after they have
 * found their target through the scope (engine calls, tokens, audit rows). GraphQL resolvers
 * may not import this file (biome.json, noRestrictedImports): they read through Scoped.
 */
export function systemOf(scoped: Scoped): { db: Db; s: Services } {
  return Scoped.unwrap(scoped);
}
