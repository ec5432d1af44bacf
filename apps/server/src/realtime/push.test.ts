import { addDays, localDate, zonedToUtc } from "@rollbook/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { assignedStudentIds } from "../access/visibility.ts";
import { attendance, schools, students, tasks, teams, userCourse, users } from "../db/schema/index.ts";
import { makeCourse, makeEvent } from "../engine/test-fixtures.ts";

/**
 * Noon tomorrow on the school's clock: an hour from there never runs past its midnight (an hour
 * from 23:10 ends at 00:10, before its start on the clock, and every edit of it is refused).
 */
const noonTomorrow = (school: { timezone: string }) =>
  zonedToUtc(addDays(localDate(new Date(), school.timezone), 1), 12 * 60, school.timezone);

import { CLOSE, type PushMessage } from "./messages.ts";
import { PushTestClient } from "./push-test-client.ts";

describe.each(DATABASES)("push channel on %s", (kind) => {
  let srv: TestServer;
  let school: number;
  let otherSchool: number;
  let counselorId: number;
  /** a student the counselor (assigned only) sees, and one of the same school they do not */
  let seen: number;
  let unseen: number;
  let seenAttendance: number;
  let unseenAttendance: number;
  let foreignStudent: number;
  const open: PushTestClient[] = [];

  const publish = (m: PushMessage) => srv.services.bus.publish(m);
  async function connect(role: string) {
    const { access_token, user } = await srv.login(role);
    const { client, ready } = await PushTestClient.connect(srv.url, access_token);
    open.push(client);
    return { client, ready, token: access_token, user };
  }
  /** The other demo school's admin, signed in and listening. */
  async function connectLakeAdmin() {
    const login = await srv.post("/api/v2/login", {
      email: "school_admin@lakeside.demo.rollbook.test",
      password: TEST_PASSWORD,
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const { client } = await PushTestClient.connect(srv.url, token);
    open.push(client);
    return { client, token };
  }
  /** A message every signed-in user of the school may see: when it arrives, nothing sent before it is pending. */
  const marker = (id: number): PushMessage => ({
    type: "student.update",
    school_id: school,
    ids: [id],
    student_ids: [seen],
  });

  beforeAll(async () => {
    srv = await startServer(kind, { PUSH_AUTH_TIMEOUT_MS: "400", PUSH_RECHECK_MS: "300" });
    const db = srv.services.db;
    const [s1, s2] = await db.select().from(schools).orderBy(asc(schools.id));
    school = s1!.id;
    otherSchool = s2!.id;
    const [counselor] = await db.select().from(users).where(eq(users.email, "councelor@demo.rollbook.test"));
    counselorId = counselor!.id;
    const seenRows = await db
      .select({ id: students.id })
      .from(students)
      .where(sql`${students.id} in (${assignedStudentIds(counselorId)})`)
      .orderBy(asc(students.id));
    const unseenRows = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.school_id, school), sql`${students.id} not in (${assignedStudentIds(counselorId)})`))
      .orderBy(asc(students.id));
    seen = seenRows[0]!.id;
    unseen = unseenRows[0]!.id;
    const attOf = async (student: number) =>
      (await db.select({ id: attendance.id }).from(attendance).where(eq(attendance.student_id, student)).limit(1))[0]!
        .id;
    seenAttendance = await attOf(seen);
    unseenAttendance = await attOf(unseen);
    const [foreign] = await db
      .insert(students)
      .values({
        school_id: otherSchool,
        first_name: "Far",
        last_name: "Away",
        token: "push-test-foreign",
        offline_code: "JBSWY3DPEHPK3PXP",
      })
      .returning();
    foreignStudent = foreign!.id;
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await srv.close();
  });

  it("answers a plain HTTP GET with 426 and how to connect", async () => {
    const res = await fetch(`${srv.url}/api/v2/push`);
    expect(res.status).toBe(426);
    expect(((await res.json()) as { message: string }).message).toMatch(/WebSocket/);
  });

  it("delivers attendance.update only for students the user may see, and nothing of another school", async () => {
    const counselor = await connect("councelor");
    const admin = await connect("school_admin");
    expect(counselor.ready.instance).toBe(admin.ready.instance);
    expect(counselor.ready.resumed).toBe(false);

    await publish({ type: "attendance.update", school_id: school, ids: [unseenAttendance], student_ids: [unseen] });
    await publish({ type: "attendance.update", school_id: otherSchool, ids: [999], student_ids: [foreignStudent] });
    // a message of another school naming a student the counselor does see: the school decides
    await publish({ type: "attendance.update", school_id: otherSchool, ids: [seenAttendance], student_ids: [seen] });
    // without student_ids the students are looked up from the attendance ids
    await publish({ type: "attendance.update", school_id: school, ids: [seenAttendance] });

    const got = await counselor.client.nextOfType("attendance.update");
    expect(got).toEqual({ seq: expect.any(Number), type: "attendance.update", ids: [seenAttendance] });

    // the admin sees the whole school: both school messages, in order, and not the other school's
    const first = await admin.client.nextOfType("attendance.update");
    expect(first).toMatchObject({ ids: [unseenAttendance], student_ids: [unseen] });
    const second = await admin.client.nextOfType("attendance.update");
    expect(second).toMatchObject({ ids: [seenAttendance] });
    expect(second.seq).toBeGreaterThan(first.seq as number);
    expect(second.seq).toBe(got.seq);
    // nothing carries the school or another user's id to the browser
    expect(first).not.toHaveProperty("school_id");
  });

  it("delivers student.update to whoever sees one of its students", async () => {
    const counselor = await connect("councelor");
    await publish({ type: "student.update", school_id: school, ids: [unseen] });
    await publish({ type: "student.update", school_id: school, ids: [unseen, seen] });
    const got = await counselor.client.nextOfType("student.update");
    expect(got.ids).toEqual([unseen, seen]);
  });

  it("checks the messages of one turn together, and still delivers each only where it may go, in order", async () => {
    const counselor = await connect("councelor");
    const admin = await connect("school_admin");
    // a ping group's pushes: an attendance and a student message for each student, all in one turn
    const sent: PushMessage[] = [];
    for (let i = 0; i < 20; i++) {
      const who = i % 2 === 0 ? seen : unseen;
      sent.push({ type: "attendance.update", school_id: school, ids: [1000 + i], student_ids: [who] });
      sent.push({ type: "student.update", school_id: school, ids: [who], student_ids: [who] });
    }
    const before = srv.database.statements();
    for (const m of sent) void publish(m);
    const adminGot = [];
    for (let i = 0; i < sent.length; i++) adminGot.push(await admin.client.next());
    const checks = srv.database.statements() - before;
    // one read of the tokens and one of visibility for all forty (the token re-check timer may add one)
    expect(checks).toBeLessThanOrEqual(3);
    expect(adminGot.map((m) => [m.type, m.ids])).toEqual(sent.map((m) => [m.type, m.ids]));
    const seqs = adminGot.map((m) => m.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // the counselor hears about the seen student only: the ten attendance messages, in order
    await publish(marker(2));
    const counselorGot = [];
    for (;;) {
      const m = await counselor.client.next();
      if (m.type === "student.update" && m.ids?.[0] === 2) break;
      counselorGot.push(m);
    }
    const seenOnly = sent.filter((m) => m.student_ids?.[0] === seen);
    expect(counselorGot.map((m) => [m.type, m.ids])).toEqual(seenOnly.map((m) => [m.type, m.ids]));
  });

  it("delivers task.update to the task's user only, sent by a real closeTask", async () => {
    const advisor = await connect("academic_advisor");
    const admin = await connect("school_admin");
    const [task] = await srv.services.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.user_id, advisor.user.id), sql`${tasks.deleted_at} is null`))
      .limit(1);
    expect(task).toBeDefined();
    const res = await srv.gql(advisor.token, "mutation($id: Int!) { closeTask(id: $id) { id } }", { id: task!.id });
    expect(res.body.errors).toBeUndefined();
    const got = await advisor.client.nextOfType("task.update");
    expect(got).toEqual({ seq: expect.any(Number), type: "task.update", ids: [task!.id] });
    // the admin's next message is the marker published after: the task's message never reached it
    await publish(marker(1));
    expect(await admin.client.nextOfType("student.update")).toMatchObject({ ids: [1] });
  });

  it("an updateCourse (and updateEvent, updateTeam) reaches the school's staff who see it, not another school's", async () => {
    const db = srv.services.db;
    const [demo, lake] = await db.select().from(schools).orderBy(asc(schools.id));
    const admin = await connect("school_admin");
    const counselor = await connect("councelor");
    const { client: lakeAdmin, token: lakeToken } = await connectLakeAdmin();
    const gql = async (token: string, query: string, vars: Record<string, unknown>) => {
      const r = await srv.gql(token, query, vars);
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    };
    // written straight to the database: nothing published before the edit
    const { course } = await makeCourse(db, demo!, noonTomorrow(demo!), 60);
    const { course: lakeCourse } = await makeCourse(db, lake!, noonTomorrow(lake!), 60);

    await gql(admin.token, 'mutation($id: Int!) { updateCourse(id: $id, end_time: "23:45") { id } }', {
      id: course.id,
    });
    expect(await admin.client.nextOfType("course.update")).toEqual({
      seq: expect.any(Number),
      type: "course.update",
      ids: [course.id],
    });
    // the other school's admin hears its own school's edit next, never the demo school's
    await gql(lakeToken, 'mutation($id: Int!) { updateCourse(id: $id, title: "Lake edit") { id } }', {
      id: lakeCourse.id,
    });
    expect(await lakeAdmin.nextOfType("course.update")).toMatchObject({ ids: [lakeCourse.id] });
    // the counselor sees only the courses assigned to them: nothing of this one, until assigned
    await publish(marker(4));
    expect(await counselor.client.nextOfType("student.update")).toMatchObject({ ids: [4] });
    await db.insert(userCourse).values({ user_id: counselor.user.id, course_id: course.id });
    await gql(admin.token, 'mutation($id: Int!) { updateCourse(id: $id, title: "Renamed") { id } }', {
      id: course.id,
    });
    expect(await counselor.client.nextOfType("course.update")).toMatchObject({ ids: [course.id] });
    expect(await admin.client.nextOfType("student.update")).toMatchObject({ ids: [4] });
    expect(await admin.client.nextOfType("course.update")).toMatchObject({ ids: [course.id] });

    // events (with no students at all) and teams: the same gap, the same message
    const { event } = await makeEvent(db, demo!, noonTomorrow(demo!), 60);
    await gql(admin.token, 'mutation($id: Int!) { updateEvent(id: $id, title: "Renamed event") { id } }', {
      id: event.id,
    });
    expect(await admin.client.nextOfType("event.update")).toMatchObject({ ids: [event.id] });
    const [team] = await db.select().from(teams).where(eq(teams.school_id, demo!.id)).orderBy(asc(teams.id)).limit(1);
    await gql(admin.token, "mutation($id: Int!, $tag: String) { updateTeam(id: $id, tag: $tag) { id } }", {
      id: team!.id,
      tag: "push-test",
    });
    expect(await admin.client.nextOfType("team.update")).toMatchObject({ ids: [team!.id] });
    await publish({ type: "student.update", school_id: otherSchool, ids: [foreignStudent] });
    expect(await lakeAdmin.nextOfType("student.update")).toMatchObject({ ids: [foreignStudent] });
  });

  it("assigning or unassigning staff (attachUsers, detachUsers) reaches the staff concerned, not another school's", async () => {
    const db = srv.services.db;
    const [demo, lake] = await db.select().from(schools).orderBy(asc(schools.id));
    const admin = await connect("school_admin");
    const counselor = await connect("councelor");
    const judge = await connect("judge");
    const { client: lakeAdmin } = await connectLakeAdmin();
    const link = async (call: "attachUsers" | "detachUsers", type: string, id: number) => {
      const r = await srv.gql(
        admin.token,
        `mutation($type: String!, $id: Int!, $users: [Int!]!) {
          ${call}(assignable_type: $type, assignable_id: $id, user_ids: $users) { user_ids } }`,
        { type, id, users: [counselorId] },
      );
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      expect(r.body.data[call].user_ids).toEqual([counselorId]);
    };
    // written straight to the database: nothing published, and the counselor sees none of them
    const { course } = await makeCourse(db, demo!, noonTomorrow(demo!), 60);
    const { event } = await makeEvent(db, demo!, noonTomorrow(demo!), 60);
    const [team] = await db.insert(teams).values({ school_id: demo!.id, name: "Push assign team" }).returning();
    const { course: lakeCourse } = await makeCourse(db, lake!, noonTomorrow(lake!), 60);
    const rows = [
      ["course", course.id],
      ["event", event.id],
      ["team", team!.id],
    ] as const;
    for (const [type, id] of rows) {
      // the newly assigned (assigned-only) counselor now sees it and hears it; the admin too
      await link("attachUsers", type, id);
      expect(await counselor.client.nextOfType(`${type}.update`)).toEqual({
        seq: expect.any(Number),
        type: `${type}.update`,
        ids: [id],
      });
      expect(await admin.client.nextOfType(`${type}.update`)).toMatchObject({ ids: [id] });
      // unassigned, the counselor no longer sees it but is named: its open lists drop the row
      await link("detachUsers", type, id);
      expect(await counselor.client.nextOfType(`${type}.update`)).toEqual({
        seq: expect.any(Number),
        type: `${type}.update`,
        ids: [id],
      });
      expect(await admin.client.nextOfType(`${type}.update`)).toMatchObject({ ids: [id] });
    }
    // the judge (assigned-only, none of these rows) heard none of them: its next message is its own task's
    await publish({ type: "task.update", school_id: school, ids: [1], user_id: judge.user.id });
    expect(await judge.client.nextOfType("task.update")).toMatchObject({ ids: [1] });
    // another school's admin hears its own school's message next, nothing of the demo school's
    await publish({ type: "course.update", school_id: lake!.id, ids: [lakeCourse.id] });
    expect(await lakeAdmin.nextOfType("course.update")).toMatchObject({ ids: [lakeCourse.id] });
    // a message naming a user goes to that user of its own school only
    await publish({ type: "course.update", school_id: lake!.id, ids: [lakeCourse.id], user_ids: [counselorId] });
    await publish(marker(5));
    expect(await counselor.client.nextOfType("student.update")).toMatchObject({ ids: [5] });
  });

  it("assigning or unassigning staff to a student reaches the newly assigned and the unassigned, named in its own school only", async () => {
    const admin = await connect("school_admin");
    const counselor = await connect("councelor");
    const link = async (call: "attachUsers" | "detachUsers") => {
      const r = await srv.gql(
        admin.token,
        `mutation($id: Int!, $users: [Int!]!) {
          ${call}(assignable_type: "student", assignable_id: $id, user_ids: $users) { user_ids } }`,
        { id: unseen, users: [counselorId] },
      );
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      expect(r.body.data[call].user_ids).toEqual([counselorId]);
    };
    const message = { seq: expect.any(Number), type: "student.update", ids: [unseen], student_ids: [unseen] };
    // the counselor (assigned only) now sees the student and hears it; the admin too
    await link("attachUsers");
    expect(await counselor.client.nextOfType("student.update")).toEqual(message);
    expect(await admin.client.nextOfType("student.update")).toMatchObject({ ids: [unseen] });
    // unassigned, the counselor no longer sees the student but is named: its open lists drop them
    await link("detachUsers");
    expect(await counselor.client.nextOfType("student.update")).toEqual(message);
    expect(await admin.client.nextOfType("student.update")).toMatchObject({ ids: [unseen] });
    // a named user gets a student message of their own school only, and no other kind names users
    await publish({ type: "student.update", school_id: otherSchool, ids: [foreignStudent], user_ids: [counselorId] });
    await publish({
      type: "attendance.update",
      school_id: school,
      ids: [unseenAttendance],
      student_ids: [unseen],
      user_ids: [counselorId],
    });
    await publish(marker(6));
    expect(await counselor.client.nextOfType("student.update")).toMatchObject({ ids: [6] });
  });

  it("closes a socket that does not authenticate in time", async () => {
    const c = new PushTestClient(srv.url);
    await c.opened;
    const { code, reason } = await c.closedWithin();
    expect(code).toBe(CLOSE.authTimeout);
    expect(reason).toMatch(/authentication timeout/);
  });

  it("closes a socket whose first message is not an auth message, or whose token is bad", async () => {
    const garbage = new PushTestClient(srv.url);
    await garbage.opened;
    garbage.send("hello");
    expect((await garbage.closedWithin()).code).toBe(CLOSE.badRequest);

    const bad = new PushTestClient(srv.url);
    await bad.opened;
    bad.send({ type: "auth", token: "not-a-real-token" });
    expect(await bad.closedWithin()).toEqual({ code: CLOSE.unauthorized, reason: "invalid or expired token" });

    // the search token may search and nothing else
    const { search_token } = await srv.login("staff");
    const search = new PushTestClient(srv.url);
    await search.opened;
    search.send({ type: "auth", token: search_token });
    expect((await search.closedWithin()).code).toBe(CLOSE.unauthorized);
  });

  it("closes the socket of a token revoked by logout", async () => {
    const staff = await connect("staff");
    const res = await srv.post("/api/v2/logout", {}, { authorization: `Bearer ${staff.token}` });
    expect(res.status).toBe(200);
    expect(await staff.client.closedWithin()).toEqual({ code: CLOSE.unauthorized, reason: "token revoked or expired" });
  });

  it("stops delivering to a user moved to another school, re-checked per message", async () => {
    const moved = await connect("school_owner");
    const admin = await connect("school_admin");
    await srv.services.db.update(users).set({ school_id: otherSchool }).where(eq(users.id, moved.user.id));
    try {
      await publish(marker(2));
      expect(await admin.client.nextOfType("student.update")).toMatchObject({ ids: [2] });
      // the moved user got no marker: its next message tells it to refetch under its new access
      expect(await moved.client.nextOfType("resync")).toEqual({ type: "resync" });
      await publish({ type: "student.update", school_id: otherSchool, ids: [foreignStudent] });
      expect(await moved.client.nextOfType("student.update")).toMatchObject({ ids: [foreignStudent] });
    } finally {
      await srv.services.db.update(users).set({ school_id: school }).where(eq(users.id, moved.user.id));
    }
  });

  it("replays what a reconnecting socket missed on the same process, re-checked", async () => {
    const counselor = await connect("councelor");
    await publish(marker(3));
    const last = await counselor.client.nextOfType("student.update");
    counselor.client.close();
    await counselor.client.closedWithin();
    await publish({ type: "student.update", school_id: school, ids: [unseen] });
    await publish({ type: "attendance.update", school_id: school, ids: [seenAttendance], student_ids: [seen] });

    const { client, ready, replayed } = await PushTestClient.connect(srv.url, counselor.token, {
      instance: counselor.ready.instance as string,
      seq: last.seq as number,
    });
    open.push(client);
    // what it missed comes before `ready`; the message about a student it does not see does not come at all
    expect(replayed).toEqual([
      { seq: expect.any(Number), type: "attendance.update", ids: [seenAttendance], student_ids: [seen] },
    ]);
    expect(ready.resumed).toBe(true);
    expect(ready.seq).toBe(replayed[0]!.seq);

    const again = await PushTestClient.connect(srv.url, counselor.token, { instance: "another-process", seq: 1 });
    open.push(again.client);
    expect(again.ready.resumed).toBe(false);
    expect(again.replayed).toEqual([]);
  });
});
