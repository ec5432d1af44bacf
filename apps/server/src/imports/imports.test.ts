import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, demoEmail, startServer, type TestServer } from "../../test/harness.ts";
import {
  auditLog,
  courses,
  imports,
  invitationCourse,
  invitations,
  mailOutbox,
  notificationClaims,
  schools,
  studentCourse,
  students,
  studentTeam,
  teams,
  userCourse,
  users,
} from "../db/schema/index.ts";
import { schoolsOf } from "../engine/test-fixtures.ts";
import { PushTestClient } from "../realtime/push-test-client.ts";
import { importClient, oneRosterHead, registerThrough, SAMPLES, sample, storedZip } from "./import-test-client.ts";
import { IMPORT_INVITE_EVERY_MS } from "./invite-rows.ts";
import { appendToFile, createFile, oidOf } from "./store.ts";

const LIST = `query($page: Int, $per: Int) { imports(page: $page, per_page: $per) { total data { uuid kind status progress total_rows } } }`;

/** Imports (issue 13, decision 0970): the upload, the job, the rows, the pushes. */
describe.each(DATABASES)("imports on %s", (kind) => {
  let srv: TestServer;
  let schoolId: number;
  let otherId: number;

  beforeAll(async () => {
    srv = await startServer(kind);
    const { demo, other } = await schoolsOf(srv.services.db);
    schoolId = demo.id;
    otherId = other.id;
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const { as, upload, one, run } = importClient(() => srv);
  const studentsBy = (ids: string[], school = schoolId) =>
    db()
      .select()
      .from(students)
      .where(and(eq(students.school_id, school), inArray(students.school_identifier, ids)));
  const importCount = async () => db().$count(imports);
  /**
   * Waits until the worker has run the import left `running` to its end. PostgreSQL: every
   * process sweeps every 2 s. PGlite is one process, which sweeps when it starts and on each
   * upload: an upload (of a student `kick`) here plays the restart.
   */
  const restartPicksUp = async (id: number, kick: string) => {
    if (kind === "pglite")
      expect(
        (await upload("school_admin", "students", `school_identifier,first_name,last_name\n${kick},Kick,Off\n`)).status,
      ).toBe(202);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [imp] = await db().select().from(imports).where(eq(imports.id, id));
      if (imp?.status === "done") return imp;
      if (Date.now() > deadline) throw new Error(`not picked up: ${JSON.stringify(imp)}`);
      await new Promise((ok) => setTimeout(ok, 200));
    }
  };
  const lastMail = async (to: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];

  it("imports students in the own layout, then a re-run updates instead of duplicating", async () => {
    const imp = await run("students", sample("students.csv"));
    expect(imp).toMatchObject({ status: "done", progress: 3, total_rows: 3, row_errors: [] });
    expect(imp.finished_at).toBeTruthy();
    const rows = await studentsBy(["S-1001", "S-1002", "S-1003"]);
    expect(rows.map((r) => r.last_name).sort()).toEqual(["Hopper", "Lovelace", "Turing"]);
    const ada = rows.find((r) => r.school_identifier === "S-1001");
    expect(ada).toMatchObject({
      email: "ada.lovelace@students.example.edu",
      phone: "5550101001",
      date_of_birth: "2006-12-10",
    });
    expect(ada?.token).toBeTruthy();
    const again = sample("students.csv").toString().replace("Ada,Lovelace", "Augusta Ada,King");
    expect((await run("students", again)).status).toBe("done");
    const after = await studentsBy(["S-1001", "S-1002", "S-1003"]);
    expect(after).toHaveLength(3);
    const king = after.find((r) => r.school_identifier === "S-1001");
    expect(king).toMatchObject({ first_name: "Augusta Ada", last_name: "King", id: ada?.id, token: ada?.token });
  });

  it("imports courses, enrollments, teams with members and users in the own layouts", async () => {
    expect((await run("courses", sample("courses.csv"))).row_errors).toEqual([]);
    const cs = await db()
      .select()
      .from(courses)
      .where(and(eq(courses.school_id, schoolId), inArray(courses.crn, ["71101", "71102"])));
    expect(cs).toHaveLength(2);
    expect(cs.find((c) => c.crn === "71101")).toMatchObject({
      title: "Algebra I",
      meet_mon: true,
      meet_wed: true,
      meet_fri: true,
      meet_tue: false,
      start_time: "09:00:00",
    });
    expect((await run("enrollments", sample("enrollments.csv"))).row_errors).toEqual([]);
    const algebra = cs.find((c) => c.crn === "71101")?.id as number;
    expect(await db().$count(studentCourse, eq(studentCourse.course_id, algebra))).toBe(2);
    expect((await run("teams", sample("teams.csv"))).row_errors).toEqual([]);
    const [chess] = await db()
      .select()
      .from(teams)
      .where(and(eq(teams.school_id, schoolId), eq(teams.name, "Chess Club")));
    expect(chess).toMatchObject({ tag: "CHESS", visibility: "public", is_sport: false });
    expect(await db().$count(studentTeam, eq(studentTeam.team_id, chess?.id as number))).toBe(2);
    expect((await run("users", sample("users.csv"))).row_errors).toEqual([]);
    // a new address is invited, not made a user (decision 0951): the invitation carries the row
    const curie = () => db().select().from(invitations).where(eq(invitations.email, "m.curie@staff.example.edu"));
    expect(await curie()).toMatchObject([
      { school_id: schoolId, role_id: 6, first_name: "Marie", phone_number: "5550102001", accepted_at: null },
    ]);
    expect(await db().$count(users, eq(users.email, "m.curie@staff.example.edu"))).toBe(0);
    // a second run of each changes nothing in number
    await run("courses", sample("courses.csv"));
    await run("teams", sample("teams.csv"));
    await run("users", sample("users.csv"));
    expect(await db().$count(courses, and(eq(courses.school_id, schoolId), eq(courses.crn, "71101")))).toBe(1);
    expect(await db().$count(teams, and(eq(teams.school_id, schoolId), eq(teams.name, "Chess Club")))).toBe(1);
    expect(await curie()).toHaveLength(1);
  });

  it("imports the OneRoster sample (zip): students, teachers, classes and enrollments", async () => {
    const imp = await run("oneroster", sample("oneroster.zip"), "school_admin", "application/zip");
    expect(imp.row_errors).toEqual([]);
    expect(imp).toMatchObject({ status: "done", total_rows: 1 + 8 + 2 + 7 });
    const st = await studentsBy(["OR-2001", "OR-2002", "OR-2003", "u-s4"]);
    expect(st).toHaveLength(4);
    // teachers and administrators are invited; their classes wait on the invitation (decision 0951)
    const staff = await db()
      .select()
      .from(invitations)
      .where(
        inArray(invitations.email, [
          "rosa.brown@staff.example.edu",
          "sam.white@staff.example.edu",
          "tara.green@staff.example.edu",
          "uma.lopez@example.com",
        ]),
      );
    expect(staff.map((u) => [u.email, u.role_id]).sort()).toEqual([
      ["rosa.brown@staff.example.edu", 6],
      ["sam.white@staff.example.edu", 6],
      ["tara.green@staff.example.edu", 3],
    ]);
    expect(
      await db().$count(
        users,
        inArray(
          users.email,
          staff.map((u) => u.email),
        ),
      ),
    ).toBe(0);
    const cs = await db()
      .select()
      .from(courses)
      .where(and(eq(courses.school_id, schoolId), inArray(courses.crn, ["OR-BIO-1", "OR-HIS-3"])));
    expect(cs.map((c) => c.title).sort()).toEqual(["Biology 10 - Period 1", "World History - Period 3"]);
    const ids = cs.map((c) => c.id);
    expect(await db().$count(studentCourse, inArray(studentCourse.course_id, ids))).toBe(5);
    expect(await db().$count(userCourse, inArray(userCourse.course_id, ids))).toBe(0);
    expect(await db().$count(invitationCourse, inArray(invitationCourse.course_id, ids))).toBe(2);
    // again: the same rows, updated
    await run(
      "oneroster",
      storedZip({
        "users.csv": fs
          .readFileSync(path.join(SAMPLES, "oneroster/users.csv"), "utf8")
          .replace("Nora,Lopez", "Nora,Lopez-Diaz"),
        "classes.csv": fs.readFileSync(path.join(SAMPLES, "oneroster/classes.csv"), "utf8"),
        "enrollments.csv": fs.readFileSync(path.join(SAMPLES, "oneroster/enrollments.csv"), "utf8"),
      }),
      "school_admin",
      "application/zip",
    );
    const again = await studentsBy(["OR-2001", "OR-2002", "OR-2003", "u-s4"]);
    expect(again).toHaveLength(4);
    expect(again.find((s) => s.school_identifier === "OR-2001")?.last_name).toBe("Lopez-Diaz");
    expect(await db().$count(studentCourse, inArray(studentCourse.course_id, ids))).toBe(5);
  });

  it("lists each bad row with its line and the column, and keeps the good rows", async () => {
    const csv = [
      "school_identifier,first_name,last_name,email,date_of_birth",
      "B-1,Good,One,good.one@x.test,",
      "B-2,Bad,Mail,not-an-email,",
      "B-3,,NoFirst,,",
      '"B-4","Quoted, Name","Two",,',
      "B-5,Future,Born,,2999-01-01",
      ",No,Identifier,,",
      "B-6,Too,Many,,,extra",
    ].join("\n");
    const imp = await run("students", csv);
    expect(imp.status).toBe("done");
    expect(imp.row_errors).toEqual([
      { line: 3, reason: expect.stringMatching(/^email: /) },
      { line: 4, reason: expect.stringMatching(/^first_name: /) },
      { line: 6, reason: expect.stringMatching(/^date_of_birth: /) },
      { line: 7, reason: expect.stringMatching(/^school_identifier: is required/) },
      { line: 8, reason: "the row has 6 cells, the header 5" },
    ]);
    const kept = await studentsBy(["B-1", "B-2", "B-3", "B-4", "B-5", "B-6"]);
    expect(kept.map((s) => s.school_identifier).sort()).toEqual(["B-1", "B-4"]);
    expect(kept.find((s) => s.school_identifier === "B-4")?.first_name).toBe("Quoted, Name");
  });

  it("counts every row not written, also those past the 1,000 it lists", async () => {
    const bad = Array.from({ length: 1003 }, (_, i) => `LONG-${i},,NoFirst`);
    const csv = ["school_identifier,first_name,last_name", "LONG-A,Good,One", ...bad, "LONG-B,Good,Two"].join("\n");
    const imp = await run("students", csv);
    expect(imp).toMatchObject({ status: "done", total_rows: 1005, rejected_rows: 1003, error_count: 1003 });
    expect(imp.row_errors).toHaveLength(1001);
    expect(imp.row_errors.at(-1)).toEqual({
      line: 0,
      reason: "3 more rows had errors: only the first 1000 are listed",
    });
    expect((await studentsBy(["LONG-A", "LONG-B", "LONG-0"])).map((s) => s.school_identifier).sort()).toEqual([
      "LONG-A",
      "LONG-B",
    ]);
  });

  it("refuses a wrong header, a binary file, an empty file, a bad CSV and a big file; nothing is written", async () => {
    const before = await importCount();
    const lo = async () =>
      Number(((await db().execute(sql`select count(*)::int as n from pg_largeobject_metadata`)) as any).rows[0].n);
    const los = await lo();
    const wrong = await upload("school_admin", "students", "student_id,first,last\nX-1,A,B\n");
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/lacks the columns "school_identifier", "first_name", "last_name"/);
    expect(wrong.body.errors.file).toHaveLength(1);
    const unknown = await upload(
      "school_admin",
      "students",
      "school_identifier,first_name,last_name,shoe_size\nX-1,A,B,9\n",
    );
    expect(unknown.body.message).toMatch(/unknown column "shoe_size"/);
    const binary = await upload(
      "school_admin",
      "students",
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]),
      "application/octet-stream",
    );
    expect(binary).toMatchObject({ status: 400, body: { message: expect.stringMatching(/not a CSV text file/) } });
    const latin1 = await upload(
      "school_admin",
      "students",
      Buffer.from("school_identifier,first_name,last_name\nX-1,Jos\xe9,B\n", "latin1"),
    );
    expect(latin1.body.message).toMatch(/not UTF-8/);
    expect((await upload("school_admin", "students", "")).body.message).toBe("the file is empty");
    expect((await upload("school_admin", "students", "school_identifier,first_name,last_name\n")).body.message).toBe(
      "the file has a header but no rows",
    );
    const quote = await upload("school_admin", "students", 'school_identifier,first_name,last_name\nX-1,"open,B\n');
    expect(quote.body.message).toMatch(/not valid CSV/);
    // a quote inside an unquoted cell (a spreadsheet formula): csv-parse's one code without CSV_ (found by the fuzz)
    const formula = await upload("school_admin", "teams", 'name,tag\n=HYPERLINK("x"),A\n');
    expect(formula).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/not valid CSV: Invalid Opening Quote/) },
    });
    const notZip = await upload("school_admin", "oneroster", sample("students.csv"));
    expect(notZip.body.message).toMatch(/not a zip archive/);
    const noUsers = await upload(
      "school_admin",
      "oneroster",
      storedZip({
        "classes.csv": "sourcedId,title\n",
        "enrollments.csv": "sourcedId,classSourcedId,userSourcedId,role\n",
      }),
      "application/zip",
    );
    expect(noUsers.body.message).toBe("the OneRoster zip lacks users.csv");
    // a deflated entry whose bytes are not deflate: refused, not a server error
    const broken = storedZip({ "users.csv": "x".repeat(64), "classes.csv": "y", "enrollments.csv": "z" });
    broken.writeUInt16LE(8, 8);
    broken.writeUInt16LE(8, broken.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    const unpack = await upload("school_admin", "oneroster", broken, "application/zip");
    expect(unpack).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^users.csv could not be unpacked/) },
    });
    const kindless = await upload("school_admin", "grades", "a\n1\n");
    expect(kindless).toMatchObject({ status: 400, body: { errors: { kind: [expect.any(String)] } } });
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, "a");
    const huge = await upload("school_admin", "students", big);
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/larger than 20 MB/);
    expect(await importCount()).toBe(before);
    expect(await lo()).toBe(los);
    expect(await studentsBy(["X-1"])).toHaveLength(0);
  });

  it("a file refused before it was read to its end leaves the connection usable for the next request", async () => {
    // one keep-alive socket, as a browser reuses it: the rest of a refused body used to stay
    // unread, and the next request on the connection was never answered
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const token = await as("school_admin");
    const send = (k: string, body: Buffer) =>
      new Promise<{ status: number; message: string }>((resolve, reject) => {
        const u = new URL(srv.url);
        const timer = setTimeout(() => reject(new Error(`no answer to the ${k} upload`)), 15_000);
        const req = http.request(
          {
            host: u.hostname,
            port: Number(u.port),
            path: `/api/v2/imports?kind=${k}`,
            method: "POST",
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              "x-requested-with": "XMLHttpRequest",
              "content-type": "text/csv",
              "content-length": body.length,
            },
          },
          (res) => {
            let text = "";
            res.on("data", (c) => (text += c));
            res.on("end", () => {
              clearTimeout(timer);
              resolve({ status: res.statusCode ?? 0, message: JSON.parse(text).message ?? "" });
            });
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    // 6 MB past the refused start: more than the socket's buffers hold
    const rest = Buffer.alloc(6 * 1024 * 1024, "a");
    try {
      const notZip = await send("oneroster", Buffer.concat([Buffer.from("not a zip"), rest]));
      expect(notZip).toMatchObject({ status: 400, message: expect.stringMatching(/not a zip archive/) });
      const header = await send("students", Buffer.concat([Buffer.from("student_id,first,last\n"), rest]));
      expect(header).toMatchObject({ status: 400, message: expect.stringMatching(/lacks the columns/) });
      const good = await send("students", Buffer.from("school_identifier,first_name,last_name\nKA-1,Kim,Alive\n"));
      expect(good.status).toBe(202);
    } finally {
      agent.destroy();
    }
  });

  it("is for admin roles only, and each school sees its own imports", async () => {
    expect((await upload("academic_advisor", "students", sample("students.csv"))).status).toBe(403);
    const search = (await srv.login("school_admin")).search_token;
    const res = await fetch(`${srv.url}/api/v2/imports?kind=students`, {
      method: "POST",
      headers: { authorization: `Bearer ${search}`, "x-requested-with": "XMLHttpRequest", "content-type": "text/csv" },
      body: new Uint8Array(sample("students.csv")),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "The search token may only search: sign in to import" });
    const list = await srv.gql(await as("school_owner"), LIST, { per: 100 });
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.imports.total).toBeGreaterThan(3);
    const first = list.body.data.imports.data[0];
    const staffOnly = await one(first.uuid, "staff");
    expect(staffOnly.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const bogus = await one("00000000-0000-4000-8000-000000000000");
    expect(bogus.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("leaves another school's rows alone, even with the same keys", async () => {
    const [theirs] = await db()
      .insert(students)
      .values({
        school_id: otherId,
        first_name: "Other",
        last_name: "School",
        school_identifier: "S-1002",
        token: `T-${kind}-OTHER`,
        offline_code: "JBSWY3DPEHPK3PXP",
      })
      .returning();
    await db()
      .insert(courses)
      .values({ school_id: otherId, crn: "71102", title: "Theirs", start_time: "08:00", end_time: "09:00" });
    await run("students", sample("students.csv"));
    await run("courses", sample("courses.csv"));
    const [after] = await db()
      .select()
      .from(students)
      .where(eq(students.id, theirs?.id as number));
    expect(after).toMatchObject({ first_name: "Other", last_name: "School", school_id: otherId });
    const [course] = await db()
      .select()
      .from(courses)
      .where(and(eq(courses.school_id, otherId), eq(courses.crn, "71102")));
    expect(course?.title).toBe("Theirs");
    // a user of another school keeps their school
    await db()
      .insert(users)
      .values({ school_id: otherId, first_name: "Far", email: `far-${kind}@other.test` });
    await run("users", `email,first_name,role\nfar-${kind}@other.test,Near,staff\n`);
    const [far] = await db()
      .select()
      .from(users)
      .where(eq(users.email, `far-${kind}@other.test`));
    expect(far).toMatchObject({ school_id: otherId, first_name: "Far" });
  });

  it("invites another school's address as a free one; only the mails differ (decisions 0951, 0952)", async () => {
    const held = `held-${kind}@other.test`;
    const free = `free-${kind}@x.test`;
    const gone = `gone-${kind}@other.test`;
    await db().insert(users).values({ school_id: otherId, first_name: "Held", email: held });
    const [removed] = await db()
      .insert(users)
      .values({ school_id: otherId, first_name: "Gone", email: gone, deleted_at: new Date() })
      .returning();
    const imp = await run(
      "users",
      `email,first_name,role\n${free},Free,staff\n${held},Held,staff\n${gone},Back,staff\n`,
    );
    // the report of the held address is the free one's: done, every row counted, no row error
    expect(imp).toMatchObject({ status: "done", progress: 3, total_rows: 3, row_errors: [] });
    // each address is one open invitation of the school, and none is a user of it
    const invited = await db()
      .select()
      .from(invitations)
      .where(inArray(invitations.email, [free, held, gone]));
    expect(invited.map((i) => [i.email, i.school_id, i.role_id]).sort()).toEqual(
      [free, gone, held].map((e) => [e, schoolId, 7]),
    );
    expect(await db().$count(users, and(eq(users.school_id, schoolId), inArray(users.email, [free, held, gone])))).toBe(
      0,
    );
    const [holder] = await db().select().from(users).where(eq(users.email, held));
    expect(holder).toMatchObject({ school_id: otherId, first_name: "Held" });
    const note = await lastMail(held);
    expect(note?.text).toMatch(/already have a Rollbook account/);
    expect(note?.text).not.toMatch(/\/Invite\//);
    expect((await lastMail(free))?.text).toMatch(/\/Invite\//);
    // another school's removed user is no holder: its address gets the link, and registering
    // through it gives the address up (decision 0952)
    expect((await registerThrough(srv, (await lastMail(gone))?.text, "Back", "Again")).status).toBe(200);
    const [fresh] = await db().select().from(users).where(eq(users.email, gone));
    expect(fresh).toMatchObject({ school_id: schoolId, role_id: 7, first_name: "Back", deleted_at: null });
    const [old] = await db()
      .select()
      .from(users)
      .where(eq(users.id, removed?.id as number));
    expect(old).toMatchObject({ school_id: otherId, email: `removed+${old?.id}@invalid` });
    const [released] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.address_released"), eq(auditLog.subject_id, removed?.id as number)));
    expect(released).toMatchObject({ school_id: otherId, data: { email: gone } });
    // a user of the importer's own school is still refused clearly where it is refused
    const own = await run("users", `email,first_name,role\n${demoEmail("school_admin")},Me,staff\n`);
    expect(own.row_errors).toEqual([{ line: 2, reason: "email: is your own account: change it on your profile" }]);
  });

  it("invites a OneRoster teacher of another school's address as a free one, classes too (decision 0951)", async () => {
    const held = `teacher-${kind}@other.test`;
    const free = `free-teacher-${kind}@x.test`;
    await db().insert(users).values({ school_id: otherId, first_name: "Held", email: held });
    const head = oneRosterHead;
    const imp = await run(
      "oneroster",
      storedZip({
        "users.csv": `${head("users.csv")}\nu-held,active,,true,org-1,teacher,held,,Held,Teacher,,,${held},,,,,\nu-free,active,,true,org-1,teacher,free,,Free,Teacher,,,${free},,,,,\n`,
        "classes.csv": `${head("classes.csv")}\nc-held,active,,Held class,10,,OR-HELD-${kind},scheduled,,org-1,,,,\n`,
        "enrollments.csv": `${head("enrollments.csv")}\ne-held,active,,c-held,org-1,u-held,teacher,true,,\ne-free,active,,c-held,org-1,u-free,teacher,true,,\n`,
      }),
      "school_admin",
      "application/zip",
    );
    // the held teacher's enrollment reads as the free one's: no row error names the address
    expect(imp).toMatchObject({ status: "done", row_errors: [] });
    const [holder] = await db().select().from(users).where(eq(users.email, held));
    expect(holder?.school_id).toBe(otherId);
    expect((await lastMail(held))?.text).toMatch(/already have a Rollbook account/);
    // the class has neither as an assigned user; each invitation holds the class
    const [course] = await db()
      .select()
      .from(courses)
      .where(and(eq(courses.school_id, schoolId), eq(courses.crn, `OR-HELD-${kind}`)));
    expect(await db().$count(userCourse, eq(userCourse.course_id, course?.id as number))).toBe(0);
    const waiting = await db()
      .select({ email: invitations.email })
      .from(invitationCourse)
      .innerJoin(invitations, eq(invitations.id, invitationCourse.invitation_id))
      .where(eq(invitationCourse.course_id, course?.id as number));
    expect(waiting.map((w) => w.email).sort()).toEqual([free, held]);
  });

  it("invites an address once, also when a crash makes an import run again, and again after 30 days (decisions 0951, 0970)", async () => {
    const held = `once-${kind}@other.test`;
    const free = `once-${kind}@x.test`;
    const csv = `email,first_name,role\n${held},Held,staff\n${free},Free,staff\n`;
    await db().insert(users).values({ school_id: otherId, first_name: "Held", email: held });
    const told = async () => [
      await db().$count(mailOutbox, eq(mailOutbox.to, held)),
      await db().$count(mailOutbox, eq(mailOutbox.to, free)),
    ];
    const first = await run("users", csv);
    expect(await told()).toEqual([1, 1]);
    // the process died after the batch committed, before the import was marked done: the file
    // is still stored and the import still `running`, so the next process runs it from row 1
    const [imp] = await db().select().from(imports).where(eq(imports.uuid, first.uuid));
    const id = imp?.id as number;
    await db().update(imports).set({ status: "running", progress: 0, finished_at: null }).where(eq(imports.id, id));
    await createFile(db(), id);
    await appendToFile(db(), id, 0, Buffer.from(csv));
    expect(await restartPicksUp(id, `ONCE-${kind}`)).toMatchObject({ status: "done", row_errors: [] });
    expect(await told()).toEqual([1, 1]);
    const claims = await db()
      .select()
      .from(notificationClaims)
      .where(and(eq(notificationClaims.kind, "import_invite"), eq(notificationClaims.period, `import:${id}`)));
    expect(claims.map((c) => [c.school_id, c.recipient]).sort()).toEqual([
      [schoolId, `email:${held}`],
      [schoolId, `email:${free}`],
    ]);
    expect(await db().$count(invitations, inArray(invitations.email, [held, free]))).toBe(2);
    // a school importing its roster every night invites once, not every night
    await run("users", csv);
    await run("users", csv);
    expect(await told()).toEqual([1, 1]);
    // the invitations expired and the claims are older than the window: the next import invites again
    await db()
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(inArray(invitations.email, [held, free]));
    await db()
      .update(notificationClaims)
      .set({ created_at: new Date(Date.now() - IMPORT_INVITE_EVERY_MS - 60_000) })
      .where(inArray(notificationClaims.recipient, [`email:${held}`, `email:${free}`]));
    await run("users", csv);
    expect(await told()).toEqual([2, 2]);
    await run("users", csv);
    expect(await told()).toEqual([2, 2]);
  });

  it("refuses a role the importer may not grant, row by row", async () => {
    const csv = [
      "email,first_name,role",
      `granted-${kind}@x.test,Granted,staff`,
      `above-${kind}@x.test,Above,school_admin`,
      `nope-${kind}@x.test,Nope,wizard`,
    ].join("\n");
    const imp = await run("users", csv, "athletics_admin");
    expect(imp.row_errors).toEqual([
      { line: 3, reason: "role: you may not grant the role school_admin (School Admin)" },
      { line: 4, reason: expect.stringMatching(/^role: "wizard" is not a role/) },
    ]);
    expect(
      await db().$count(invitations, inArray(invitations.email, [`granted-${kind}@x.test`, `above-${kind}@x.test`])),
    ).toBe(1);
    // and may not lower the role of a user above them either
    const again = await run(
      "users",
      `email,first_name,role\n${demoEmail("school_owner")},X,staff\n`,
      "athletics_admin",
    );
    expect(again.row_errors).toEqual([{ line: 2, reason: "email: belongs to a user of a role you may not manage" }]);
  });

  it("respects student_cap: rows past it are errors", async () => {
    const active = await db().$count(students, and(eq(students.school_id, schoolId), isNull(students.deleted_at)));
    await db()
      .update(schools)
      .set({ student_cap: active + 1 })
      .where(eq(schools.id, schoolId));
    try {
      const imp = await run(
        "students",
        "school_identifier,first_name,last_name\nCAP-1,A,One\nCAP-2,B,Two\nS-1001,Ada,Lovelace\n",
      );
      expect(imp.row_errors).toEqual([
        { line: 3, reason: expect.stringMatching(/^school_identifier: student_cap reached/) },
      ]);
      expect((await studentsBy(["CAP-1", "CAP-2"])).map((s) => s.school_identifier)).toEqual(["CAP-1"]);
    } finally {
      await db().update(schools).set({ student_cap: null }).where(eq(schools.id, schoolId));
    }
  });

  it("pushes progress over the WebSocket to the school's admins", async () => {
    const { client } = await PushTestClient.connect(srv.url, await as("school_admin"));
    try {
      const rows = ["school_identifier,first_name,last_name"];
      for (let i = 0; i < 2500; i++) rows.push(`P-${i},First${i},Last${i}`);
      const up = await upload("school_admin", "students", rows.join("\n"));
      expect(up.status).toBe(202);
      const id = up.body.data.id as number;
      // each batch's student.update (the students it wrote, decision 0200) comes between its progress
      const nextImport = async () => {
        for (;;) {
          const m = await client.next(30_000);
          if (m.type === "import.update") return m;
          expect(["ping", "student.update"]).toContain(m.type);
        }
      };
      let messages = 0;
      for (;;) {
        const m = await nextImport();
        expect(m.ids).toEqual([id]);
        messages++;
        const { data } = await one(up.body.data.uuid);
        if (data.import.status === "done") {
          expect(data.import.progress).toBe(2500);
          break;
        }
      }
      // queued, running, one per batch of 1,000 rows (3), done: each pushed, none polled
      for (;;) {
        const m = await client.next(1000).catch(() => null);
        if (!m) break;
        if (m.type === "import.update") messages++;
      }
      expect(messages).toBeGreaterThanOrEqual(6);
    } finally {
      client.close();
    }
  });

  it("picks up an import left running by a process that died", async () => {
    const [me] = await db()
      .select()
      .from(users)
      .where(eq(users.email, demoEmail("school_admin")));
    const [row] = await db()
      .execute(sql`select nextval(pg_get_serial_sequence('imports', 'id'))::int as id`)
      .then((r: any) => r.rows);
    const id = row.id as number;
    const csv = Buffer.from("school_identifier,first_name,last_name\nDEAD-1,Picked,Up\n");
    await createFile(db(), id);
    await appendToFile(db(), id, 0, csv);
    await db().insert(imports).values({
      id,
      school_id: schoolId,
      user_id: me?.id,
      kind: "students",
      status: "running",
      progress: 0,
      total_rows: 1,
    });
    await restartPicksUp(id, "DEAD-2");
    expect(await studentsBy(["DEAD-1"])).toHaveLength(1);
    const left = await db().execute(
      sql`select count(*)::int as n from pg_largeobject_metadata where oid = ${oidOf(id)}::oid`,
    );
    expect((left as any).rows[0].n).toBe(0);
  });
});
