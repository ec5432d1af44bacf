import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { courses, events } from "../db/schema/index.ts";
import { MIN, makeCourse, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { clock } from "./clock.ts";

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

describe("clock", () => {
  it("answers a time column's HH:MM:SS as the HH:MM the mutations take", () => {
    expect(clock("20:15:00")).toBe("20:15");
    expect(clock("00:00:00")).toBe("00:00");
    expect(clock("23:59:59.5")).toBe("23:59");
    expect(clock("09:30")).toBe("09:30");
    expect(() => clock("9am")).toThrow();
  });
});

const COURSE_FIELDS = "id uuid start_time end_time";
const CREATE_COURSE = `mutation($start_time: String!, $end_time: String!) {
  createCourse(title: "Clock check", start_time: $start_time, end_time: $end_time, is_indefinite: true, meet_tue: true)
  { ${COURSE_FIELDS} } }`;
const UPDATE_COURSE = `mutation($id: Int!, $start_time: String, $end_time: String) {
  updateCourse(id: $id, start_time: $start_time, end_time: $end_time) { ${COURSE_FIELDS} } }`;
const COURSE = `query($uuid: String!) { course(uuid: $uuid) { ${COURSE_FIELDS} } }`;
const COURSES = `{ courses(query: "Clock check", state: "all") { data { ${COURSE_FIELDS} } } }`;
const CREATE_EVENT = `mutation($date: String!) {
  createEvent(title: "Clock event", date: $date, start_time: "18:05", end_time: "19:40") { id uuid start_time end_time } }`;
const UPDATE_EVENT = `mutation($id: Int!) { updateEvent(id: $id, start_time: "18:10", end_time: "20:15") { start_time end_time } }`;
const EVENT = `query($uuid: String!) { event(uuid: $uuid) { start_time end_time } }`;
const SEARCH = `query($q: String!) { search(query: $q) { courses { title startTime endTime } } }`;
const STUDENT_NOW = `query($uuid: String!) { student(uuid: $uuid) { now { title start_time end_time } } }`;

/**
 * Every time of day GraphQL answers is HH:MM, as given: course and event mutations and reads,
 * search hits and a student's session now (graphql/clock.ts), where the database reads HH:MM:SS.
 */
describe.each(ONE_DATABASE)("times of day answered by GraphQL on %s", (kind) => {
  let srv: TestServer;
  let token: string;

  beforeAll(async () => {
    srv = await startServer(kind);
    token = (await srv.login("school_admin")).access_token;
  });
  afterAll(() => srv?.close());

  const ok = async (query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql(token, query, vars);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };

  it("a course's times come back as they went in, on create, update, read, list and search", async () => {
    const { createCourse: c } = await ok(CREATE_COURSE, { start_time: "19:00", end_time: "20:00" });
    expect(c).toMatchObject({ start_time: "19:00", end_time: "20:00" });
    const { updateCourse: u } = await ok(UPDATE_COURSE, { id: c.id, end_time: "20:15" });
    expect(u).toMatchObject({ start_time: "19:00", end_time: "20:15" });
    // the stored column is a time: the database reads it with seconds
    const [row] = await srv.services.db.select().from(courses).where(eq(courses.id, c.id));
    expect(row?.end_time).toBe("20:15:00");
    expect((await ok(COURSE, { uuid: c.uuid })).course).toMatchObject({ start_time: "19:00", end_time: "20:15" });
    expect((await ok(COURSES)).courses.data).toContainEqual({ ...u });
    const hits = (await ok(SEARCH, { q: "Clock check" })).search.courses;
    expect(hits).toContainEqual({ title: "Clock check", startTime: "19:00", endTime: "20:15" });
  });

  it("an event's times come back as they went in, on create, update and read", async () => {
    const { createEvent: e } = await ok(CREATE_EVENT, { date: "2099-06-01" });
    expect(e).toMatchObject({ start_time: "18:05", end_time: "19:40" });
    expect((await ok(UPDATE_EVENT, { id: e.id })).updateEvent).toEqual({ start_time: "18:10", end_time: "20:15" });
    expect((await ok(EVENT, { uuid: e.uuid })).event).toEqual({ start_time: "18:10", end_time: "20:15" });
    const [row] = await srv.services.db.select().from(events).where(eq(events.id, e.id));
    expect(row?.start_time).toBe("18:10:00");
  });

  it("a student's session now answers HH:MM", async () => {
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    const { course } = await makeCourse(db, demo, new Date(Date.now() - 5 * MIN), 60);
    const student = await makeStudent(db, demo.id, { courses: [course.id] });
    const { now } = (await ok(STUDENT_NOW, { uuid: student.uuid })).student;
    expect(now).toEqual({
      title: course.title,
      start_time: course.start_time.slice(0, 5),
      end_time: expect.any(String),
    });
    expect(now.start_time).toMatch(HHMM);
    expect(now.end_time).toMatch(HHMM);
  });
});
