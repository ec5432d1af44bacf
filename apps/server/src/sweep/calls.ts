import fs from "node:fs";
import path from "node:path";
import { buildSchema, type GraphQLField, getNamedType, isListType, isNonNullType } from "graphql";
import { ROOT } from "../../test/template.ts";
import { argValue, filler, MAX_DEPTH, selectionOf, slotsOf } from "../access/tenant-matrix-ops.ts";
import type { Row, ViewerWorld } from "../access/tenant-matrix-world.ts";
import { hostileFor, labelOf } from "./values.ts";

/**
 * The calls of the attacker's sweep (decision 0421), made from the printed schema so that a new
 * root field is swept without a change here: for each field a baseline of valid-shaped arguments
 * (its required ones, naming rows the caller sees), then the baseline with one argument at a time
 * replaced by each hostile value of its type.
 */
export const schema = buildSchema(fs.readFileSync(path.join(ROOT, "apps/server/schema.graphql"), "utf8"));

export interface RootField {
  op: "query" | "mutation";
  field: GraphQLField<unknown, unknown>;
  document: string;
}

export const ROOT_FIELDS: RootField[] = [
  ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({ op: "query" as const, field })),
  ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({ op: "mutation" as const, field })),
].map(({ op, field }) => ({ op, field, document: documentOf(op, field) }));

/** Every argument as a variable, and the answer's leaves two levels down (a page's rows). */
function documentOf(op: string, field: GraphQLField<unknown, unknown>) {
  const decl = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
  const call = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = selectionOf(field.type, schema, MAX_DEPTH - 1) ?? "{ __typename }";
  return `${op} Sweep${decl ? `(${decl})` : ""} { ${field.name}${call ? `(${call})` : ""} ${selection} }`;
}

/**
 * Valid-shaped required arguments: an id, uuid or e-mail of a row the caller sees (never a user
 * of the sweep's own callers, whom a removal or sign-out would lock out), else a plausible value.
 */
export function baselineOf(
  field: GraphQLField<unknown, unknown>,
  world: ViewerWorld,
  spare: Set<number>,
  password: string,
): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  const slots = slotsOf(field);
  let student: Row | undefined;
  for (const a of field.args) {
    if (!isNonNullType(a.type)) continue;
    const slot = slots.find((s) => s.arg === a.name);
    if (slot) {
      for (const kind of slot.kinds) {
        const row = (world.visible.get(kind) ?? []).find(
          (r) => argValue(r, slot.how) != null && !(kind === "user" && spare.has(r.id)),
        );
        if (!row) continue;
        if (kind === "student") student = row;
        const value = argValue(row, slot.how);
        vars[a.name] = isListType(a.type.ofType) ? [value] : value;
        if (slot.typeArg) vars[slot.typeArg] = kind;
        break;
      }
    }
  }
  for (const a of field.args)
    if (isNonNullType(a.type) && !(a.name in vars)) {
      const v = filler(a, false, student, password);
      vars[a.name] = isListType(a.type.ofType) && !Array.isArray(v) ? [v] : v;
    }
  return vars;
}

export interface Variant {
  /** e.g. `title = "x..." (100000 chars)`, or `baseline` */
  label: string;
  /** the argument replaced, if any */
  arg?: string;
  variables: Record<string, unknown>;
}

/** The baseline alone, and with each argument replaced by each hostile value of its type. */
export function variantsOf(field: GraphQLField<unknown, unknown>, baseline: Record<string, unknown>): Variant[] {
  const out: Variant[] = [];
  for (const a of field.args)
    for (const v of hostileFor(String(a.type)))
      out.push({ label: `${a.name} = ${labelOf(v)}`, arg: a.name, variables: { ...baseline, [a.name]: v } });
  // last: a baseline that succeeds (a removal) leaves nothing for the variants to reach
  out.push({ label: "baseline", variables: baseline });
  return out;
}

export const argNames = (field: GraphQLField<unknown, unknown>) => field.args.map((a) => a.name);
export const namedTypeOf = (field: GraphQLField<unknown, unknown>) => getNamedType(field.type).name;
