import { studentSearchText } from "@rollbook/domain";
import { eq, inArray, like, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personName } from "../../../../packages/domain/src/students/search-fold.arbitraries.ts";
import { loggingDb, plansAfter } from "../../test/explain.ts";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { Scoped } from "../access/scoped.ts";
import { type Viewer, viewerFrom } from "../access/viewer.ts";
import { resolveToken } from "../auth/tokens.ts";
import * as t from "../db/schema/index.ts";
import { importClient } from "../imports/import-test-client.ts";
import { orderOf, studentFilter } from "../students/filter.ts";
import { searchAll } from "./search.ts";

/**
 * The participants' search is blind to case and accents (decision 0613): the database folds each
 * student's "first last e-mail" into students.search_text (a generated column), the server folds
 * the term by the same rule (@rollbook/domain foldForSearch), and LIKE matches one inside the
 * other through the trigram index students_search_text_trgm.
 */

const SEARCH = `query S($q: String!, $n: Int) { search(query: $q, per_page: $n) { students { uuid firstName lastName } } }`;
const LIST = `query L($query: String, $state: String, $sort_by: String) {
  students(query: $query, state: $state, sort_by: $sort_by, per_page: 100) { total data { uuid first_name last_name } } }`;
const CREATE = `mutation($first_name: String!, $last_name: String!, $email: String) {
  createStudent(first_name: $first_name, last_name: $last_name, email: $email) { id uuid } }`;
const UPDATE = `mutation($id: Int!, $first_name: String, $last_name: String, $email: String) {
  updateStudent(id: $id, first_name: $first_name, last_name: $last_name, email: $email) { id } }`;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/**
 * The blocks names are written in, every code point: Latin (with IPA, the phonetic extensions and
 * Extended Additional), Greek, Cyrillic, Armenian, Hebrew, Arabic, Devanagari, Thai, Georgian,
 * Hangul, CJK, the combining marks, punctuation and letter-like symbols, the ligatures and the
 * full-width forms. Not the few letters Unicode 16 and 17 added (Latin Extended-D from U+A7CB,
 * Cyrillic U+1C89): JavaScript here knows them, PostgreSQL 15's tables do not yet.
 */
const CODE_POINTS = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0x6ff),
  ...range(0x900, 0x97f),
  ...range(0xe00, 0xe7f),
  ...range(0x10a0, 0x11ff),
  ...range(0x1ab0, 0x1aff),
  ...range(0x1d00, 0x218f),
  ...range(0x2c60, 0x2c7f),
  ...range(0x2de0, 0x2dff),
  ...range(0x3040, 0x30ff),
  ...range(0x4e00, 0x9fff),
  ...range(0xa640, 0xa69f),
  ...range(0xa720, 0xa7ca),
  ...range(0xac00, 0xd7a3),
  ...range(0xfb00, 0xfb4f),
  ...range(0xfe20, 0xfe2f),
  ...range(0xff00, 0xffef),
];

describe.each(DATABASES)("participants' search, blind to case and accents, on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  let adminSearch = "";
  let viewer: Viewer;
  let schoolId = 0;
  const db = () => srv.database.db;
  const importer = importClient(() => srv);

  /** The column's expression as the migration wrote it, evaluated over (first_name, last_name, email) rows. */
  const dbFold = async (rows: { first_name: string; last_name: string; email: string | null }[]) => {
    const r = (await db().execute(
      sql`select pg_get_expr(d.adbin, d.adrelid) as expr from pg_attrdef d join pg_attribute a
            on a.attrelid = d.adrelid and a.attnum = d.adnum
          where d.adrelid = 'students'::regclass and a.attname = 'search_text'`,
    )) as unknown as { rows: { expr: string }[] };
    const expr = r.rows[0]?.expr;
    expect(expr, "students.search_text is a generated column").toBeTruthy();
    const out: string[] = [];
    for (let i = 0; i < rows.length; i += 5000) {
      const chunk = rows.slice(i, i + 5000);
      const got = (await db().execute(
        sql`select ${sql.raw(expr as string)} as folded
            from unnest(${sql.param(chunk.map((x) => x.first_name))}::text[], ${sql.param(chunk.map((x) => x.last_name))}::text[],
                        ${sql.param(chunk.map((x) => x.email))}::text[]) with ordinality as students(first_name, last_name, email, n)
            order by n`,
      )) as unknown as { rows: { folded: string }[] };
      out.push(...got.rows.map((x) => x.folded));
    }
    return out;
  };

  const search = async (q: string, token = adminSearch) => {
    const r = await srv.gql<{ search: { students: { uuid: string; firstName: string; lastName: string }[] } }>(
      token,
      SEARCH,
      { q, n: 25 },
    );
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data!.search.students.map((s) => `${s.firstName} ${s.lastName}`);
  };
  /** the list as the Participants page, the pickers (active, by name) and the reports' picker (all) call it */
  const listed = async (query: string, state?: string) => {
    const r = await srv.gql<{ students: { total: number; data: { first_name: string; last_name: string }[] } }>(
      admin,
      LIST,
      { query, state, sort_by: "name" },
    );
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    const names = r.body.data!.students.data.map((s) => `${s.first_name} ${s.last_name}`);
    expect(r.body.data!.students.total).toBe(names.length);
    return names;
  };
  const student = async (first_name: string, last_name: string, email: string | null = null) => {
    const r = await srv.gql<{ createStudent: { id: number; uuid: string } }>(admin, CREATE, {
      first_name,
      last_name,
      email,
    });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data!.createStudent;
  };

  beforeAll(async () => {
    srv = await startServer(kind);
    const a = await srv.login("school_admin");
    admin = a.access_token;
    adminSearch = a.search_token;
    viewer = await viewerFrom(db(), (await resolveToken(db(), admin))!);
    schoolId = viewer.schoolId;
  });
  afterAll(() => srv?.close());

  it("the database folds as foldForSearch does: every code point of the names' scripts, alone and in a name", async () => {
    const known = new Set(CODE_POINTS);
    // a capital of an old letter may be one of those new ones ("ƛ" -> U+A7DC): then the letter itself
    const upper = (c: string) =>
      [...c.toUpperCase()].every((u) => known.has(u.codePointAt(0) as number)) ? c.toUpperCase() : c;
    const rows = CODE_POINTS.map((cp) => String.fromCodePoint(cp)).flatMap((c) => [
      { first_name: c, last_name: "", email: null },
      // between letters, and in capitals: a mark on the letter before it, a final sigma
      { first_name: `A${c}b`, last_name: `${upper(c)}Σ`, email: `x${c}@y` },
    ]);
    const got = await dbFold(rows);
    const wrong = rows
      .map((r, i) => ({ r, db: got[i], js: studentSearchText(r) }))
      .filter((x) => x.db !== x.js)
      .map(
        (x) =>
          `U+${x.r.first_name.codePointAt(0)?.toString(16)} ${JSON.stringify(x.r)}: db ${JSON.stringify(x.db)}, js ${JSON.stringify(x.js)}`,
      );
    expect(wrong.slice(0, 20), `${wrong.length} of ${rows.length} differ`).toEqual([]);
  });

  it("students written with generated names of many scripts: search_text is studentSearchText of each", async () => {
    const seed = Date.now();
    const names = fc.sample(fc.tuple(personName, personName, fc.option(personName)), { numRuns: 400, seed });
    const inserted = await db()
      .insert(t.students)
      .values(
        names.map(([first_name, last_name, mail], i) => ({
          school_id: schoolId,
          first_name,
          last_name,
          email: mail === null ? null : `${mail}@fold.test`,
          token: `fold-property-${i}`,
          offline_code: "X",
        })),
      )
      .returning();
    try {
      const wrong = inserted.filter((s) => s.search_text !== studentSearchText(s));
      expect(
        wrong.map((s) => [s.first_name, s.last_name, s.email, s.search_text]),
        `fast-check seed ${seed}`,
      ).toEqual([]);
      // and an update of the names refolds them
      await db()
        .update(t.students)
        .set({ first_name: sql`upper(${t.students.last_name})`, email: null })
        .where(like(t.students.token, "fold-property-%"));
      const updated = await db().select().from(t.students).where(like(t.students.token, "fold-property-%"));
      expect(updated).toHaveLength(400);
      expect(
        updated.filter((s) => s.search_text !== studentSearchText(s)).map((s) => [s.first_name, s.search_text]),
        `fast-check seed ${seed}`,
      ).toEqual([]);
    } finally {
      await db().delete(t.students).where(like(t.students.token, "fold-property-%"));
    }
  });

  it("the seeded schools' students (the demo seed) are folded too", async () => {
    const all = await db().select().from(t.students);
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((s) => s.search_text !== studentSearchText(s)).map((s) => s.id)).toEqual([]);
  });

  it("created through GraphQL: found without its accents or case, in global search, the list and the pickers", async () => {
    await student("Ángel", "Ñúñez", "angel.n@fold.test");
    await student("Émile", "Þórsdóttir", null);
    await student("Anaïs", "Nunez-Łukasz", null);
    for (const q of ["nunez", "NUNEZ", "Núñez", "ñúñez", "Ñúñez", "angel nun", "ANGEL ÑÚ"]) {
      const want = ["Ángel Ñúñez"];
      if (!q.toLowerCase().includes("angel")) want.push("Anaïs Nunez-Łukasz");
      expect((await search(q)).sort(), q).toEqual(want.sort());
      expect((await listed(q)).sort(), q).toEqual(want.sort());
      expect((await listed(q, "all")).sort(), q).toEqual(want.sort());
    }
    for (const q of ["emile", "EMILE", "Émile", "thorsdottir", "emile thor"]) {
      expect(await search(q), q).toEqual(["Émile Þórsdóttir"]);
      expect(await listed(q), q).toEqual(["Émile Þórsdóttir"]);
    }
    expect(await search("lukasz")).toEqual(["Anaïs Nunez-Łukasz"]);
    expect(await search("ANAIS")).toEqual(["Anaïs Nunez-Łukasz"]);
    // 1-2 letters: the start of a word, folded the same way
    expect(await search("ñu")).toEqual(["Ángel Ñúñez", "Anaïs Nunez-Łukasz"]);
    expect(await listed("nu")).toEqual(["Ángel Ñúñez", "Anaïs Nunez-Łukasz"]);
    expect(await listed("ÉM")).toEqual(["Émile Þórsdóttir"]);
    expect(await listed("ún")).toEqual([]);
    // a term of accents alone folds to nothing: it finds nobody (not everybody)
    expect(await search("\u0301")).toEqual([]);
    expect(await listed("\u0301\u0303")).toEqual([]);
  });

  it("updated through GraphQL: found by the new name, no longer by the old", async () => {
    const s = await student("Jürgen", "Weiß", null);
    expect(await search("weiss")).toEqual(["Jürgen Weiß"]);
    const r = await srv.gql(admin, UPDATE, { id: s.id, last_name: "Straße", email: "J.Strasse@fold.test" });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    expect(await search("weiss")).toEqual([]);
    expect(await search("jurgen strasse")).toEqual(["Jürgen Straße"]);
    expect(await listed("j.strasse@")).toEqual(["Jürgen Straße"]);
    const [row] = await db().select().from(t.students).where(eq(t.students.id, s.id));
    expect(row!.search_text).toBe("jurgen strasse j.strasse@fold.test");
  });

  it("imported from a CSV, and renamed by a second import: found folded both times", async () => {
    const first = await importer.run(
      "students",
      "school_identifier,first_name,last_name,email\nFOLD-1,Øyvind,Ødegård,\nFOLD-2,Işık,Yıldız,ISIK@FOLD.TEST\n",
    );
    expect(first.status, JSON.stringify(first.row_errors)).toBe("done");
    expect(await search("oyvind odegard")).toEqual(["Øyvind Ødegård"]);
    expect(await listed("yildiz")).toEqual(["Işık Yıldız"]);
    expect(await listed("isik@")).toEqual(["Işık Yıldız"]);
    // the re-run updates the matched rows (on conflict ... do update)
    const again = await importer.run(
      "students",
      "school_identifier,first_name,last_name,email\nFOLD-1,Øyvind,Ærøskøbing,\nFOLD-2,Işık,Yıldız,ISIK@FOLD.TEST\n",
    );
    expect(again.status, JSON.stringify(again.row_errors)).toBe("done");
    expect(await search("odegard")).toEqual([]);
    expect(await search("aeroskobing")).toEqual(["Øyvind Ærøskøbing"]);
    const rows = await db()
      .select()
      .from(t.students)
      .where(inArray(t.students.school_identifier, ["FOLD-1", "FOLD-2"]));
    expect(rows.map((s) => s.search_text).sort()).toEqual(["isik yildiz isik@fold.test", "oyvind aeroskobing "]);
  });

  it("global search and the list read students_search_text_trgm, a short term and a long one (EXPLAIN)", async () => {
    const { logged, captured } = loggingDb(kind, db());
    const data = new Scoped(srv.services, viewer, logged);
    for (const term of ["Núñez", "ÑU"]) {
      expect((await searchAll(data, term, 5)).students.length, term).toBeGreaterThan(0);
      const f = await studentFilter(data, { query: term, sort_by: "name" });
      const page = await data.page("students", { where: f.where, orderBy: orderOf(f.keys, f.gather), limit: 25 });
      expect(page.total, term).toBeGreaterThan(0);
    }
    const students = captured.filter((q) => /from "students"/.test(q.sql) && q.sql.includes('"search_text" like'));
    // per term: global search's word-start step (and for "Núñez", fewer than 5 hits, its inside step),
    // the list's page and its count
    expect(students.length).toBe(7);
    for (const q of students) for (const p of q.params) if (typeof p === "string") expect(p).toBe(p.toLowerCase());
    expect(students.flatMap((q) => q.params)).toContain("%nunez%");

    // a school of a few thousand (rolled back), and the pending list of GIN emptied as a vacuum would
    const fill = [
      `insert into students (school_id, first_name, last_name, email, token, offline_code)
         select ${schoolId}, 'Bulk' || g, 'Row' || g, 'bulk' || g || '@x.test', 'bulk-fold-' || g, 'X'
         from generate_series(1, 3000) g`,
      "select gin_clean_pending_list('students_search_text_trgm')",
      "analyze students",
      "set local enable_seqscan = off",
    ];
    const plans = await plansAfter(kind, db(), fill, students);
    expect(await db().$count(t.students, eq(t.students.token, "bulk-fold-1"))).toBe(0);
    students.forEach((q, i) => {
      expect(plans[i], `${q.sql}\n${plans[i]}`).toContain("Bitmap Index Scan on students_search_text_trgm");
    });
  });
});
