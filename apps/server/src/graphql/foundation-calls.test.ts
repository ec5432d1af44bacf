import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoEmail, ONE_DATABASE, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { TEST_SCHOOL_TZ } from "../../test/template.ts";
import * as t from "../db/schema/index.ts";
import { STUDY_HALL_TITLE } from "../db/seed/demo.ts";
import { isPush, type PushBus, type PushMessage } from "../realtime/messages.ts";

/** Each foundation call, answered by a real server over the demo school, on every database. */
describe.each(ONE_DATABASE)("foundation calls on %s", (kind) => {
  let srv: TestServer;
  const tokens = new Map<string, string>();
  const ids = new Map<string, number>();
  let demoSchoolId = 0;
  let secondSchoolId = 0;

  const as = async (role: string) => {
    const have = tokens.get(role);
    if (have) return have;
    const s = await srv.login(role);
    tokens.set(role, s.access_token);
    ids.set(role, s.user.id);
    return s.access_token;
  };
  /** data of a call that must succeed */
  const ok = async (role: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql(await as(role), query, vars);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };
  /** the first error of a call that must fail, never with a 5xx */
  const fails = async (role: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql(await as(role), query, vars);
    expect(r.status).toBeLessThan(500);
    expect(r.body.errors?.length, JSON.stringify(r.body)).toBeGreaterThan(0);
    const e = r.body.errors?.[0] as { message: string; extensions?: Record<string, unknown> };
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };
  const db = () => srv.database.db;
  /** student ids a raw query answers (PGlite and node-postgres both answer { rows }) */
  const studentIds = async (q: SQL) =>
    ((await db().execute(q)) as unknown as { rows: { student_id: number }[] }).rows.map((r) => Number(r.student_id));

  beforeAll(async () => {
    srv = await startServer(kind);
    const schools = await db().select().from(t.schools).orderBy(t.schools.id);
    demoSchoolId = (schools[0] as (typeof schools)[number]).id;
    secondSchoolId = (schools[1] as (typeof schools)[number]).id;
  });
  afterAll(() => srv.close());

  it("me: fields, role with permissions, tiles with tileable", async () => {
    const d = await ok(
      "school_admin",
      `{ me { id email first_name last_name school_id role_id
           role { id name display_name permissions { override view_information cancellations } }
           tiles { id tileable_id tileable_type tileable { id uuid title name attendance_last_class { label value } } } } }`,
    );
    expect(d.me.email).toBe(demoEmail("school_admin"));
    expect(d.me.school_id).toBe(demoSchoolId);
    expect(d.me.role).toMatchObject({ id: 3, name: "school_admin", display_name: "School Admin" });
    expect(d.me.role.permissions).toEqual({ override: true, view_information: true, cancellations: true });
    const stored = await db().select().from(t.userTiles).where(eq(t.userTiles.user_id, d.me.id));
    expect(d.me.tiles.map((x: { id: number }) => x.id).sort()).toEqual(stored.map((x) => x.id).sort());
    for (const tile of d.me.tiles) {
      expect(tile.tileable.id).toBe(tile.tileable_id);
      expect(tile.tileable.uuid).toMatch(/^[0-9a-f-]{36}$/);
    }
    const coach = await ok("staff", "{ me { role { id permissions { view_information override } } } }");
    expect(coach.me.role).toEqual({ id: 7, permissions: { view_information: false, override: true } });
  });

  it("me: tasks with their taskable attendance and student", async () => {
    const d = await ok(
      "academic_advisor",
      "{ me { id tasks { id description taskable_type taskable_id taskable { id student_id student { id uuid } } } } }",
    );
    const open = await db()
      .select()
      .from(t.tasks)
      .where(and(eq(t.tasks.user_id, d.me.id), sql`${t.tasks.deleted_at} is null`));
    expect(d.me.tasks).toHaveLength(open.length);
    expect(open.length).toBeGreaterThan(0);
    for (const task of d.me.tasks) {
      const [row] = await db()
        .select({ student_id: t.attendance.student_id, uuid: t.students.uuid })
        .from(t.attendance)
        .innerJoin(t.students, eq(t.students.id, t.attendance.student_id))
        .where(eq(t.attendance.id, task.taskable_id));
      expect(task.taskable).toEqual({
        id: task.taskable_id,
        student_id: row?.student_id,
        student: { id: row?.student_id, uuid: row?.uuid },
      });
    }
    // another user's tasks are not in my list
    const coach = await ok("staff", "{ me { tasks { id } } tasks { total } }");
    expect(coach.me.tasks).toEqual([]);
    expect(coach.tasks.total).toBe(0);
  });

  it("statuses: ids 0-7 with the names of decisions.md, as { data, total }", async () => {
    const d = await ok("staff", "{ statuses { total data { id name } } }");
    expect(d.statuses.total).toBe(8);
    expect(d.statuses.data).toEqual([
      { id: 0, name: "pending" },
      { id: 1, name: "present" },
      { id: 2, name: "late" },
      { id: 3, name: "absent" },
      { id: 4, name: "excused" },
      { id: 5, name: "left_early" },
      { id: 6, name: "cancelled" },
      { id: 7, name: "travel" },
    ]);
  });

  it("roles: the nine roles with their stored flags, as { data, total }", async () => {
    const d = await ok(
      "judge",
      "{ roles { total data { id name display_name permissions { view_information reset_token } } } }",
    );
    expect(d.roles.total).toBe(9);
    expect(d.roles.data.map((r: { id: number }) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(d.roles.data[0]).toMatchObject({ name: "master_admin", display_name: "Master Admin" });
    expect(d.roles.data[5]).toMatchObject({ name: "judge", display_name: "Professor" });
    expect(d.roles.data[5].permissions).toEqual({ view_information: false, reset_token: false });
    // flags come from the table, so an edited role shows the edit
    await db().update(t.roles).set({ reset_token: true }).where(eq(t.roles.id, 6));
    const after = await ok("judge", "{ roles { data { id permissions { reset_token } } } }");
    expect(after.roles.data[5].permissions.reset_token).toBe(true);
    await db().update(t.roles).set({ reset_token: false }).where(eq(t.roles.id, 6));
  });

  it("schools: role 1 sees every school, others only their own; school and searchConfig", async () => {
    const all = await ok("master_admin", '{ schools(sort_by: "id") { total data { id name } } }');
    expect(all.schools.total).toBe(2);
    expect(all.schools.data.map((s: { id: number }) => s.id)).toEqual([demoSchoolId, secondSchoolId]);
    for (const role of ["school_owner", "school_admin", "staff", "case_manager"]) {
      const own = await ok(role, "{ schools { total data { id } } }");
      expect(own.schools).toEqual({ total: 1, data: [{ id: demoSchoolId }] });
    }
    const s = await ok("staff", "{ school { id name timezone closures { title start_date end_date } } }");
    expect(s.school).toMatchObject({
      id: demoSchoolId,
      name: "Rollbook Demo High School",
      timezone: TEST_SCHOOL_TZ,
    });
    expect(s.school.closures.map((c: { title: string }) => c.title)).toContain("Winter break");
    const c = await ok("staff", "{ searchConfig { provider endpoint per_page indexes } }");
    expect(c.searchConfig).toMatchObject({ provider: "built-in", endpoint: "/graphql/query" });
    expect(c.searchConfig.indexes).toContain("students");
  });

  it("students: paging, total, sort and query search", async () => {
    const all = await db().$count(t.students, and(eq(t.students.school_id, demoSchoolId), sql`deleted_at is null`));
    const d = await ok(
      "school_admin",
      '{ students(page: 2, per_page: 7, sort_by: "last_name", sort_dir: "desc") { total data { id last_name } } }',
    );
    expect(d.students.total).toBe(all);
    expect(d.students.data).toHaveLength(7);
    const names = d.students.data.map((s: { last_name: string }) => s.last_name);
    expect([...names].sort().reverse()).toEqual(names);
    const first = await ok(
      "school_admin",
      '{ students(page: 1, per_page: 7, sort_by: "last_name", sort_dir: "desc") { data { id last_name } } }',
    );
    expect(first.students.data.at(-1).last_name >= names[0]).toBe(true);
    expect(first.students.data.map((s: { id: number }) => s.id)).not.toContain(d.students.data[0].id);

    const q = await ok(
      "school_admin",
      '{ students(query: "ava", per_page: 250) { total data { first_name last_name email } } }',
    );
    expect(q.students.total).toBeGreaterThan(0);
    expect(q.students.total).toBeLessThan(all);
    for (const s of q.students.data) expect(`${s.first_name} ${s.last_name} ${s.email}`.toLowerCase()).toContain("ava");
    const none = await ok("school_admin", '{ students(query: "%_zzz") { total } }');
    expect(none.students.total).toBe(0);
  });

  it("students: a coach sees only assigned students, and missing=true lists the open study hall", async () => {
    await as("staff");
    const coachId = ids.get("staff") as number;
    const d = await ok("staff", "{ students(per_page: 250) { total data { id } } }");
    const assigned = await studentIds(sql`
        select student_id from student_team st join user_team ut on ut.team_id = st.team_id where ut.user_id = ${coachId}
        union select se.student_id from student_event se join user_event ue on ue.event_id = se.event_id where ue.user_id = ${coachId}
        union select sc.student_id from student_course sc join user_course uc on uc.course_id = sc.course_id where uc.user_id = ${coachId}`);
    const all = await db().$count(t.students, eq(t.students.school_id, demoSchoolId));
    expect(assigned.length).toBeLessThan(all);
    expect(d.students.total).toBe(new Set(assigned).size);
    expect(d.students.data.map((s: { id: number }) => s.id).sort()).toEqual([...new Set(assigned)].sort());

    // the study hall meets all day, every day, and nobody has arrived: its students are missing
    const hall = await studentIds(sql`
        select sc.student_id from student_course sc join courses c on c.id = sc.course_id where c.title = ${STUDY_HALL_TITLE}`);
    const missing = await ok("staff", "{ students(missing: true, per_page: 250) { total data { id } } }");
    expect(missing.students.total).toBe(hall.length);
    expect(missing.students.data.map((s: { id: number }) => s.id).sort()).toEqual([...hall].sort());
  });

  it("students: another school's student is never listed, even by name", async () => {
    await db().insert(t.students).values({
      school_id: secondSchoolId,
      first_name: "Quintus",
      last_name: "Elsewhere",
      token: "QUINTUS001",
      offline_code: "QUINTUSELSEWHERE234567ABCDEFGHIJ",
    });
    for (const role of ["school_owner", "school_admin", "academic_advisor", "staff"]) {
      const d = await ok(role, `{ students(query: "Quintus", state: "all") { total } }`);
      expect(d.students.total, role).toBe(0);
    }
    // that school's own admin finds the student (so the search itself works)
    const res = await srv.post("/api/v2/login", {
      email: "school_admin@lakeside.demo.rollbook.test",
      password: TEST_PASSWORD,
    });
    const lake = ((await res.json()) as { data: { access_token: string } }).data.access_token;
    const found = await srv.gql(lake, '{ students(query: "Quintus") { total data { last_name } } }');
    expect(found.body.data.students).toEqual({ total: 1, data: [{ last_name: "Elsewhere" }] });
  });

  it("courses: visibility and in_session", async () => {
    const all = await ok("school_admin", "{ courses(per_page: 250) { total data { title is_in_session } } }");
    const stored = await db().$count(t.courses, eq(t.courses.school_id, demoSchoolId));
    expect(all.courses.total).toBe(stored);
    const coach = await ok("staff", "{ courses { total data { title } } }");
    expect(coach.courses).toEqual({ total: 1, data: [{ title: STUDY_HALL_TITLE }] });
    const prof = await ok("judge", "{ courses { total } }");
    const profCount = await db().$count(t.userCourse, eq(t.userCourse.user_id, (await srv.login("judge")).user.id));
    expect(prof.courses.total).toBe(profCount);
    // the study hall is in session from 00:00 to 23:59 in the school's zone
    const minute = new Intl.DateTimeFormat("en-GB", {
      timeZone: TEST_SCHOOL_TZ,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date());
    if (minute !== "23:59") {
      const live = await ok(
        "school_admin",
        "{ courses(in_session: true, per_page: 250) { data { title is_in_session } } }",
      );
      expect(live.courses.data).toContainEqual({ title: STUDY_HALL_TITLE, is_in_session: true });
      for (const c of live.courses.data) expect(c.is_in_session).toBe(true);
      const flagged = all.courses.data.filter((c: { is_in_session: boolean }) => c.is_in_session);
      expect(flagged.length).toBe(live.courses.data.length);
    }
  });

  it("switchSchool: role 1 moves and its lists follow; an unknown school is NOT_FOUND", async () => {
    const moved = await ok("master_admin", "mutation($id: Int!) { switchSchool(school_id: $id) { id name } }", {
      id: secondSchoolId,
    });
    expect(moved.switchSchool).toEqual({ id: secondSchoolId, name: "Lakeside Demo College" });
    const after = await ok(
      "master_admin",
      '{ me { school_id } school { id } students(state: "all") { total } courses { total } }',
    );
    expect(after.me.school_id).toBe(secondSchoolId);
    expect(after.school.id).toBe(secondSchoolId);
    expect(after.students.total).toBe(await db().$count(t.students, eq(t.students.school_id, secondSchoolId)));
    expect(after.courses.total).toBe(
      await db().$count(
        t.courses,
        and(eq(t.courses.school_id, secondSchoolId), isNull(t.courses.deleted_at), eq(t.courses.is_archived, false)),
      ),
    );
    expect(after.courses.total).toBeGreaterThan(0);
    const [audit] = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, "school.switch"), eq(t.auditLog.school_id, secondSchoolId)));
    expect(audit?.data).toEqual({ from: demoSchoolId, to: secondSchoolId });
    expect(await fails("master_admin", "mutation { switchSchool(school_id: 999999) { id } }")).toMatchObject({
      code: "NOT_FOUND",
    });
    await ok("master_admin", "mutation($id: Int!) { switchSchool(school_id: $id) { id } }", { id: demoSchoolId });
    expect((await ok("master_admin", "{ me { school_id } }")).me.school_id).toBe(demoSchoolId);
    // nobody else may switch school
    expect((await fails("school_owner", `mutation { switchSchool(school_id: ${secondSchoolId}) { id } }`)).code).toBe(
      "FORBIDDEN",
    );
  });

  it("switchUser: role 3 into a coach acts as the coach, audited; a higher role is refused", async () => {
    await as("school_admin");
    await as("staff");
    const adminId = ids.get("school_admin") as number;
    const coachId = ids.get("staff") as number;
    const d = await ok(
      "school_admin",
      "mutation($id: Int!) { switchUser(user_id: $id) { access_token search_token } }",
      {
        id: coachId,
      },
    );
    const me = await srv.gql(d.switchUser.access_token, "{ me { id email } courses { total } }");
    expect(me.body.data.me).toEqual({ id: coachId, email: demoEmail("staff") });
    expect(me.body.data.courses.total).toBe(1);
    const search = await srv.gql(d.switchUser.search_token, "{ searchConfig { provider } }");
    expect(search.status).toBe(200);
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, "user.switch"), eq(t.auditLog.user_id, coachId)));
    expect(audit.map((a) => a.impersonator_id)).toContain(adminId);

    // a higher role is out of reach: refused, naming the argument (decision 0950)
    const owner = (await srv.login("school_owner")).user.id;
    const up = await fails("school_admin", "mutation($id: Int!) { switchUser(user_id: $id) { access_token } }", {
      id: owner,
    });
    expect(up).toMatchObject({ code: "FORBIDDEN", field: "user_id" });
    // the coach may not switch at all
    expect((await fails("staff", `mutation { switchUser(user_id: ${adminId}) { access_token } }`)).code).toBe(
      "FORBIDDEN",
    );
    // a user of another school is not found
    const [other] = await db().select().from(t.users).where(eq(t.users.school_id, secondSchoolId));
    expect((await fails("school_admin", `mutation { switchUser(user_id: ${other?.id}) { access_token } }`)).code).toBe(
      "NOT_FOUND",
    );
  });

  it("addToDashboard and removeFromDashboard", async () => {
    const bad = await fails("school_admin", 'mutation { addToDashboard(id: 1, type: "student") { id } }');
    expect(bad).toMatchObject({ code: "BAD_USER_INPUT", field: "type" });
    const courses = await db()
      .select()
      .from(t.courses)
      .where(eq(t.courses.school_id, demoSchoolId))
      .orderBy(t.courses.id);
    const course = courses[2] as (typeof courses)[number];
    const added = await ok(
      "school_admin",
      'mutation($id: Int!) { addToDashboard(id: $id, type: "course") { id tileable_id tileable_type tileable { title } } }',
      { id: course.id },
    );
    expect(added.addToDashboard).toMatchObject({
      tileable_id: course.id,
      tileable_type: "course",
      tileable: { title: course.title },
    });
    const tiles = await ok("school_admin", "{ me { tiles { id } } }");
    expect(tiles.me.tiles.map((x: { id: number }) => x.id)).toContain(added.addToDashboard.id);
    // a course the coach is not assigned to cannot become the coach's tile
    expect(
      (
        await fails("staff", 'mutation($id: Int!) { addToDashboard(id: $id, type: "course") { id } }', {
          id: course.id,
        })
      ).code,
    ).toBe("NOT_FOUND");
    // nobody removes another user's tile
    expect(
      (await fails("staff", "mutation($id: Int!) { removeFromDashboard(id: $id) }", { id: added.addToDashboard.id }))
        .code,
    ).toBe("NOT_FOUND");
    const removed = await ok("school_admin", "mutation($id: Int!) { removeFromDashboard(id: $id) }", {
      id: added.addToDashboard.id,
    });
    expect(removed.removeFromDashboard).toBe(true);
    const later = await ok("school_admin", "{ me { tiles { id } } }");
    expect(later.me.tiles.map((x: { id: number }) => x.id)).not.toContain(added.addToDashboard.id);
  });

  it("closeTask: an own task closes and publishes task.update; another user's is NOT_FOUND", async () => {
    const mine = await ok("academic_advisor", "{ tasks { total data { id } } }");
    const task = mine.tasks.data[0] as { id: number };
    expect(task).toBeTruthy();
    expect((await fails("staff", "mutation($id: Int!) { closeTask(id: $id) { id } }", { id: task.id })).code).toBe(
      "NOT_FOUND",
    );
    const seen: PushMessage[] = [];
    // the in-process bus of the app (no REDIS_URL in tests) also subscribes
    const off = (srv.services.bus as PushBus).subscribe((m) => isPush(m) && seen.push(m));
    try {
      const closed = await ok("academic_advisor", "mutation($id: Int!) { closeTask(id: $id) { id deleted_at } }", {
        id: task.id,
      });
      expect(closed.closeTask.id).toBe(task.id);
      expect(closed.closeTask.deleted_at).toBeTruthy();
      await expect.poll(() => seen.length).toBeGreaterThan(0);
      expect(seen[0]).toMatchObject({ type: "task.update", ids: [task.id], user_id: ids.get("academic_advisor") });
    } finally {
      off();
    }
    const after = await ok("academic_advisor", "{ tasks { total data { id } } }");
    expect(after.tasks.total).toBe(mine.tasks.total - 1);
    expect(after.tasks.data.map((x: { id: number }) => x.id)).not.toContain(task.id);
    // closed once only
    expect(
      (await fails("academic_advisor", "mutation($id: Int!) { closeTask(id: $id) { id } }", { id: task.id })).code,
    ).toBe("NOT_FOUND");
  });

  it("updatePassword: names the wrong field, refuses another user, then the new password signs in", async () => {
    const login = await srv.login("councelor");
    const tok = login.access_token;
    const call = (vars: Record<string, unknown>) =>
      srv.gql(
        tok,
        "mutation($u: Int!, $c: String!, $n: String!) { updatePassword(user_id: $u, current_password: $c, new_password: $n) }",
        vars,
      );
    const wrong = await call({ u: login.user.id, c: "not-it-at-all", n: "a-new-password-1" });
    expect(wrong.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "current_password" });
    const short = await call({ u: login.user.id, c: TEST_PASSWORD, n: "short" });
    expect(short.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "new_password" });
    // the same password again is no change (it would only end the user's other sessions)
    const same = await call({ u: login.user.id, c: TEST_PASSWORD, n: TEST_PASSWORD });
    expect(same.body.errors?.[0]).toMatchObject({
      message: "new_password must differ from the current password",
      extensions: { code: "BAD_USER_INPUT", field: "new_password" },
    });
    const other = await call({ u: ids.get("staff") ?? 1, c: TEST_PASSWORD, n: "a-new-password-1" });
    expect(other.body.errors?.[0]?.extensions).toMatchObject({ field: "user_id" });
    const done = await call({ u: login.user.id, c: TEST_PASSWORD, n: "a-new-password-1" });
    expect(done.body).toEqual({ data: { updatePassword: true } });
    const oldOne = await srv.post("/api/v2/login", { email: demoEmail("councelor"), password: TEST_PASSWORD });
    expect(oldOne.status).toBe(401);
    const newOne = await srv.post("/api/v2/login", { email: demoEmail("councelor"), password: "a-new-password-1" });
    expect(newOne.status).toBe(200);
    // the coach's password is unchanged
    const coach = await srv.post("/api/v2/login", { email: demoEmail("staff"), password: TEST_PASSWORD });
    expect(coach.status).toBe(200);
  });

  it("inviteUser: mails a single-use /Invite link that registers once; bad input names its field", async () => {
    const invite =
      "mutation($e: String!, $f: String!, $r: Int!) { inviteUser(email: $e, first_name: $f, role_id: $r) { id email role_id school_id } }";
    const email = `new.coach.${kind}@example.org`;
    const first = await ok("school_admin", invite, { e: email, f: "Nia", r: 7 });
    expect(first.inviteUser).toMatchObject({ email, role_id: 7, school_id: demoSchoolId });
    const linkOf = async () => {
      const mails = await db().select().from(t.mailOutbox).where(eq(t.mailOutbox.to, email)).orderBy(t.mailOutbox.id);
      const m = /\/Invite\/([0-9a-f-]{36})/.exec(mails.at(-1)?.text ?? "");
      expect(m, mails.at(-1)?.text).toBeTruthy();
      return { count: mails.length, uuid: (m as RegExpExecArray)[1] as string };
    };
    const older = await linkOf();
    expect((await srv.post("/api/v2/checkInvitation", { token: older.uuid })).status).toBe(200);

    // a new invitation for the same address: only the newest link works
    await ok("school_admin", invite, { e: email.toUpperCase(), f: "Nia", r: 7 });
    const newer = await linkOf();
    expect(newer.count).toBe(older.count + 1);
    expect(newer.uuid).not.toBe(older.uuid);
    expect((await srv.post("/api/v2/checkInvitation", { token: older.uuid })).status).toBe(410);
    const check = await srv.post("/api/v2/checkInvitation", { token: newer.uuid });
    expect(check.status).toBe(200);
    expect(((await check.json()) as { data: unknown }).data).toMatchObject({ valid: true, email, first_name: "Nia" });

    const body = {
      token: newer.uuid,
      first_name: "Nia",
      last_name: "Okafor",
      password: "nia-password-1",
      password_confirmation: "nia-password-1",
    };
    // U+0000 would fail in PostgreSQL: refused naming the field, and the link still works
    const nul = await srv.post("/api/v2/register", { ...body, first_name: "Ni\u0000a" });
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { errors: Record<string, string[]> }).errors.first_name).toBeTruthy();
    const reg = await srv.post("/api/v2/register", body);
    expect(reg.status).toBe(200);
    const user = ((await reg.json()) as { data: { user: { role: { id: number }; email: string } } }).data.user;
    expect(user).toMatchObject({ email, role: { id: 7 } });
    expect((await srv.post("/api/v2/register", body)).status).toBe(410);
    expect((await srv.post("/api/v2/login", { email, password: "nia-password-1" })).status).toBe(200);

    // the address is now a user's
    expect(await fails("school_admin", invite, { e: email, f: "Nia", r: 7 })).toMatchObject({ field: "email" });
    expect(await fails("school_admin", invite, { e: demoEmail("judge"), f: "X", r: 7 })).toMatchObject({
      field: "email",
    });
    expect(await fails("school_admin", invite, { e: "not-an-email", f: "X", r: 7 })).toMatchObject({ field: "email" });
    // a role above the inviter's is out of reach (FORBIDDEN, decision 0950); no role at all is bad input
    expect(await fails("school_admin", invite, { e: "boss@example.org", f: "X", r: 2 })).toMatchObject({
      code: "FORBIDDEN",
      field: "role_id",
    });
    expect(await fails("school_admin", invite, { e: "boss@example.org", f: "X", r: 42 })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "role_id",
    });
    expect(await fails("school_admin", invite, { e: "blank@example.org", f: "  ", r: 7 })).toMatchObject({
      field: "first_name",
    });
    // an advisor invites roles 6 and above only; a coach may not invite
    expect(await fails("academic_advisor", invite, { e: "adv@example.org", f: "X", r: 5 })).toMatchObject({
      field: "role_id",
    });
    expect((await fails("staff", invite, { e: "c@example.org", f: "X", r: 9 })).code).toBe("FORBIDDEN");
  });
});
