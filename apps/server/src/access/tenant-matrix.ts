import { canManageUsers, isAdmin, mayRunTeams, ROLES } from "@rollbook/domain";
import type { GraphQLField } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, type DbKind, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { buildSchema } from "../graphql/schema.ts";
import { ChangeLog } from "./tenant-matrix-changes.ts";
import { casesOf, documentsOf, leaksIn, SCHOOL_REPORT_ROLES } from "./tenant-matrix-ops.ts";
import {
  addEndedAssignments,
  type Kind,
  loadEverything,
  rowsOf,
  type ViewerWorld,
  worldOf,
} from "./tenant-matrix-world.ts";

/**
 * The tenant and role matrix (issue 8 point 6, decision 0430): every root field of the
 * schema, as each of the 9 demo roles of the first school and with the search token, is
 * called with the ids, uuids, e-mails and names of rows the caller must not reach (the second
 * school's, and for roles 5-9 their own school's rows not assigned to them). No answer may
 * name such a row, nor hold the pending e-mail address of a user the caller may not edit (every
 * user has one here), and no mutation may change the database (audit rows aside).
 *
 * One part of it runs per test file (tenant-matrix-*.test.ts): the whole matrix was one file of
 * four minutes, the longest pole of the suite; in parts the test workers share it.
 */
const schema = buildSchema();
const queryFields = Object.values(schema.getQueryType()?.getFields() ?? {});
const mutationFields = Object.values(schema.getMutationType()?.getFields() ?? {});

/** What the decisions allow that the matrix would otherwise report. */
const SEES_EVERY_SCHOOL: Record<string, Kind[]> = { schools: ["school", "closure"] }; // role 1's lookup
/** Queries only some roles may call (decisions): a refusal of the plain call is right for the others. */
const ROLE_LIMITED: Record<string, (roleId: number) => boolean> = {
  travel: mayRunTeams,
  ...SCHOOL_REPORT_ROLES,
  users: (roleId) => roleId <= 7, // /Users: admin roles, advisor, professor, coach (spec section 2)
  invitations: (roleId) => canManageUsers(roleId), // only those who may invite (decision 0950)
  locations: isAdmin, // Settings: admin roles (decision 0960)
  imports: isAdmin, // Settings, Imports tab: admin roles (decision 0970)
  technical: isAdmin, // Settings, Technical tab: admin roles (decision 0965)
};
/** Tables a refused (or legitimately allowed) mutation may add rows to, in the caller's school. */
const MAY_ADD: Record<string, string[]> = {
  "*": ["audit_log"], // refusals may be audited (failed offline codes are)
  // inviting the address of another school's open invitation invites it into the caller's school
  inviteUser: ["invitations", "mail_outbox"],
  // called without a foreign row (it names none): adds a participant to the caller's school
  createStudent: ["students", "user_student"],
  // the same: a new course, event or team of the caller's school, assigned to its creator
  createCourse: ["courses", "user_course"],
  createEvent: ["events", "user_event"],
  createTeam: ["teams", "user_team"],
  // the same: a new location of the caller's school, and (role 1) a new school (decision 0960)
  createLocation: ["locations"],
  createSchool: ["schools"],
};
/** Refusals and input errors: anything else (a limit, an internal error) means the case proved nothing. */
const REFUSALS = new Set(["FORBIDDEN", "NOT_FOUND", "BAD_USER_INPUT"]);

interface Actor {
  name: string;
  roleId: number;
  token: string;
  world: ViewerWorld;
}

function without(w: ViewerWorld, kinds: Kind[]): ViewerWorld {
  const foreignIds = new Map(w.foreignIds);
  const otherSchoolIds = new Map(w.otherSchoolIds);
  for (const k of kinds) {
    foreignIds.set(k, new Map());
    otherSchoolIds.set(k, new Set());
  }
  return { ...w, foreignIds, otherSchoolIds };
}

/**
 * One database: the matrix tries access rules, which are the same SQL on both, and it was a fifth
 * of the suite's time on each. PostgreSQL when the run has one (production's), else PGlite.
 */
export const MATRIX_DATABASE: DbKind = DATABASES.includes("postgres") ? "postgres" : "pglite";

/**
 * Which calls a file runs: the queries of some callers (in demo role order, the search token after
 * role 3), or one half of the mutations (in schema order) as every caller.
 */
export type MatrixPart = { kind: "queries"; callers: [from: number, to: number] } | { kind: "mutations"; half: 1 | 2 };

/** The mutations of one half: the halves together are every mutation, each once. */
export function mutationsOf(half: 1 | 2) {
  const cut = Math.ceil(mutationFields.length / 2);
  return half === 1 ? mutationFields.slice(0, cut) : mutationFields.slice(cut);
}

export function describeTenantMatrix(dbKind: DbKind, part: MatrixPart) {
  const title =
    part.kind === "queries"
      ? `queries of callers ${part.callers[0] + 1}-${part.callers[1]}`
      : `mutations, half ${part.half}`;
  describe(`tenant and role matrix on ${dbKind}: ${title}`, () => {
    let srv: TestServer;
    const actors: Actor[] = [];
    const counts = { cases: 0, mutationCases: 0, requests: 0, skipped: [] as string[], odd: new Map<string, number>() };

    beforeAll(async () => {
      srv = await startServer(dbKind);
      const db = srv.database.db;
      const first = await srv.login("master_admin");
      const firstSchool = first.user.school_id as number;
      const users = await rowsOf<{ id: number; school_id: number; role_id: number }>(
        db,
        `select id, school_id, role_id from users where school_id = ${firstSchool}`,
      );
      await addEndedAssignments(db, await loadEverything(db), users);
      const all = await loadEverything(db);
      const others = all.rows.get("school")?.filter((s) => s.id !== firstSchool) ?? [];
      expect(others.length, "the demo data has a second school").toBeGreaterThan(0);
      for (const role of ROLES) {
        const t = await srv.login(role.name);
        const world = worldOf(all, { id: t.user.id, school_id: t.user.school_id, role_id: role.id });
        actors.push({ name: `role ${role.id} (${role.name})`, roleId: role.id, token: t.access_token, world });
        if (role.id === 3) {
          const searchWorld = worldOf(all, { id: t.user.id, school_id: t.user.school_id, role_id: role.id }, "search");
          actors.push({ name: "search token", roleId: 3, token: t.search_token, world: searchWorld });
        }
      }
      // roles 5-9 must have own-school rows not assigned to them, or the matrix proves little for them
      for (const a of actors.filter((x) => x.roleId >= 5))
        for (const kind of ["course", "event", "team", "student", "attendance"] as Kind[])
          expect(
            a.world.foreign.get(kind)?.some((r) => r.origin !== "of the other school"),
            `${a.name} has ${kind} rows of its school not assigned to it`,
          ).toBe(true);
    }, 120_000);

    afterAll(async () => {
      await srv?.close();
      const odd = [...counts.odd].map(([k, n]) => `${k} x${n}`);
      console.log(
        `tenant matrix (${dbKind}): ${queryFields.length + mutationFields.length} root fields (${queryFields.length} queries, ${mutationFields.length} mutations), ${actors.length} callers, ${counts.cases} role x field x foreign-row cases (${counts.cases - counts.mutationCases} query, ${counts.mutationCases} mutation), ${counts.requests} requests` +
          (counts.skipped.length ? `\n  skipped: ${[...new Set(counts.skipped)].join("; ")}` : "") +
          (odd.length ? `\n  answers other than a refusal: ${odd.join("; ")}` : ""),
      );
    });

    /** One call; its problems (5xx, an unexpected error code) are returned, its refusals counted. */
    async function call(a: Actor, field: GraphQLField<unknown, unknown>, doc: string, vars: Record<string, unknown>) {
      const res = await srv.gql(a.token, doc, vars);
      counts.requests++;
      const problems: string[] = [];
      if (res.status >= 500) problems.push(`HTTP ${res.status}`);
      for (const e of res.body.errors ?? []) {
        const code = String(e.extensions?.code ?? "no code");
        if (!REFUSALS.has(code)) {
          counts.odd.set(`${field.name}: ${code}`, (counts.odd.get(`${field.name}: ${code}`) ?? 0) + 1);
          if (code === "INTERNAL_SERVER_ERROR" || code === "no code") problems.push(`${code}: ${e.message}`);
        }
      }
      return { res, problems };
    }

    if (part.kind === "queries")
      it("no query answers a row of the other school or one not assigned to the caller", async () => {
        const leaks: string[] = [];
        // queries write nothing the matrix checks, so the callers run side by side
        const runActor = async (a: Actor) => {
          for (const field of queryFields) {
            const docs = documentsOf("query", field, schema);
            const exempt = a.roleId === 1 ? SEES_EVERY_SCHOOL[field.name] : undefined;
            const world = exempt ? without(a.world, exempt) : a.world;
            const { cases, skipped } = casesOf(field, a.world, TEST_PASSWORD);
            counts.skipped.push(...skipped.map((s) => `${a.name}: ${s}`));
            for (const c of cases) {
              counts.cases++;
              // every part of a selection split under the cost limit, every page
              for (const [part, doc] of docs.entries())
                for (let page = 1; page <= 40; page++) {
                  const vars = c.unfiltered ? { ...c.variables, page } : c.variables;
                  const { res, problems } = await call(a, field, doc, vars);
                  const where = `${field.name}${docs.length > 1 ? ` (part ${part + 1}/${docs.length})` : ""} as ${a.name}, ${c.label}${c.unfiltered ? ` page ${page}` : ""}`;
                  leaks.push(...problems.map((p) => `${where}: ${p}`));
                  // a refused plain call would make the check vacuous: every query is open to every role
                  const mayCall = ROLE_LIMITED[field.name]?.(a.roleId) ?? true;
                  if (c.label.startsWith("no ") && a.name !== "search token" && mayCall && res.body.errors?.length)
                    leaks.push(`${where}: refused (${res.body.errors.map((e) => e.message).join("; ")})`);
                  leaks.push(...leaksIn(res.body.data, world).map((l) => `${where}: ${l}`));
                  const rows = (res.body.data?.[field.name] as { data?: unknown[] } | undefined)?.data;
                  if (!c.unfiltered || !Array.isArray(rows) || rows.length < 250) break;
                }
            }
          }
        };
        const [from, to] = part.kind === "queries" ? part.callers : [0, 0];
        const callers = actors.slice(from, to);
        expect(callers.length, "the part names callers").toBeGreaterThan(0);
        for (let i = 0; i < callers.length; i += 3) await Promise.all(callers.slice(i, i + 3).map(runActor));
        expect(leaks).toEqual([]);
      }, 300_000);

    if (part.kind === "mutations")
      it("no mutation on a foreign row changes the database or answers the row", async () => {
        const log = new ChangeLog(srv.database.db);
        expect(await log.install()).toBeGreaterThan(20);
        await log.take();
        const wrong: string[] = [];
        const fields = mutationsOf(part.half);
        expect(fields.length, "the half names mutations").toBeGreaterThan(0);
        for (const field of fields) {
          // a refused call changes nothing, so each part of a split selection is a call of its own
          const docs = documentsOf("mutation", field, schema);
          const mayAdd = [...(MAY_ADD["*"] ?? []), ...(MAY_ADD[field.name] ?? [])];
          for (const a of actors) {
            const { cases, skipped } = casesOf(field, a.world, TEST_PASSWORD);
            counts.skipped.push(...skipped.map((s) => `${a.name}: ${s}`));
            for (const c of cases) {
              for (const [part, doc] of docs.entries()) {
                const where = `${field.name}${docs.length > 1 ? ` (part ${part + 1}/${docs.length})` : ""} as ${a.name}, ${c.label}`;
                if (a.roleId === 1 && field.name === "switchSchool") {
                  // role 1 may switch into every school (decisions, "Roles and what they see")
                  counts.skipped.push(`${where}: allowed to role 1`);
                  continue;
                }
                counts.cases++;
                counts.mutationCases++;
                const { res, problems } = await call(a, field, doc, c.variables);
                wrong.push(...problems.map((p) => `${where}: ${p}`));
                wrong.push(...leaksIn(res.body.data, a.world).map((l) => `${where}: answered ${l}`));
                for (const ch of await log.take()) {
                  const row = `${ch.op} ${ch.tbl} ${ch.row_id ?? ""}`.trim();
                  if (ch.op !== "INSERT" || !mayAdd.includes(ch.tbl)) wrong.push(`${where}: ${row}`);
                  else if (ch.school_id !== null && ch.school_id !== a.world.schoolId)
                    wrong.push(`${where}: ${row} in school ${ch.school_id}`);
                }
              }
            }
          }
        }
        expect(wrong).toEqual([]);
      }, 300_000);
  });
}
