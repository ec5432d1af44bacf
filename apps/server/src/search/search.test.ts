import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggingDb, plansAfter } from "../../test/explain.ts";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { Scoped } from "../access/scoped.ts";
import { viewerFrom } from "../access/viewer.ts";
import { resolveToken } from "../auth/tokens.ts";
import * as t from "../db/schema/index.ts";
import { dayOf, scheduleCondition, searchAll, timeOf } from "./search.ts";

const SEARCH = `query S($q: String!, $n: Int) { search(query: $q, per_page: $n) {
  students { uuid firstName lastName email }
  courses { uuid title startTime endTime days }
  teams { id uuid name }
  events { uuid title date } } }`;

interface Hits {
  students: { uuid: string; firstName: string; lastName: string; email: string | null }[];
  courses: { uuid: string; title: string; startTime: string; endTime: string; days: string }[];
  teams: { id: number; uuid: string; name: string }[];
  events: { uuid: string; title: string; date: string }[];
}

describe("search words", () => {
  it("reads times as start times, 12- and 24-hour", () => {
    expect(timeOf("9am")).toBe("09:00:00");
    expect(timeOf("9 AM")).toBe("09:00:00");
    expect(timeOf("9:30pm")).toBe("21:30:00");
    expect(timeOf("9:30 p.m.")).toBe("21:30:00");
    expect(timeOf("12pm")).toBe("12:00:00");
    expect(timeOf("12am")).toBe("00:00:00");
    expect(timeOf("14:30")).toBe("14:30:00");
    expect(timeOf("9:00")).toBe("09:00:00");
    for (const no of ["9", "2024", "13pm", "0am", "24:00", "9:60", "9:5", "nine", "9:00:00"])
      expect(timeOf(no), no).toBeNull();
  });

  it("reads day words, abbreviated to two letters or the one-letter codes", () => {
    expect(dayOf("Mon")?.code).toBe("M");
    expect(dayOf("monday")?.code).toBe("M");
    expect(dayOf("Tu")?.code).toBe("Tu");
    expect(dayOf("Thurs")?.code).toBe("Th");
    expect(dayOf("Wed.")?.code).toBe("W");
    expect(dayOf("F")?.code).toBe("F");
    expect(dayOf("Sa")?.code).toBe("Sa");
    for (const no of ["T", "S", "Mondays", "x", "Monk", "9am"]) expect(dayOf(no), no).toBeNull();
    expect(scheduleCondition("Biology")).toBeNull();
    expect(scheduleCondition("Mon 9am")).not.toBeNull();
    expect(scheduleCondition("Mon Biology")).toBeNull();
  });
});

describe.each(ONE_DATABASE)("search on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  let adminSearch = "";
  let judge = "";
  const uuid = new Map<string, string>();
  const db = () => srv.database.db;

  const search = async (token: string, q: string, n?: number) => {
    const r = await srv.gql<{ search: Hits }>(token, SEARCH, { q, n });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data?.search as Hits;
  };
  const refused = async (token: string, q: string, n?: number) => {
    const r = await srv.gql(token, SEARCH, { q, n });
    expect(r.status).toBeLessThan(500);
    const e = r.body.errors?.[0];
    expect(e, JSON.stringify(r.body)).toBeDefined();
    return { message: e?.message, code: e?.extensions?.code, field: e?.extensions?.field };
  };
  const names = (h: Hits) => ({
    students: h.students.map((s) => `${s.firstName} ${s.lastName}`),
    courses: h.courses.map((c) => c.title),
    teams: h.teams.map((x) => x.name),
    events: h.events.map((e) => e.title),
  });

  beforeAll(async () => {
    srv = await startServer(kind);
    const a = await srv.login("school_admin");
    admin = a.access_token;
    adminSearch = a.search_token;
    const j = await srv.login("judge");
    judge = j.access_token;
    const judgeId = j.user.id as number;
    const [home, other] = (await db().select().from(t.schools).orderBy(t.schools.id)) as [
      typeof t.schools.$inferSelect,
      typeof t.schools.$inferSelect,
    ];
    let n = 0;
    const student = async (school: number, first: string, last: string, email: string | null, removed = false) => {
      n++;
      const [row] = await db()
        .insert(t.students)
        .values({
          school_id: school,
          first_name: first,
          last_name: last,
          email,
          token: `search-test-${n}`,
          offline_code: "JBSWY3DPEHPK3PXP",
          deleted_at: removed ? new Date() : null,
        })
        .returning();
      uuid.set(`${first} ${last}`, row!.uuid);
      return row!.id;
    };
    await student(home.id, "Quillan", "Brooks", "brooks.q@demo-x.test");
    const zeph = await student(home.id, "Zephyrine", "Quillfeather", "zephyr.f@demo-x.test");
    await student(home.id, "Ada", "Tranquillo", null);
    await student(home.id, "Quillon", "Gone", "gone@demo-x.test", true);
    await student(other.id, "Quillsecond", "Other", "other@demo-x.test");
    await student(home.id, "Percy", "%_\\Literal", "percy@demo-x.test");
    for (let i = 1; i <= 7; i++) await student(home.id, `Pagetest${i}`, "Many", null);

    const course = async (
      school: number,
      title: string,
      start: string,
      days: Partial<typeof t.courses.$inferInsert>,
    ) => {
      const [row] = await db()
        .insert(t.courses)
        .values({ school_id: school, title, start_time: start, end_time: "23:00", ...days })
        .returning();
      uuid.set(title, row!.uuid);
      return row!.id;
    };
    const studio = await course(home.id, "Quillwork Studio", "06:17", { meet_sat: true });
    await course(home.id, "Advanced Quill", "21:43", { meet_mon: true, meet_wed: true, meet_fri: true });
    await course(other.id, "Quill Second", "06:17", { meet_sat: true });
    await db().insert(t.userCourse).values({ user_id: judgeId, course_id: studio });
    await db().insert(t.studentCourse).values({ student_id: zeph, course_id: studio });

    const team = async (school: number, name: string) => {
      const [row] = await db().insert(t.teams).values({ school_id: school, name }).returning();
      uuid.set(name, row!.uuid);
      return row!.id;
    };
    const runners = await team(home.id, "Quill Runners");
    await team(home.id, "Inkquill Club");
    await team(other.id, "Quill Other");
    await db().insert(t.userTeam).values({ user_id: judgeId, team_id: runners });

    const event = async (school: number, title: string, visibility: string) => {
      const [row] = await db()
        .insert(t.events)
        .values({ school_id: school, title, date: "2026-03-14", start_time: "18:00", end_time: "19:00", visibility })
        .returning();
      uuid.set(title, row!.uuid);
      return row!.id;
    };
    const night = await event(home.id, "Quill Night", "private");
    await event(home.id, "The Quill Fair", "public");
    await event(home.id, "Quill Secret", "private");
    await event(other.id, "Quill Elsewhere", "public");
    await db().insert(t.userEvent).values({ user_id: judgeId, event_id: night });
  });
  afterAll(() => srv?.close());

  it("finds each kind, prefix matches first, then by name; never removed rows or another school's", async () => {
    const h = await search(admin, "quill", 25);
    expect(names(h)).toEqual({
      students: ["Quillan Brooks", "Zephyrine Quillfeather", "Ada Tranquillo"],
      // a word starting with the term first, by name; then inside a word
      courses: ["Advanced Quill", "Quillwork Studio"],
      teams: ["Quill Runners", "Inkquill Club"],
      events: ["Quill Night", "Quill Secret", "The Quill Fair"],
    });
    expect(h.students[0]).toEqual({
      uuid: uuid.get("Quillan Brooks"),
      firstName: "Quillan",
      lastName: "Brooks",
      email: "brooks.q@demo-x.test",
    });
    expect(h.courses[1]).toEqual({
      uuid: uuid.get("Quillwork Studio"),
      title: "Quillwork Studio",
      startTime: "06:17",
      endTime: "23:00",
      days: "Sa",
    });
    expect(h.courses[0]?.days).toBe("M W F");
    expect(h.teams[0]).toMatchObject({ uuid: uuid.get("Quill Runners"), name: "Quill Runners" });
    expect(h.events[0]).toEqual({ uuid: uuid.get("Quill Night"), title: "Quill Night", date: "2026-03-14" });
  });

  it("finds a participant by first name, last name, full name and e-mail, case-blind", async () => {
    for (const q of ["zephyrine", "QUILLFEATHER", "Zephyrine Quillf", "zephyr.f@demo-x", "ine quill"]) {
      const h = await search(admin, q);
      expect(
        h.students.map((s) => s.uuid),
        q,
      ).toEqual([uuid.get("Zephyrine Quillfeather")]);
    }
  });

  it("matches a term shorter than 3 characters at the start of a word only", async () => {
    expect(names(await search(admin, "qu", 25))).toEqual({
      students: ["Quillan Brooks", "Zephyrine Quillfeather"],
      courses: ["Advanced Quill", "Quillwork Studio"],
      teams: ["Quill Runners"],
      events: ["Quill Night", "Quill Secret", "The Quill Fair"],
    });
    expect(names(await search(admin, "Q", 25)).students).toEqual(["Quillan Brooks", "Zephyrine Quillfeather"]);
    // the e-mail is a word of its own
    expect(names(await search(admin, "ze", 25)).students).toEqual(["Zephyrine Quillfeather"]);
    expect(names(await search(admin, "br", 25)).students).toContain("Quillan Brooks");
  });

  it("finds a class by a start time (12- or 24-hour) and by a day word", async () => {
    for (const q of ["6:17am", "6:17 AM", "06:17", "6:17"]) {
      expect(names(await search(admin, q)).courses, q).toEqual(["Quillwork Studio"]);
    }
    for (const q of ["9:43pm", "21:43"]) {
      expect(names(await search(admin, q)).courses, q).toEqual(["Advanced Quill"]);
    }
    for (const [q, code, title] of [
      ["Sat", "Sa", "Quillwork Studio"],
      ["Saturday", "Sa", "Quillwork Studio"],
      ["Mon", "M", "Advanced Quill"],
      ["F", "F", "Advanced Quill"],
    ] as const) {
      const h = await search(admin, q, 25);
      expect(names(h).courses, q).toContain(title);
      for (const c of h.courses) expect(c.days.split(" "), `${q}: ${c.title}`).toContain(code);
    }
    // days and a time together narrow the match
    expect(names(await search(admin, "Sat 6:17am", 25)).courses).toEqual(["Quillwork Studio"]);
    expect(names(await search(admin, "Mon 6:17am", 25)).courses).toEqual([]);
  });

  it("shows a professor only the participants, classes, teams and events assigned to them", async () => {
    const h = await search(judge, "quill", 25);
    expect(names(h)).toEqual({
      students: ["Zephyrine Quillfeather"],
      courses: ["Quillwork Studio"],
      teams: ["Quill Runners"],
      // assigned, or public
      events: ["Quill Night", "The Quill Fair"],
    });
    expect((await search(judge, "6:17am")).courses.map((c) => c.title)).toEqual(["Quillwork Studio"]);
  });

  it("works with the search token, which can call nothing else", async () => {
    expect(names(await search(adminSearch, "Tranquillo")).students).toEqual(["Ada Tranquillo"]);
    for (const q of ["{ me { id } }", "{ students { total } }", `{ courses { total } }`]) {
      const r = await srv.gql(adminSearch, q);
      expect(r.body.errors?.[0]?.extensions?.code, q).toBe("FORBIDDEN");
      expect(r.body.data ?? null, q).toBeNull();
    }
    expect((await srv.gql(null, SEARCH, { q: "quill" })).status).toBe(401);
  });

  it("answers per_page of each kind: 5 by default, 1 to 25, else refused naming per_page", async () => {
    expect((await search(admin, "Pagetest")).students).toHaveLength(5);
    expect((await search(admin, "Pagetest", 1)).students).toHaveLength(1);
    expect((await search(admin, "Pagetest", 25)).students).toHaveLength(7);
    for (const n of [0, -1, 26, 1000]) {
      expect(await refused(admin, "Pagetest", n), String(n)).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "per_page",
        message: "per_page must be between 1 and 25",
      });
    }
  });

  it("answers empty lists for no match, and for a blank query without touching the database", async () => {
    const empty = { students: [], courses: [], teams: [], events: [] };
    expect(await search(admin, "xyzzy-nothing-like-this")).toEqual(empty);
    // the same statements as a call whose resolver reads nothing (token, viewer)
    const before = srv.database.statements();
    await srv.gql(admin, "{ searchConfig { per_page } }");
    const baseline = srv.database.statements() - before;
    for (const q of ["", "   ", "\t\n"]) {
      const at = srv.database.statements();
      expect(await search(admin, q), JSON.stringify(q)).toEqual(empty);
      expect(srv.database.statements() - at, JSON.stringify(q)).toBe(baseline);
    }
  });

  it("matches %, _ and backslash literally, caps the length and refuses NUL, never a 500", async () => {
    const percy = ["Percy %_\\Literal"];
    // a word starting with them (short terms), or inside (3 characters or more)
    for (const q of ["%", "%_", "%_\\", "_\\L", "\\lit"]) {
      expect(names(await search(admin, q, 25)).students, q).toEqual(percy);
      expect((await search(admin, q, 25)).courses, q).toEqual([]);
    }
    // as wildcards these would match every row
    for (const q of ["_", "\\", "%%", "_%_", "\\%", "t%", "%e"]) {
      expect((await search(admin, q, 25)).students, q).toEqual([]);
    }
    expect(await search(admin, "x".repeat(200))).toEqual({ students: [], courses: [], teams: [], events: [] });
    expect(await refused(admin, "x".repeat(201))).toMatchObject({ code: "BAD_USER_INPUT", field: "query" });
    const nul = await refused(admin, "qu\0ill");
    expect(nul.message).toMatch(/U\+0000/);
    for (const q of ["'; drop table students; --", "ü∂ƒ©", "😀", "[a-z]*", "a'b\"c", "\\%"]) {
      const r = await srv.gql(admin, SEARCH, { q });
      expect(r.status, q).toBe(200);
    }
  });

  it("each kind is read through its trigram index (EXPLAIN, sequential scans off)", async () => {
    // the statements it runs, captured from a scope over a logging connection
    const { logged, captured } = loggingDb(kind, db());
    const token = await resolveToken(db(), admin);
    const viewer = await viewerFrom(db(), token!);
    // a term inside words, and a short one at word starts
    for (const term of ["quill", "qu"]) {
      const hits = await searchAll(new Scoped(srv.services, viewer, logged), term, 5);
      expect(hits.students.length, term).toBeGreaterThan(0);
    }
    // one a kind, and for "quill" (fewer than 5 students start a word with it) the students' inside step
    expect(captured).toHaveLength(9);

    // A school of a few thousand rows (inside the transaction, rolled back): on the seeded few
    // dozen rows the planner rightly prefers the school_id index, which proves nothing.
    const [home] = await db().select().from(t.schools).orderBy(t.schools.id).limit(1);
    const fill = [
      `insert into students (school_id, first_name, last_name, email, token, offline_code)
         select ${home!.id}, 'Bulk' || g, 'Row' || g, 'bulk' || g || '@x.test', 'bulk-token-' || g, 'X'
         from generate_series(1, 3000) g`,
      `insert into courses (school_id, title, start_time, end_time)
         select ${home!.id}, 'Bulk course ' || g, '08:00', '09:00' from generate_series(1, 3000) g`,
      `insert into teams (school_id, name) select ${home!.id}, 'Bulk team ' || g from generate_series(1, 3000) g`,
      `insert into events (school_id, title, date, start_time, end_time)
         select ${home!.id}, 'Bulk event ' || g, '2026-01-01', '08:00', '09:00' from generate_series(1, 3000) g`,
      // rows inserted after an index sit in GIN's pending list until a vacuum; the planner
      // prices a scan of that list high (a vacuum empties it in a real school)
      ...["students_search_text_trgm", "courses_title_fold_trgm", "teams_name_fold_trgm", "events_title_fold_trgm"].map(
        (i) => `select gin_clean_pending_list('${i}')`,
      ),
      "analyze students",
      "analyze courses",
      "analyze teams",
      "analyze events",
      "set local enable_seqscan = off",
    ];
    const plans = await plansAfter(kind, db(), fill, captured);
    expect(await db().$count(t.students, eq(t.students.first_name, "Bulk1"))).toBe(0);
    const INDEX = {
      students: "students_search_text_trgm",
      courses: "courses_title_fold_trgm",
      teams: "teams_name_fold_trgm",
      events: "events_title_fold_trgm",
    };
    captured.forEach((q, i) => {
      const table = /from "(students|courses|teams|events)"/.exec(q.sql)?.[1] as keyof typeof INDEX;
      expect(table, q.sql).toBeDefined();
      expect(plans[i], `${q.sql}\n${plans[i]}`).toContain(`Bitmap Index Scan on ${INDEX[table]}`);
    });
  });
});
