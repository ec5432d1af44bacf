import { addDays, localDate, STATUS } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv.ts";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { everyPage, TITLES, TITLES_EXPECTED, titleLabel, titleOrder, withoutId } from "../../test/names-fixture.ts";
import * as t from "../db/schema/index.ts";
import { makeCourse, schoolsOf } from "../engine/test-fixtures.ts";
import { addBeacon, addLocation, addPings, PAGE, PAGING } from "./report-fixtures.ts";

/**
 * The reports sort the names of things as people's names (decision 0614): a class's, an event's
 * title, a location's and a beacon's name ("Économie" among the E's, "art" before "Biology"; they
 * had `lower()` in bytes, which put "Économie" after "zoology"), in the title's direction, ties as
 * each report breaks them. Ten of each, named from TITLES in order (their ids increase): classes at
 * a room without beacons, events, and a beacon at each of ten locations; one student enrolled in
 * the classes with attendance yesterday at each class and event, a class cancelled yesterday each,
 * and pings a minute ago at each location.
 */

/** Canvas breaks a tie of titles by the course id in the title's direction. */
const CANVAS = { asc: TITLES_EXPECTED.asc, desc: titleOrder(9, 1, 8, 7, 6, 10, 2, 4, 5, 3) };

describe.each(DATABASES)("report titles in the names' order on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  let day = "";
  /** the fixture's rows by kind and id: their label */
  const labels = {
    course: new Map<number, string>(),
    event: new Map<number, string>(),
    location: new Map<number, string>(),
    beacon: new Map<number, string>(),
    attendance: new Map<number, string>(),
  };
  const ids = { student: 0, studentUuid: "", courses: [] as number[] };
  const db = () => srv.services.db;

  beforeAll(async () => {
    srv = await startServer(kind);
    admin = (await srv.login("school_admin")).access_token;
    const { demo } = await schoolsOf(db());
    day = addDays(localDate(new Date(), demo.timezone), -1);
    const room = await addLocation(db(), demo.id, "Titles check room");
    const [student] = await db()
      .insert(t.students)
      .values({
        school_id: demo.id,
        first_name: "Titles",
        last_name: "Report",
        token: "titles-report",
        offline_code: "X",
      })
      .returning();
    Object.assign(ids, { student: student!.id, studentUuid: student!.uuid });
    const attend = async (attendable_type: "course" | "event", attendable_id: number, label: string) => {
      const [a] = await db()
        .insert(t.attendance)
        .values({
          attendable_type,
          attendable_id,
          school_id: demo.id,
          student_id: student!.id,
          status: STATUS.present,
          finished: true,
          meets: day,
        })
        .returning();
      labels.attendance.set(a!.id, label);
    };
    // one at a time, so that the ids follow TITLES
    for (const [i, title] of TITLES.entries()) {
      const label = titleLabel(i);
      const { course } = await makeCourse(db(), demo, new Date(Date.now() + 600 * 60_000), 60, {
        title,
        location_id: room.id,
        semester_start: addDays(day, -3),
      });
      labels.course.set(course.id, label);
      ids.courses.push(course.id);
      await db().insert(t.studentCourse).values({ student_id: student!.id, course_id: course.id });
      await db().insert(t.cancellations).values({ course_id: course.id, date: day, notes: "titles check" });
      await attend("course", course.id, label);
      const [event] = await db()
        .insert(t.events)
        .values({ school_id: demo.id, title, date: day, start_time: "09:00", end_time: "10:00" })
        .returning();
      labels.event.set(event!.id, label);
      const place = await addLocation(db(), demo.id, title);
      labels.location.set(place.id, label);
      const beacon = await addBeacon(db(), demo.id, place.id, { name: title });
      labels.beacon.set(beacon.id, label);
      await addPings(db(), student!.id, place.id, [new Date(Date.now() - 60_000)]);
    }
    for (const [id, label] of labels.event) await attend("event", id, label);
  });
  afterAll(() => srv?.close());

  /** Each report sorted by a title: its call, variables, sort and each row's label (undefined: not the fixture's). */
  const REPORTS: Record<
    string,
    {
      query: string;
      vars: () => object;
      sort: string;
      label: (row: any) => string | undefined;
      expected?: typeof TITLES_EXPECTED;
    }
  > = {
    "setupReport (classes)": {
      query: `query($classes: [Int!], ${PAGE}) {
        setupReport(mode: "course_no_beacons", classes: $classes, ${PAGING}) { total data { id } } }`,
      vars: () => ({ classes: ids.courses }),
      sort: "name",
      label: (r) => labels.course.get(r.id),
    },
    eventReport: {
      query: `query($s: String, $e: String, ${PAGE}) { eventReport(start_date: $s, end_date: $e, ${PAGING}) { total data { id } } }`,
      vars: () => ({ s: day, e: day }),
      sort: "title",
      label: (r) => labels.event.get(r.id),
    },
    cancellationReport: {
      query: `query($classes: [Int!], $s: String!, $e: String!, ${PAGE}) {
        cancellationReport(classes: $classes, start_date: $s, end_date: $e, ${PAGING}) { total data { kind course_id } } }`,
      vars: () => ({ classes: ids.courses, s: day, e: day }),
      sort: "title",
      label: (r) => (r.kind === "closure" ? undefined : labels.course.get(r.course_id)),
    },
    "beaconReport by name": {
      query: `query(${PAGE}) { beaconReport(${PAGING}) { total data { id } } }`,
      vars: () => ({}),
      sort: "name",
      label: (r) => labels.beacon.get(r.id),
    },
    "beaconReport by location": {
      query: `query(${PAGE}) { beaconReport(${PAGING}) { total data { id } } }`,
      vars: () => ({}),
      sort: "location",
      label: (r) => labels.beacon.get(r.id),
    },
    presenceReport: {
      query: `query(${PAGE}) { presenceReport(${PAGING}) { total data { student_id location_id } } }`,
      vars: () => ({}),
      sort: "location",
      label: (r) => (r.student_id === ids.student ? labels.location.get(r.location_id) : undefined),
    },
    "studentReport (classes)": {
      query: `query($uuid: String!, $s: String, $e: String, ${PAGE}) {
        studentReport(uuid: $uuid, attendable_type: "course", start_date: $s, end_date: $e, ${PAGING}) { total data { id } } }`,
      vars: () => ({ uuid: ids.studentUuid, s: day, e: day }),
      sort: "title",
      label: (r) => labels.attendance.get(r.id),
    },
    "studentReport (events)": {
      query: `query($uuid: String!, $s: String, $e: String, ${PAGE}) {
        studentReport(uuid: $uuid, attendable_type: "event", start_date: $s, end_date: $e, ${PAGING}) { total data { id } } }`,
      vars: () => ({ uuid: ids.studentUuid, s: day, e: day }),
      sort: "title",
      label: (r) => labels.attendance.get(r.id),
    },
    lastAttendanceReport: {
      query: `query($classes: [Int!], ${PAGE}) {
        lastAttendanceReport(classes: $classes, ${PAGING}) { total data { student { id } course { id } } } }`,
      vars: () => ({ classes: ids.courses }),
      sort: "course",
      label: (r) => (r.student.id === ids.student ? labels.course.get(r.course.id) : undefined),
    },
    canvasReport: {
      query: `query($classes: [Int!], $s: String!, $e: String!, ${PAGE}) {
        canvasReport(classes: $classes, start_date: $s, end_date: $e, ${PAGING}) { total data { student_id course_id } } }`,
      vars: () => ({ classes: ids.courses, s: day, e: day }),
      sort: "course",
      label: (r) => (r.student_id === ids.student ? labels.course.get(r.course_id) : undefined),
      expected: CANVAS,
    },
  };

  /** every page of a report, `per` at a time: the fixture's rows' labels, in order */
  const listed = async (name: string, dir: string, per: number) => {
    const r = REPORTS[name]!;
    const field = name.split(" ")[0]!;
    const rows = await everyPage(per, 40, async (page) => {
      const res = await srv.gql<Record<string, { data: object[] }>>(admin, r.query, {
        ...r.vars(),
        sort: r.sort,
        dir,
        per,
        page,
      });
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data![field]!.data;
    });
    return rows.map(r.label).filter((l): l is string => l !== undefined);
  };

  for (const name of Object.keys(REPORTS))
    for (const dir of ["asc", "desc"] as const)
      it(`${name} by ${REPORTS[name]!.sort} ${dir}: linguistic, in one page and in pages of 3`, async () => {
        const expected = (REPORTS[name]!.expected ?? TITLES_EXPECTED)[dir];
        expect(await listed(name, dir, 250)).toEqual(expected);
        expect(await listed(name, dir, 3)).toEqual(expected);
      });

  /** CSV exports in the screen's order: the path, the sort and each row's title (the fixture's only). */
  const EXPORTS: Record<string, { path: () => string; sort: string; title: (row: Record<string, string>) => string }> =
    {
      Setup: {
        path: () => `mode=course_no_beacons&classes=${ids.courses.join(",")}`,
        sort: "name",
        title: (r) => r.name!,
      },
      Event: { path: () => `start_date=${day}&end_date=${day}`, sort: "title", title: (r) => r.title! },
      Cancellation: {
        path: () => `start_date=${day}&end_date=${day}&classes=${ids.courses.join(",")}`,
        sort: "title",
        title: (r) => r.class!,
      },
      Beacon: { path: () => "", sort: "name", title: (r) => r.name! },
    };
  for (const page of Object.keys(EXPORTS))
    for (const dir of ["asc", "desc"] as const)
      it(`the ${page} CSV by ${EXPORTS[page]!.sort} ${dir}, in the same order`, async () => {
        const e = EXPORTS[page]!;
        const res = await fetch(
          `${srv.url}/api/v2/reports/${page}/export.csv?${e.path()}&sort_by=${e.sort}&sort_dir=${dir}`,
          { headers: { authorization: `Bearer ${admin}`, "x-requested-with": "XMLHttpRequest" } },
        );
        expect(res.status, await res.clone().text()).toBe(200);
        const [header, ...body] = parseCsv(await res.text());
        const rows = body.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])));
        const titles = rows.map(e.title).filter((x) => x.endsWith(" 0614"));
        expect(titles).toEqual(TITLES_EXPECTED[dir].map(withoutId));
      });
});
