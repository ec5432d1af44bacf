import { addDays, isAdmin, offlineCodeAt, ROLES } from "@rollbook/domain";
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isNonNullType,
  isObjectType,
} from "graphql";
import { KINDS, type Kind, type Row, sample, type ViewerWorld } from "./tenant-matrix-world.ts";

/**
 * Test helper of tenant-matrix.test.ts: the calls of the matrix, made from the schema. Each
 * case names one foreign row in one argument; the other arguments name rows the viewer sees,
 * so that the foreign row is the only reason to refuse.
 */
export const MAX_DEPTH = 4; // the root type is 1: page -> row -> relation -> its relation

const UUID_KINDS = KINDS.filter((k) => ["course", "event", "team", "student"].includes(k));
/** `<prefix>_id` + `<prefix>_type` arguments and fields: which kinds the pair can name */
const POLYMORPHIC: Record<string, Kind[]> = {
  attendable: ["course", "event"],
  tileable: ["course", "event", "team"],
  taskable: ["attendance"],
  relation: ["course", "event", "team"],
  // the generic link calls (decision 0700)
  attachable: ["course", "event", "team", "travel"],
  assignable: ["course", "event", "team", "student"],
};
const NAMED_KINDS: Kind[] = ["course", "event", "team", "student"];

/** The kind an object type's `id` is, by the end of its name (Student, TaskStudent, CourseLocation...). */
export function kindOfType(typeName: string): Kind | null {
  if (typeName === "Me") return "user";
  if (typeName === "SchoolClosure") return "closure";
  const match = KINDS.filter((k) => typeName.endsWith(k[0]?.toUpperCase() + k.slice(1)));
  return match.sort((a, b) => b.length - a.length)[0] ?? null;
}

/** A selection as a tree: a leaf field, or a field (or inline fragment) with its own selection. */
interface Sel {
  label: string;
  children?: Sel[];
}

/** Every field of a type to MAX_DEPTH, with __typename; fields that need arguments are left out. */
function selectionTree(type: GraphQLOutputType, schema: GraphQLSchema, depth = 1): Sel[] | null {
  const named = getNamedType(type);
  if (isLeafType(named)) return [];
  if (depth > MAX_DEPTH) return null;
  if (isAbstractType(named)) {
    return [
      { label: "__typename" },
      ...schema.getPossibleTypes(named).map((t) => ({
        label: `... on ${t.name}`,
        children: selectionTree(t, schema, depth) ?? [{ label: "__typename" }],
      })),
    ];
  }
  if (!isObjectType(named)) return null;
  const parts: Sel[] = [{ label: "__typename" }];
  for (const f of Object.values(named.getFields())) {
    if (f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const sub = selectionTree(f.type, schema, depth + 1);
    if (sub === null) continue;
    parts.push(sub.length === 0 ? { label: f.name } : { label: f.name, children: sub });
  }
  return parts;
}

const render = (list: Sel[]): string =>
  `{ ${list.map((x) => (x.children ? `${x.label} ${render(x.children)}` : x.label)).join(" ")} }`;

export function selectionOf(type: GraphQLOutputType, schema: GraphQLSchema, depth = 1): string | null {
  const tree = selectionTree(type, schema, depth);
  if (tree === null) return null;
  return tree.length === 0 ? "" : render(tree);
}

/**
 * The cost graphql-armor gives a selection (graphql/limits.ts: a leaf 1, an object 2 plus 1.5
 * times its children). Selecting every field of a row with many relations goes over the limit:
 * such a selection is split into several documents, each under it, that together ask for all.
 */
const OBJECT_COST = 2;
const LEAF_COST = 1;
const DEPTH_FACTOR = 1.5;
export const COST_BUDGET = 480; // under MAX_COST (500)

const costOf = (x: Sel): number =>
  x.children ? OBJECT_COST + DEPTH_FACTOR * x.children.reduce((n, c) => n + costOf(c), 0) : LEAF_COST;

/** Variants of a node, each within `budget`, whose children together are all of the node's. */
function split(x: Sel, budget: number): Sel[] {
  if (!x.children || costOf(x) <= budget) return [x];
  const inner = (budget - OBJECT_COST) / DEPTH_FACTOR;
  // __typename and id stay in every variant: a row must still be recognisable
  const keep = x.children.filter((c) => !c.children && (c.label === "__typename" || c.label === "id"));
  const room = inner - keep.length * LEAF_COST;
  const pieces = x.children.filter((c) => !keep.includes(c)).flatMap((c) => split(c, room));
  const groups: Sel[][] = [];
  let current: Sel[] = [];
  let used = 0;
  for (const p of pieces) {
    const c = costOf(p);
    if (current.length && used + c > room) {
      groups.push(current);
      current = [];
      used = 0;
    }
    current.push(p);
    used += c;
  }
  if (current.length) groups.push(current);
  return groups.map((g) => ({ label: x.label, children: [...keep, ...g] }));
}

export interface Slot {
  /** the argument that names the row (an id, a uuid, an e-mail, a search text) */
  arg: string;
  how: "id" | "uuid" | "email" | "text" | "school_identifier";
  kinds: Kind[];
  /** the sibling argument that says which kind (`attendable_type`, `relation`, `type`) */
  typeArg?: string;
}

export function slotsOf(field: GraphQLField<unknown, unknown>): Slot[] {
  const names = new Set(field.args.map((a) => a.name));
  const slots: Slot[] = [];
  for (const a of field.args) {
    // an `_id` that is not a number (a location's place_id, beacons' factory_ids) names no row
    const idLike = /^(.+)_(id|ids|uuid)$/.exec(a.name);
    const m = idLike && (idLike[2] === "uuid" || getNamedType(a.type).name === "Int") ? idLike : null;
    // `student_school_ids` name students by their school-given identifier, not a row id
    if (a.name.endsWith("_school_ids")) slots.push({ arg: a.name, how: "school_identifier", kinds: ["student"] });
    else if (m) {
      const [, prefix = "", what] = m;
      const typeArg = [`${prefix}_type`, prefix].find((n) => names.has(n) && n !== a.name);
      const kinds = KINDS.includes(prefix as Kind)
        ? [prefix as Kind]
        : (POLYMORPHIC[prefix] ?? (what === "uuid" ? UUID_KINDS : KINDS));
      slots.push({ arg: a.name, how: what === "uuid" ? "uuid" : "id", kinds, typeArg });
    } else if (a.name === "id") {
      const typeArg = names.has("type") ? "type" : undefined;
      const described = KINDS.find((k) => a.description?.includes(`${k}'s id`));
      const returned = kindOfType(getNamedType(field.type).name);
      const kinds = typeArg ? UUID_KINDS : described ? [described] : returned ? [returned] : KINDS;
      slots.push({ arg: "id", how: "id", kinds, typeArg });
    } else if (a.name === "uuid") slots.push({ arg: "uuid", how: "uuid", kinds: UUID_KINDS });
    // an e-mail names a user or invitation; on a participant's own fields, the viewer's own
    // profile (which answers Me) or the school's settings, it is just their new address
    else if (
      a.name === "email" &&
      getNamedType(field.type).name !== "Me" &&
      !["student", "school"].includes(kindOfType(getNamedType(field.type).name) ?? "")
    )
      slots.push({ arg: "email", how: "email", kinds: ["user", "invitation"] });
    else if (a.name === "query" && getNamedType(a.type).name === "String")
      slots.push({ arg: "query", how: "text", kinds: NAMED_KINDS });
  }
  return slots;
}

export interface Case {
  /** e.g. "student 12 (of the other school)" */
  label: string;
  variables: Record<string, unknown>;
  /** a list called without filters: walk every page */
  unfiltered: boolean;
}

const argOf = (field: GraphQLField<unknown, unknown>, name: string) =>
  field.args.find((a) => a.name === name) as GraphQLArgument;

export const argValue = (r: Row, how: Slot["how"]) =>
  how === "uuid"
    ? r.uuid
    : how === "email"
      ? r.email
      : how === "text"
        ? r.name
        : how === "school_identifier"
          ? r.school_identifier
          : r.id;

/** A row the viewer sees for a slot, linked to the case's row where there is one (its student, its course). */
function companion(w: ViewerWorld, slot: Slot, foreign: Row): Row | undefined {
  for (const kind of slot.kinds) {
    const visible = w.visible.get(kind) ?? [];
    if (!visible.length) continue;
    const link =
      kind === "student" && (foreign.kind === "course" || foreign.kind === "event" || foreign.kind === "team")
        ? (w.links.get(`student_${foreign.kind}`) ?? []).filter(([, x]) => x === foreign.id).map(([s]) => s)
        : (kind === "course" || kind === "event" || kind === "team") && foreign.kind === "student"
          ? (w.links.get(`student_${kind}`) ?? []).filter(([s]) => s === foreign.id).map(([, x]) => x)
          : [];
    return visible.find((r) => link.includes(r.id)) ?? visible[0];
  }
  return undefined;
}

/**
 * The school reports (issue 12) some roles may not open (decisions.md): Beacon, Presence and
 * Facility admin roles only, Token with reset_token; their plain call is rightly refused to others.
 */
export const SCHOOL_REPORT_ROLES: Record<string, (roleId: number) => boolean> = {
  tokenReport: (id) => ROLES.find((r) => r.id === id)?.permissions.reset_token === true,
  beaconReport: isAdmin,
  presenceReport: isAdmin,
  facilityReport: isAdmin,
};

/** A plausible value for an argument that names no row; optional ones are left out (they would filter). */
export function filler(arg: GraphQLArgument, list: boolean, student: Row | undefined, password: string): unknown {
  if (arg.name === "per_page") return list ? 250 : undefined;
  if (!isNonNullType(arg.type)) return undefined;
  switch (arg.name) {
    case "code":
      return student?.offline_code ? offlineCodeAt(student.offline_code, new Date()) : "000000";
    case "password":
    case "current_password":
      return password;
    case "new_password":
      return "Matrix-new-password-9";
    case "status":
      return 4;
    case "role_id":
      return 9;
    // a report's range: the widest it takes (two years), around today, where the world's rows are
    case "start_date":
      return addDays(new Date().toISOString().slice(0, 10), -365);
    case "end_date":
      return addDays(new Date().toISOString().slice(0, 10), 365);
    // the Student report's kind of sessions, when its attendable_uuid is not the slot under test
    case "attendable_type":
      return "course";
    // the Setup report's mode (issue 12): a real one, so only the row refuses
    case "mode":
      return "no_device";
  }
  const type = getNamedType(arg.type);
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) return {};
  return { Int: 987654, Float: 1.5, Boolean: false, DateTime: "2000-01-01T00:00:00Z" }[type.name] ?? "Matrix";
}

/** The cases of one root field for one viewer. */
export function casesOf(
  field: GraphQLField<unknown, unknown>,
  w: ViewerWorld,
  password: string,
): { cases: Case[]; skipped: string[] } {
  // a page ({ total data }) is walked to its end; other calls with per_page (search) keep their default
  const named = getNamedType(field.type);
  const list = field.args.some((a) => a.name === "per_page") && isObjectType(named) && "total" in named.getFields();
  const slots = slotsOf(field);
  const cases: Case[] = [];
  const skipped: string[] = [];
  const build = (label: string, chosen: Map<Slot, Row>, unfiltered: boolean) => {
    const variables: Record<string, unknown> = {};
    const student = [...chosen.values()].find((r) => r.kind === "student");
    for (const [slot, r] of chosen) {
      variables[slot.arg] = argValue(r, slot.how);
      if (slot.typeArg) variables[slot.typeArg] = r.kind;
    }
    for (const a of field.args) {
      if (a.name in variables) continue;
      const v = filler(a, list, student, password);
      if (v !== undefined) variables[a.name] = v;
    }
    cases.push({ label, variables, unfiltered });
  };
  // a page of one row's report (courseReport(uuid), teamReport(uuid)...) has no plain call: an
  // unfiltered call would only name no row and be refused, so every case names one
  const namesOneRow = slots.some((sl) => sl.how === "uuid" && isNonNullType(argOf(field, sl.arg).type));
  if ((list && !namesOneRow) || slots.length === 0) build(list ? "no filter" : "no arguments", new Map(), list);
  for (const slot of slots) {
    for (const kind of slot.kinds) {
      const rows = sample(w, kind, slot.how === "text" ? 1 : 2).filter((r) => argValue(r, slot.how) != null);
      if (!rows.length) skipped.push(`${field.name}(${slot.arg}): no foreign ${kind} for this viewer`);
      for (const r of rows) {
        const chosen = new Map<Slot, Row>([[slot, r]]);
        for (const other of slots) {
          // a required id gets a row the viewer sees; an optional one is left out (it would only narrow)
          if (other === slot || other.how !== "id" || !isNonNullType(argOf(field, other.arg).type)) continue;
          const c = companion(w, other, r);
          if (c) chosen.set(other, c);
        }
        build(`${slot.arg} = ${kind} ${r.id} (${r.origin})`, chosen, false);
      }
    }
  }
  return { cases, skipped };
}

/**
 * The documents of a root field with every argument as a variable: one, or several when
 * selecting everything at once would cost more than the limit (each under it, together all).
 */
export function documentsOf(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>, schema: GraphQLSchema) {
  const vars = field.args.map((a) => `$${a.name}: ${String(a.type)}`);
  const args = field.args.map((a) => `${a.name}: $${a.name}`);
  const head = `${field.name}${args.length ? `(${args.join(", ")})` : ""}`;
  const tree = selectionTree(field.type, schema) ?? [{ label: "__typename" }];
  const roots = tree.length === 0 ? [{ label: head }] : split({ label: head, children: tree }, COST_BUDGET);
  return roots.map(
    (root) =>
      `${kind} Matrix${vars.length ? `(${vars.join(", ")})` : ""} { ${root.children ? `${root.label} ${render(root.children)}` : root.label} }`,
  );
}

/** The first of documentsOf (a mutation is called once per case). */
export const documentOf = (kind: "query" | "mutation", field: GraphQLField<unknown, unknown>, schema: GraphQLSchema) =>
  documentsOf(kind, field, schema)[0] as string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every place in an answer that names a foreign row: its uuid, or an entity's id, or a foreign key into another school, or a text it must not see. */
export function leaksIn(value: unknown, w: ViewerWorld, path = "data"): string[] {
  if (typeof value === "string") {
    if (w.foreignTexts.has(value)) return [`${path} = ${w.foreignTexts.get(value)}`];
    return UUID.test(value) && w.foreignUuids.has(value)
      ? [`${path} = uuid of ${describe(w.foreignUuids.get(value) as Row)}`]
      : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => leaksIn(v, w, `${path}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const obj = value as Record<string, unknown>;
  const out: string[] = [];
  const typename = typeof obj.__typename === "string" ? obj.__typename : null;
  const kind = typename ? kindOfType(typename) : null;
  if (kind && typeof obj.id === "number") {
    const r = w.foreignIds.get(kind)?.get(obj.id);
    if (r) out.push(`${path}: ${typename} ${obj.id} is ${describe(r)}`);
  }
  for (const [key, v] of Object.entries(obj)) {
    const m = /^(.+)_id$/.exec(key);
    if (m && typeof v === "number") {
      const prefix = m[1] as string;
      const fkKind = (typeof obj[`${prefix}_type`] === "string" ? obj[`${prefix}_type`] : prefix) as Kind;
      if (w.otherSchoolIds.get(fkKind)?.has(v)) out.push(`${path}.${key} = ${v}, a ${fkKind} of the other school`);
    }
    if (v && typeof v === "object") out.push(...leaksIn(v, w, `${path}.${key}`));
    else if (typeof v === "string") out.push(...leaksIn(v, w, `${path}.${key}`));
  }
  return out;
}

const describe = (r: Row) => `${r.kind} ${r.id} (${r.origin})`;
