import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggingDb, plansAfter } from "../../test/explain.ts";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { everyPage, TITLES, TITLES_EXPECTED, titleLabel } from "../../test/names-fixture.ts";
import { Scoped } from "../access/scoped.ts";
import { type Viewer, viewerFrom } from "../access/viewer.ts";
import { resolveToken } from "../auth/tokens.ts";
import * as t from "../db/schema/index.ts";
import { sessionsNear } from "../engine/sessions-for-student.ts";
import { studentById } from "../engine/student-context.ts";
import { schoolsOf } from "../engine/test-fixtures.ts";
import { listEvents } from "../events/list.ts";
import { weekItems } from "../notifications/startup.ts";
import { listTeams } from "../teams/list.ts";
import { listCourses } from "./list.ts";

/**
 * The names of things sort as people's names do (decision 0614): course and event titles, team
 * and location names, in the lists (both ways, one page and pages of 3), global search and the
 * relations that list them (a user's assignments, a student's classes and teams, a location's
 * classes, the location choices). "Économie" among the E's and "art" before "Biology", not after
 * "Zoology" as bytes put them; ties by id.
 */

const LISTS = {
  courses: 'state: "all"',
  events: 'state: "all"',
  teams: 'state: "all"',
  locations: "",
} as const;
type List = keyof typeof LISTS;

describe.each(DATABASES)("titles in the names' order on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  let viewer: Viewer;
  /** each list's fixture rows: id (or uuid) to label */
  const labels = {
    courses: new Map<string, string>(),
    events: new Map(),
    teams: new Map(),
    locations: new Map(),
  } as Record<List, Map<string, string>>;
  const ids = { user: 0, student: 0, studentUuid: "", location: 0, school: 0, timezone: "" };
  const db = () => srv.services.db;

  beforeAll(async () => {
    srv = await startServer(kind);
    admin = (await srv.login("school_admin")).access_token;
    viewer = await viewerFrom(db(), (await resolveToken(db(), admin))!);
    const { demo } = await schoolsOf(db());
    const [user] = await db()
      .insert(t.users)
      .values({
        school_id: demo.id,
        role_id: 7,
        first_name: "Titles",
        last_name: "Check",
        email: "titles.check@x.test",
      })
      .returning();
    const [student] = await db()
      .insert(t.students)
      .values({
        school_id: demo.id,
        first_name: "Titles",
        last_name: "Check",
        token: "titles-check",
        offline_code: "X",
      })
      .returning();
    // one at a time, so that the ids follow TITLES; the classes at the first location
    for (const [i, title] of TITLES.entries()) {
      const [place] = await db().insert(t.locations).values({ school_id: demo.id, name: title }).returning();
      if (i === 0) ids.location = place!.id;
      const [course] = await db()
        .insert(t.courses)
        .values({
          school_id: demo.id,
          location_id: ids.location,
          title,
          start_time: "09:00",
          end_time: "10:00",
          meet_mon: true,
        })
        .returning();
      const [event] = await db()
        .insert(t.events)
        .values({ school_id: demo.id, title, date: "2030-06-14", start_time: "09:00", end_time: "10:00" })
        .returning();
      const [team] = await db().insert(t.teams).values({ school_id: demo.id, name: title }).returning();
      labels.locations.set(String(place!.id), titleLabel(i));
      labels.courses.set(String(course!.id), titleLabel(i));
      labels.courses.set(course!.uuid, titleLabel(i));
      labels.events.set(String(event!.id), titleLabel(i));
      labels.events.set(event!.uuid, titleLabel(i));
      labels.teams.set(String(team!.id), titleLabel(i));
    }
    // assigned and enrolled last first: an unordered read would give them back in some other order
    for (const id of [...labels.courses.keys()].filter((k) => /^\d+$/.test(k)).reverse()) {
      await db()
        .insert(t.userCourse)
        .values({ user_id: user!.id, course_id: Number(id) });
      await db()
        .insert(t.studentCourse)
        .values({ student_id: student!.id, course_id: Number(id) });
    }
    for (const id of [...labels.events.keys()].filter((k) => /^\d+$/.test(k)).reverse())
      await db()
        .insert(t.userEvent)
        .values({ user_id: user!.id, event_id: Number(id) });
    for (const id of [...labels.teams.keys()].reverse()) {
      await db()
        .insert(t.userTeam)
        .values({ user_id: user!.id, team_id: Number(id) });
      await db()
        .insert(t.studentTeam)
        .values({ student_id: student!.id, team_id: Number(id) });
    }
    Object.assign(ids, {
      user: user!.id,
      student: student!.id,
      studentUuid: student!.uuid,
      school: demo.id,
      timezone: demo.timezone,
    });
  });
  afterAll(() => srv?.close());

  const gql = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const r = await srv.gql<T>(admin, query, variables);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data!;
  };
  /** the fixture's labels of rows, in their order (the school's other rows left out) */
  const named = (list: List, rows: { id?: number; uuid?: string }[]) =>
    rows.map((r) => labels[list].get(String(r.id ?? r.uuid))).filter((l): l is string => l !== undefined);

  const listed = async (list: List, dir: string, per: number) => {
    const sort = list === "courses" || list === "events" ? "title" : "name";
    const seen = await everyPage(per, 20, async (page) => {
      const data = await gql<Record<string, { total: number; data: { id: number }[] }>>(
        `query($dir: String, $per: Int, $page: Int) {
          ${list}(query: "0614", ${LISTS[list]} sort_by: "${sort}", sort_dir: $dir, per_page: $per, page: $page) {
            total data { id } } }`,
        { dir, per, page },
      );
      expect(data[list]!.total).toBe(TITLES.length);
      return data[list]!.data;
    });
    return named(list, seen);
  };

  for (const list of Object.keys(LISTS) as List[])
    for (const dir of ["asc", "desc"] as const)
      it(`the ${list} list by title ${dir}: linguistic, in one page and in pages of 3`, async () => {
        expect(await listed(list, dir, 25)).toEqual(TITLES_EXPECTED[dir]);
        expect(await listed(list, dir, 3)).toEqual(TITLES_EXPECTED[dir]);
      });

  it("global search lists classes, teams and events by title", async () => {
    const { search } = await gql<{ search: Record<"courses" | "teams" | "events", { uuid: string; id?: number }[]> }>(
      `{ search(query: "0614", per_page: 25) { courses { uuid } teams { id } events { uuid } } }`,
    );
    expect(named("courses", search.courses)).toEqual(TITLES_EXPECTED.asc);
    expect(named("teams", search.teams)).toEqual(TITLES_EXPECTED.asc);
    expect(named("events", search.events)).toEqual(TITLES_EXPECTED.asc);
  });

  it("a user's assigned classes, events and teams, by title", async () => {
    const { user } = await gql<{ user: Record<string, { id: number }[]> }>(
      `query($id: Int!) { user(id: $id) { assignedCourses { id } assignedEvents { id } assignedTeams { id } } }`,
      { id: ids.user },
    );
    expect(named("courses", user.assignedCourses!)).toEqual(TITLES_EXPECTED.asc);
    expect(named("events", user.assignedEvents!)).toEqual(TITLES_EXPECTED.asc);
    expect(named("teams", user.assignedTeams!)).toEqual(TITLES_EXPECTED.asc);
  });

  it("a student's classes (and their figures) and teams, by title", async () => {
    const { student } = await gql<{
      student: { courses: { id: number }[]; teams: { id: number }[]; course_stats: { course: { id: number } }[] };
    }>(
      `query($uuid: String!) { student(uuid: $uuid) { courses { id } teams { id } course_stats { course { id } } } }`,
      { uuid: ids.studentUuid },
    );
    expect(named("courses", student.courses)).toEqual(TITLES_EXPECTED.asc);
    expect(named("teams", student.teams)).toEqual(TITLES_EXPECTED.asc);
    expect(
      named(
        "courses",
        student.course_stats.map((s) => s.course),
      ),
    ).toEqual(TITLES_EXPECTED.asc);
  });

  it("a location's classes and the location choices, by title and name", async () => {
    const data = await gql<{ location: { courses: { id: number }[] }; locationChoices: { id: number }[] }>(
      `query($id: Int!) { location(id: $id) { courses { id } } locationChoices { id } }`,
      { id: ids.location },
    );
    expect(named("courses", data.location.courses)).toEqual(TITLES_EXPECTED.asc);
    expect(named("locations", data.locationChoices)).toEqual(TITLES_EXPECTED.asc);
  });

  it("the schools list (the top role's) sorts names as names, both ways and across pages", async () => {
    const master = (await srv.login("master_admin")).access_token;
    const made = new Map<string, string>();
    for (const [i, name] of TITLES.entries()) {
      const [school] = await db().insert(t.schools).values({ name, timezone: "America/New_York" }).returning();
      made.set(String(school!.id), titleLabel(i));
    }
    const Q = `query($page: Int, $per: Int, $dir: String) { schools(page: $page, per_page: $per, sort_dir: $dir) { data { id name } } }`;
    for (const dir of ["asc", "desc"] as const) {
      const rows = await everyPage(3, 20, async (page) => {
        const r = await srv.gql(master, Q, { page, per: 3, dir });
        expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
        return r.body.data.schools.data as { id: number }[];
      });
      const got = rows.map((r) => made.get(String(r.id))).filter((l): l is string => l !== undefined);
      expect(got, dir).toEqual(TITLES_EXPECTED[dir]);
    }
    // unpaged, as the spec's call without per_page
    const all = await srv.gql(master, `{ schools { data { id } } }`);
    const labelsInOrder = (all.body.data.schools.data as { id: number }[])
      .map((r) => made.get(String(r.id)))
      .filter((l): l is string => l !== undefined);
    expect(labelsInOrder).toEqual(TITLES_EXPECTED.asc);
  });

  it("a student's day (the engine's schedule) puts classes starting together in the names' order", async () => {
    const student = await studentById(db(), ids.student);
    // the fixture's classes all meet Mondays at 09:00: only their titles order them
    const monday = "2030-06-10";
    const day = await sessionsNear(srv.services, db(), student!, monday);
    const titles = day.map((x) => x.title).filter((title) => TITLES.includes(title));
    expect(titles).toEqual(TITLES_EXPECTED.asc.map((l) => l.replace(/ #\d+$/, "")));
  });

  it("the weekly startup mail lists a reader's classes in the names' order", async () => {
    const courseIds = [...labels.courses.keys()]
      .filter((k) => /^\d+$/.test(k))
      .map(Number)
      .reverse();
    const items = await weekItems(
      db(),
      { id: ids.school, timezone: ids.timezone },
      courseIds,
      [],
      "2030-06-10",
      "2030-06-16",
    );
    expect(items.map((item) => labels.courses.get(String(item.id)))).toEqual(TITLES_EXPECTED.asc);
  });

  it("a page of the courses, teams or events list by title reads its collated index in order (EXPLAIN)", async () => {
    const { logged, captured } = loggingDb(kind, db());
    const data = new Scoped(srv.services, viewer, logged);
    for (const sort_dir of ["asc", "desc"]) {
      await listCourses(data, { sort_by: "title", sort_dir, state: "all" });
      await listTeams(data, { sort_by: "name", sort_dir, state: "all" });
      await listEvents(data, { sort_by: "title", sort_dir, state: "all" });
    }
    const statements = captured.filter((q) => /order by/i.test(q.sql) && /limit/i.test(q.sql));
    expect(statements).toHaveLength(6);

    // A school of a few thousand classes and teams (in a transaction, rolled back): on the seeded
    // few dozen rows the planner rightly reads the table and sorts.
    const fill = [
      `insert into courses (school_id, title, start_time, end_time)
         select ${viewer.schoolId}, 'Bulk ' || (g % 700) || ' ' || g, '09:00', '10:00' from generate_series(1, 5000) g`,
      `insert into teams (school_id, name) select ${viewer.schoolId}, 'Bulk ' || (g % 700) || ' ' || g
         from generate_series(1, 5000) g`,
      `insert into events (school_id, title, date, start_time, end_time)
         select ${viewer.schoolId}, 'Bulk ' || (g % 700) || ' ' || g, '2026-01-01', '18:00', '19:00'
         from generate_series(1, 5000) g`,
      "analyze courses",
      "analyze teams",
      "analyze events",
    ];
    const plans = await plansAfter(kind, db(), fill, statements);
    expect(await db().$count(t.courses)).toBeLessThan(1000);
    for (const [i, plan] of plans.entries()) {
      const q = statements[i]!.sql;
      expect(q, q).toContain('collate "und-x-icu"');
      // the rows come in the page's order from the collated index (the plain column's gives bytes'
      // order), walked until the page is full: no sort of the school's rows. Descending, the ties
      // (same title, id ascending) come from an Incremental Sort of each title's few rows.
      const index = /from "courses"/.test(q)
        ? "courses_school_title"
        : /from "teams"/.test(q)
          ? "teams_school_name"
          : "events_school_title";
      expect(plan, `${q}\n${plan}`).toMatch(new RegExp(`Index Scan (Backward )?using ${index}`));
      expect(plan, `${q}\n${plan}`).not.toMatch(/(^|->\s+)Sort\s/m);
    }
  }, 300_000);
});
