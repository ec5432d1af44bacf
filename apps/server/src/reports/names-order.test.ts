import { addDays, localDate, STATUS } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv.ts";
import { loggingDb, plansAfter } from "../../test/explain.ts";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { everyPage, label, order, PEOPLE, withoutId } from "../../test/names-fixture.ts";
import { Scoped } from "../access/scoped.ts";
import { type Viewer, viewerFrom } from "../access/viewer.ts";
import { resolveToken } from "../auth/tokens.ts";
import * as t from "../db/schema/index.ts";
import { makeCourse, schoolsOf } from "../engine/test-fixtures.ts";
import { canvasRows, checkCanvas } from "./canvas.ts";
import { lastAttendanceFilter, lastAttendanceRows } from "./last-attendance.ts";
import { addPings, PAGE, PAGING } from "./report-fixtures.ts";
import { setupFilter, setupOrder, setupRows } from "./setup.ts";
import { tokenFilter, tokenOrder } from "./token.ts";

/**
 * The reports list students by name as the participants list does (decision 0612): last name,
 * then first name, in the names' collation ("Émile" among the E's, "Ñúñez" among the N's, not
 * after "Z"), both in the direction asked, then the id. The students, inserted in this order
 * (their ids increase): two share a last name, two share both names.
 */
/** the students list's name order (students/names-order.test.ts) */
const EXPECTED = {
  asc: order(1, 2, 10, 3, 4, 6, 5, 7, 8, 9),
  desc: order(9, 7, 8, 5, 6, 4, 3, 10, 2, 1),
};

describe.each(DATABASES)("reports in name order on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  let viewer: Viewer;
  const labelOf = new Map<number, string>();
  const ids = { course: 0, courseUuid: "", team: 0, teamUuid: "", location: 0 };
  let day = "";
  const db = () => srv.services.db;

  beforeAll(async () => {
    srv = await startServer(kind);
    admin = (await srv.login("school_admin")).access_token;
    viewer = await viewerFrom(db(), (await resolveToken(db(), admin))!);
    const { demo } = await schoolsOf(db());
    day = addDays(localDate(new Date(), demo.timezone), -1);
    const { course, place } = await makeCourse(db(), demo, new Date(Date.now() + 600 * 60_000), 60, {
      title: "Names order class",
      semester_start: addDays(day, -3),
    });
    const [team] = await db().insert(t.teams).values({ school_id: demo.id, name: "Names order team" }).returning();
    Object.assign(ids, {
      course: course.id,
      courseUuid: course.uuid,
      team: team!.id,
      teamUuid: team!.uuid,
      location: place.id,
    });
    // one at a time, so that the ids (and their attendance's) follow PEOPLE
    for (const [i, [last_name, first_name]] of PEOPLE.entries()) {
      const [s] = await db()
        .insert(t.students)
        .values({ school_id: demo.id, first_name, last_name, token: `report-names-${i}`, offline_code: "X" })
        .returning();
      labelOf.set(s!.id, label(i));
      await db().insert(t.studentCourse).values({ student_id: s!.id, course_id: course.id });
      await db().insert(t.studentTeam).values({ student_id: s!.id, team_id: team!.id });
      await db().insert(t.attendance).values({
        attendable_type: "course",
        attendable_id: course.id,
        school_id: demo.id,
        student_id: s!.id,
        status: STATUS.present,
        finished: true,
        meets: day,
      });
      // at the class's room a minute ago: the Presence report's "now"
      await addPings(db(), s!.id, place.id, [new Date(Date.now() - 60_000)]);
    }
  });
  afterAll(() => srv?.close());

  const named = (list: number[]) => list.map((id) => labelOf.get(id) ?? `someone else #${id}`);

  /** Each report: its call, the variables of this school's rows, its name sort and the rows' student ids. */
  const REPORTS: Record<string, { query: string; vars: () => object; sort: string; ids: (d: any) => number[] }> = {
    courseReport: {
      query: `query($uuid: String!, ${PAGE}) { courseReport(uuid: $uuid, ${PAGING}) { total data { student { id } } } }`,
      vars: () => ({ uuid: ids.courseUuid }),
      sort: "name",
      ids: (d) => d.data.map((r: any) => r.student.id),
    },
    teamReport: {
      query: `query($uuid: String!, ${PAGE}) { teamReport(uuid: $uuid, ${PAGING}) { total data { student { id } } } }`,
      vars: () => ({ uuid: ids.teamUuid, start_date: day, end_date: day }),
      sort: "name",
      ids: (d) => d.data.map((r: any) => r.student.id),
    },
    lastAttendanceReport: {
      query: `query($classes: [Int!], ${PAGE}) { lastAttendanceReport(classes: $classes, ${PAGING}) { total data { student { id } } } }`,
      vars: () => ({ classes: [ids.course] }),
      sort: "name",
      ids: (d) => d.data.map((r: any) => r.student.id),
    },
    canvasReport: {
      query: `query($classes: [Int!], $s: String!, $e: String!, ${PAGE}) {
        canvasReport(classes: $classes, start_date: $s, end_date: $e, ${PAGING}) { total data { student_id } } }`,
      vars: () => ({ classes: [ids.course], s: day, e: day }),
      sort: "student",
      ids: (d) => d.data.map((r: any) => r.student_id),
    },
    setupReport: {
      query: `query($classes: [Int!], ${PAGE}) { setupReport(mode: "no_device", classes: $classes, ${PAGING}) { total data { id } } }`,
      vars: () => ({ classes: [ids.course] }),
      sort: "name",
      ids: (d) => d.data.map((r: any) => r.id),
    },
    tokenReport: {
      query: `query($teams: [Int!]!, ${PAGE}) { tokenReport(teams: $teams, courses: [], ${PAGING}) { total data { id } } }`,
      vars: () => ({ teams: [ids.team] }),
      sort: "name",
      ids: (d) => d.data.map((r: any) => r.id),
    },
    presenceReport: {
      query: `query($location: Int, ${PAGE}) { presenceReport(location_id: $location, ${PAGING}) { total data { student_id } } }`,
      vars: () => ({ location: ids.location }),
      sort: "student",
      ids: (d) => d.data.map((r: any) => r.student_id),
    },
    statusReport: {
      query: `query($classes: [Int!], $s: String!, $e: String!, ${PAGE}) {
        statusReport(classes: $classes, start_date: $s, end_date: $e, ${PAGING}) { total data { student_id } } }`,
      vars: () => ({ classes: [ids.course], s: day, e: day }),
      sort: "student",
      ids: (d) => d.data.map((r: any) => r.student_id),
    },
  };

  /** every page of a report, `per` at a time */
  const listed = async (field: string, dir: string, per: number) => {
    const r = REPORTS[field]!;
    const seen = await everyPage(per, 20, async (page) => {
      const res = await srv.gql<Record<string, { total: number }>>(admin, r.query, {
        ...r.vars(),
        sort: r.sort,
        dir,
        per,
        page,
      });
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      const data = res.body.data![field]!;
      expect(data.total).toBe(PEOPLE.length);
      return r.ids(data);
    });
    return named(seen);
  };

  for (const field of Object.keys(REPORTS))
    for (const dir of ["asc", "desc"] as const)
      it(`${field} by name ${dir}: linguistic, in one page and in pages of 3`, async () => {
        expect(await listed(field, dir, 25)).toEqual(EXPECTED[dir]);
        expect(await listed(field, dir, 3)).toEqual(EXPECTED[dir]);
      });

  /** The CSV exports that follow the screen's order: their path and each row's "Last, First". */
  const EXPORTS: Record<string, { path: () => string; name: (row: Record<string, string>) => string }> = {
    Class: { path: () => `uuid=${ids.courseUuid}`, name: (r) => `${r.last_name}, ${r.first_name}` },
    Team: {
      path: () => `uuid=${ids.teamUuid}&start_date=${day}&end_date=${day}`,
      name: (r) => `${r.last_name}, ${r.first_name}`,
    },
    LastAttendance: { path: () => `classes=${ids.course}`, name: (r) => `${r.last_name}, ${r.first_name}` },
    Setup: { path: () => `mode=no_device&classes=${ids.course}`, name: (r) => r.name! },
    Token: { path: () => `teams=${ids.team}`, name: (r) => `${r.last_name}, ${r.first_name}` },
  };
  for (const page of Object.keys(EXPORTS))
    for (const dir of ["asc", "desc"] as const)
      it(`the ${page} CSV by name ${dir}, in the same order`, async () => {
        const e = EXPORTS[page]!;
        const res = await fetch(
          `${srv.url}/api/v2/reports/${page}/export.csv?${e.path()}&sort_by=name&sort_dir=${dir}`,
          {
            headers: { authorization: `Bearer ${admin}`, "x-requested-with": "XMLHttpRequest" },
          },
        );
        expect(res.status, await res.clone().text()).toBe(200);
        const [header, ...body] = parseCsv(await res.text());
        const rows = body.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])));
        expect(rows.map(e.name)).toEqual(EXPECTED[dir].map(withoutId));
      });

  it("a page by name of Setup, Token, LastAttendance and Canvas reads the students by students_live_name(_desc), in order (EXPLAIN)", async () => {
    const { logged, captured } = loggingDb(kind, db());
    const data = new Scoped(srv.services, viewer, logged);
    const page = { page: 1, per_page: 25 };
    for (const sort_dir of ["asc", "desc"]) {
      const f = setupFilter(data, { mode: "no_device" });
      await setupRows(data, f, setupOrder(f, { sort_dir }), 25, 0);
      await data.rows("students", {
        where: tokenFilter(data, { teams: [ids.team], courses: [], ...page }),
        orderBy: tokenOrder({ sort_dir }),
        limit: 25,
      });
      await lastAttendanceRows(data, lastAttendanceFilter({}), { dir: sort_dir as "asc", perPage: 25, offset: 0 }, day);
      const canvas = checkCanvas({ start_date: day, end_date: day });
      await canvasRows(data, canvas, { key: "student", dir: sort_dir as "asc" }, 25, 0);
    }
    const statements = captured.filter((q) => /order by/i.test(q.sql));
    expect(statements).toHaveLength(8);

    // A school of a few thousand students (in a transaction, rolled back), each in the team and
    // the class: on the seeded few dozen rows the planner rightly reads the table and sorts.
    const [home] = await db().select().from(t.schools).orderBy(t.schools.id).limit(1);
    const fill = [
      `insert into students (school_id, first_name, last_name, email, token, offline_code)
         select ${home!.id}, 'Bulk' || g, 'Row' || (g % 500), 'bulk' || g || '@x.test', 'bulk-token-' || g, 'X'
         from generate_series(1, 5000) g`,
      `insert into student_team (student_id, team_id) select id, ${ids.team} from students where token like 'bulk-token-%'`,
      `insert into student_course (student_id, course_id) select id, ${ids.course} from students where token like 'bulk-token-%'`,
      "analyze students",
      "analyze student_team",
      "analyze student_course",
    ];
    const plans = await plansAfter(kind, db(), fill, statements);
    expect(await db().$count(t.students)).toBeLessThan(1000);
    for (const [i, plan] of plans.entries()) {
      const q = statements[i]!.sql;
      const desc = /desc nulls last/.test(q);
      expect(q, q).toContain('collate "und-x-icu"');
      // the students come in the page's order from a collated name index (a plain column's index
      // gives bytes' order), walked until the page is full: no sort of the school's students, only
      // of a page (the rows of a page sorted again, their attendance) or an Incremental Sort of
      // what follows the names (a course's title)
      const index = desc ? "students_live_name_desc" : "students_(live|school)_name";
      expect(plan, `${q}\n${plan}`).toMatch(new RegExp(`Index (Only )?Scan using ${index} on students`));
      const sorted = [...plan.matchAll(/(?:^|->\s+)Sort\s+\(cost=[\d.]+ rows=(\d+)/gm)].map((m) => Number(m[1]));
      for (const rows of sorted) expect(rows, `${q}\n${plan}`).toBeLessThanOrEqual(25);
    }
  }, 300_000); // eight statements, each over a school of 5,000 more students written and rolled back
});
