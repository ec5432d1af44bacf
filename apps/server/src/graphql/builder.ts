import SchemaBuilder from "@pothos/core";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { GraphQLError } from "graphql";
import { type Scopes, scopesFor } from "../access/scopes.ts";
import type { Context } from "./context.ts";

export const builder = new SchemaBuilder<{
  Context: Context;
  AuthScopes: Scopes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => scopesFor(ctx.viewer),
    unauthorizedError: () => new GraphQLError("You are not allowed to do this.", { extensions: { code: "FORBIDDEN" } }),
  },
});

builder.scalarType("DateTime", {
  serialize: (v) => (v instanceof Date ? v.toISOString() : String(v)),
  parseValue: (v) => {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) throw new GraphQLError("must be a date and time (ISO 8601)");
    return d;
  },
});

builder.scalarType("JSON", { serialize: (v) => v, parseValue: (v) => v });

builder.queryType({});
builder.mutationType({});

/** A client mistake the caller can fix: shown as is, with the field it concerns. */
export function userError(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", ...(field ? { field } : {}) } });
}

export function notFound(what: string): GraphQLError {
  return new GraphQLError(`${what} not found`, { extensions: { code: "NOT_FOUND" } });
}
