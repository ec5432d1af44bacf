import { localDate } from "@rollbook/domain";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { studentCourse } from "../db/schema/index.ts";
import { sessionsNear } from "./sessions-for-student.ts";
import { engineState, forgetStudent } from "./state.ts";
import { studentById } from "./student-context.ts";
import { makeCourse, makeStudent, schoolsOf } from "./test-fixtures.ts";

const REDIS = process.env.TEST_REDIS_URL;
const tick = () => new Promise((r) => setTimeout(r, 50));

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await tick();
  return check();
}

/** A student with one course now, and a second course the test enrols them in behind the cache's back. */
async function setUp(srv: TestServer) {
  const db = srv.services.db;
  const { demo } = await schoolsOf(db);
  const now = new Date();
  const { course: first } = await makeCourse(db, demo, new Date(now.getTime() - 10 * 60_000), 60);
  const { course: second } = await makeCourse(db, demo, new Date(now.getTime() - 5 * 60_000), 60);
  const student = await makeStudent(db, demo.id, { courses: [first.id] });
  const ctx = (await studentById(db, student.id))!;
  const date = localDate(now, ctx.timezone);
  const courseIds = async () =>
    (await sessionsNear(srv.services, db, ctx, date))
      .filter((x) => x.attendable_type === "course")
      .map((x) => x.attendable_id);
  return { db, student, second, courseIds, key: `${student.id}:${date}` };
}

/**
 * The engine caches a student's sessions and token; a change made by staff anywhere must clear
 * them in every server process, not only the one that made it (issue 9, point 6).
 */
describe.each(DATABASES)("engine caches on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv?.close());

  it("an engine.forget heard on the bus clears the student's cached sessions", async () => {
    const { db, student, second, courseIds, key } = await setUp(srv);
    expect(await courseIds()).not.toContain(second.id);
    await db.insert(studentCourse).values({ student_id: student.id, course_id: second.id });
    // cached: the new enrolment is not seen yet
    expect(await courseIds()).not.toContain(second.id);
    expect(engineState(srv.services).days.has(key)).toBe(true);
    // as another process would after staff enrolled the student
    await srv.services.bus.publish({ type: "engine.forget", ids: [student.id] });
    expect(await until(() => !engineState(srv.services).days.has(key))).toBe(true);
    expect(await courseIds()).toContain(second.id);
  });

  it("an engine.forget without ids clears every schedule", async () => {
    const { key, courseIds } = await setUp(srv);
    await courseIds();
    expect(engineState(srv.services).days.has(key)).toBe(true);
    await srv.services.bus.publish({ type: "engine.forget", ids: [] });
    expect(await until(() => engineState(srv.services).days.size === 0)).toBe(true);
  });
});

describe.skipIf(!REDIS)("engine caches across processes through Redis (needs TEST_REDIS_URL)", () => {
  let a: TestServer;
  let b: TestServer;
  const channel = `rollbook:engine:test:${process.pid}:${Date.now()}`;
  beforeAll(async () => {
    const env = { REDIS_URL: REDIS as string, REDIS_CHANNEL: channel };
    a = await startServer("pglite", env);
    b = await startServer("pglite", env);
    await Promise.all([a, b].map((s) => (s.services.bus as unknown as { ready(): Promise<void> }).ready()));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("forgetStudent on one server clears the other server's cache of that student", async () => {
    const { courseIds, key, student } = await setUp(a);
    await courseIds();
    expect(engineState(a.services).days.has(key)).toBe(true);
    forgetStudent(b.services, student.id);
    expect(await until(() => !engineState(a.services).days.has(key))).toBe(true);
  });

  it("forgets every cached schedule and token when its Redis subscriber reconnects (messages may be lost)", async () => {
    const { courseIds, key } = await setUp(a);
    await courseIds();
    expect(engineState(a.services).days.has(key)).toBe(true);
    engineState(a.services).byToken.set("gap-test-token", { id: 0 } as never);
    // end the subscriber connections of this channel, found by the name the bus gives them: both
    // servers' (they share the name; killing the first listed ended b's, not a's, in one CI run)
    const admin = new Redis(REDIS as string);
    try {
      const list = (await admin.call("CLIENT", "LIST", "TYPE", "pubsub")) as string;
      const ids = list
        .split("\n")
        .filter((l) => l.includes(`name=rollbook-sub:${channel} `))
        .map((l) => /\bid=(\d+)/.exec(l)?.[1]);
      expect(ids).toHaveLength(2);
      for (const id of ids) await admin.call("CLIENT", "KILL", "ID", id as string);
    } finally {
      admin.disconnect();
    }
    expect(await until(() => !engineState(a.services).days.has(key), 10_000)).toBe(true);
    expect(engineState(a.services).byToken.has("gap-test-token")).toBe(false);
  });
});
