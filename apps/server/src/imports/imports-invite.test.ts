import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import {
  courses,
  invitationCourse,
  invitations,
  mailOutbox,
  notificationClaims,
  userCourse,
  users,
} from "../db/schema/index.ts";
import { schoolsOf } from "../engine/test-fixtures.ts";
import { ChangedRows } from "./changed-rows.ts";
import { importClient, oneRosterHead, registerThrough, storedZip } from "./import-test-client.ts";
import { IMPORT_INVITE_EVERY_MS, inviteImported } from "./invite-rows.ts";

const head = oneRosterHead;

const USERS = `query($q: String) { users(query: $q, state: "all", per_page: 50) { total data { email first_name } } }`;
const INVITATIONS = `query($q: String, $state: String) { invitations(query: $q, state: $state, per_page: 50) {
  total data { email first_name last_name role_id school_id accepted_at expires_at created_at } } }`;

/** A users import invites every address the school does not have, free or held elsewhere (decision 0951). */
describe.each(DATABASES)("a users import invites on %s", (kind) => {
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
  const { as, run } = importClient(() => srv);
  const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
  const holdElsewhere = (email: string) =>
    db().insert(users).values({ school_id: otherId, first_name: "Held", last_name: "Elsewhere", email });
  /**
   * What the importer can read of an address, as /Users and its invitations tab read it, with
   * the address itself replaced: equal for two addresses means the importer cannot tell them apart.
   */
  const seen = async (address: string, state = "all") => {
    const token = await as("school_admin");
    const u = await srv.gql(token, USERS, { q: address });
    const i = await srv.gql(token, INVITATIONS, { q: address, state });
    expect(u.body.errors ?? i.body.errors).toBeUndefined();
    return JSON.parse(
      JSON.stringify({ users: u.body.data, invitations: i.body.data }).replaceAll(address, "<address>"),
    );
  };
  const invitationsOf = (emails: string[]) =>
    db()
      .select()
      .from(invitations)
      .where(inArray(sql`lower(${invitations.email})`, emails))
      .orderBy(invitations.id);

  it("a free address and another school's user read the same to the importer: report, /Users, invitations", async () => {
    const free = `free-${kind}@x.test`;
    const held = `held-${kind}@other.test`;
    await holdElsewhere(held);
    const row = (email: string) => `${email},Pat,Doe,staff,(555) 010-3001`;
    const imp = await run("users", `email,first_name,last_name,role,phone_number\n${row(free)}\n${row(held)}\n`);
    expect(imp).toMatchObject({ status: "done", progress: 2, total_rows: 2, row_errors: [] });
    const freeSeen = await seen(free);
    expect(freeSeen).toEqual(await seen(held));
    // neither is a user of the school; each is one pending invitation
    expect(freeSeen.users.users).toEqual({ total: 0, data: [] });
    expect(freeSeen.invitations.invitations).toMatchObject({
      total: 1,
      data: [{ email: "<address>", first_name: "Pat", last_name: "Doe", role_id: 7, school_id: schoolId }],
    });
    // only the addresses' mailboxes differ: a link for the free one, a note for the holder
    const [toFree] = await mailsTo(free);
    expect(toFree?.text).toMatch(/\/Invite\/[0-9a-f-]{36}/);
    const [toHeld] = await mailsTo(held);
    expect(toHeld?.text).toMatch(/already have a Rollbook account/);
    expect(toHeld?.text).not.toMatch(/\/Invite\//);
    const [holder] = await db().select().from(users).where(eq(users.email, held));
    expect(holder).toMatchObject({ school_id: otherId, first_name: "Held" });
  });

  it("uploading the file again keeps both invitations and mails nothing; both are invited again on the same night", async () => {
    const free = `nightly-${kind}@x.test`;
    const held = `nightly-${kind}@other.test`;
    await holdElsewhere(held);
    const file = (first: string) => `email,first_name,role\n${free},${first},staff\n${held},${first},staff\n`;
    const mails = async () => [(await mailsTo(free)).length, (await mailsTo(held)).length];
    await run("users", file("Pat"));
    const before = await invitationsOf([free, held]);
    expect(before).toHaveLength(2);
    expect(await mails()).toEqual([1, 1]);
    // the same night: nothing changes, nobody is mailed
    expect((await run("users", file("Pat"))).row_errors).toEqual([]);
    expect(await invitationsOf([free, held])).toEqual(before);
    // a changed name is written to the open invitations, with the same link and no mail
    await run("users", file("Patricia"));
    const renamed = await invitationsOf([free, held]);
    expect(renamed.map((i) => [i.id, i.secret_hash, i.expires_at, i.first_name])).toEqual(
      before.map((i) => [i.id, i.secret_hash, i.expires_at, "Patricia"]),
    );
    expect(await mails()).toEqual([1, 1]);
    // expired, and invited within 30 days: the next nights leave both expired
    await db()
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(
        inArray(
          invitations.id,
          before.map((i) => i.id),
        ),
      );
    await run("users", file("Patricia"));
    expect(await invitationsOf([free, held])).toHaveLength(2);
    expect(await mails()).toEqual([1, 1]);
    expect(await seen(free, "open")).toEqual(await seen(held, "open"));
    expect((await seen(free, "expired")).invitations.invitations.total).toBe(1);
    // 30 days after the imports invited them: both are invited again by the same upload
    await db()
      .update(notificationClaims)
      .set({ created_at: new Date(Date.now() - IMPORT_INVITE_EVERY_MS - 60_000) })
      .where(inArray(notificationClaims.recipient, [`email:${free}`, `email:${held}`]));
    await run("users", file("Patricia"));
    expect(await mails()).toEqual([2, 2]);
    expect(await seen(free)).toEqual(await seen(held));
    expect((await seen(free, "open")).invitations.invitations.total).toBe(1);
    await run("users", file("Patricia"));
    expect(await mails()).toEqual([2, 2]);
  });

  it("registration through an imported invitation applies its phone and its courses (not a course removed since)", async () => {
    const address = `teacher-${kind}@x.test`;
    const zip = storedZip({
      "users.csv": `${head("users.csv")}\nu-t,active,,true,org-1,teacher,t,,Rita,Reg,,,${address},,,,,\n`,
      "classes.csv": `${head("classes.csv")}\nc-a,active,,Class A,10,,OR-A-${kind},scheduled,,org-1,,,,\nc-b,active,,Class B,10,,OR-B-${kind},scheduled,,org-1,,,,\n`,
      "enrollments.csv": `${head("enrollments.csv")}\ne-a,active,,c-a,org-1,u-t,teacher,true,,\ne-b,active,,c-b,org-1,u-t,teacher,true,,\n`,
    });
    expect((await run("oneroster", zip, "school_admin", "application/zip")).row_errors).toEqual([]);
    // the users layout gives the phone; the open invitation takes it without a new link
    await run("users", `email,first_name,last_name,role,phone_number\n${address},Rita,Reg,judge,(555) 010-3101\n`);
    const sent = await mailsTo(address);
    expect(sent).toHaveLength(1);
    const cs = await db()
      .select()
      .from(courses)
      .where(and(eq(courses.school_id, schoolId), inArray(courses.crn, [`OR-A-${kind}`, `OR-B-${kind}`])));
    const a = cs.find((c) => c.crn === `OR-A-${kind}`)?.id as number;
    const b = cs.find((c) => c.crn === `OR-B-${kind}`)?.id as number;
    // no user yet, so no course has them
    expect(await db().$count(users, eq(users.email, address))).toBe(0);
    await db().update(courses).set({ deleted_at: new Date() }).where(eq(courses.id, b));
    expect((await registerThrough(srv, sent[0]?.text, "Rita", "Reg")).status).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.email, address));
    expect(user).toMatchObject({ school_id: schoolId, role_id: 6, phone_number: "5550103101" });
    const assigned = await db()
      .select({ course_id: userCourse.course_id })
      .from(userCourse)
      .where(eq(userCourse.user_id, user?.id as number));
    expect(assigned).toEqual([{ course_id: a }]);
  });

  it("an invitation made by hand for an imported address keeps the import's phone and classes", async () => {
    const address = `handmade-${kind}@x.test`;
    const zip = storedZip({
      "users.csv": `${head("users.csv")}\nu-h,active,,true,org-1,teacher,h,,Hana,Roster,,,${address},,,,,\n`,
      "classes.csv": `${head("classes.csv")}\nc-h,active,,Class H,10,,OR-H-${kind},scheduled,,org-1,,,,\n`,
      "enrollments.csv": `${head("enrollments.csv")}\ne-h,active,,c-h,org-1,u-h,teacher,true,,\n`,
    });
    expect((await run("oneroster", zip, "school_admin", "application/zip")).row_errors).toEqual([]);
    await run("users", `email,first_name,last_name,role,phone_number\n${address},Hana,Roster,judge,(555) 010-3202\n`);
    const [imported] = await invitationsOf([address]);
    // an admin invites the address again by hand, as a counselor, under another first name
    const invite = await srv.gql(
      await as("school_admin"),
      `mutation($email: String!) { inviteUser(email: $email, first_name: "Hannah", role_id: 8) { id } }`,
      { email: address },
    );
    expect(invite.body.errors).toBeUndefined();
    const [ended, handmade] = await invitationsOf([address]);
    expect(ended?.id).toBe(imported?.id);
    expect(ended?.expires_at.getTime()).toBeLessThanOrEqual(Date.now());
    // the call's own fields win; the phone and the class the roster gave stay
    expect(handmade).toMatchObject({ first_name: "Hannah", role_id: 8, phone_number: "5550103202" });
    const waiting = await db()
      .select({ course_id: invitationCourse.course_id })
      .from(invitationCourse)
      .where(eq(invitationCourse.invitation_id, handmade?.id as number));
    const [course] = await db()
      .select()
      .from(courses)
      .where(and(eq(courses.school_id, schoolId), eq(courses.crn, `OR-H-${kind}`)));
    expect(waiting).toEqual([{ course_id: course?.id }]);
    const mails = await mailsTo(address);
    expect((await registerThrough(srv, mails.at(-1)?.text, "Hannah", "Roster")).status).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.email, address));
    expect(user).toMatchObject({ role_id: 8, phone_number: "5550103202" });
    expect(
      await db().$count(
        userCourse,
        and(eq(userCourse.user_id, user?.id as number), eq(userCourse.course_id, course?.id as number)),
      ),
    ).toBe(1);
  });

  it("invites a batch's new addresses with one lock statement, whatever their number: each adds only its mail", async () => {
    const admin = (await srv.login("school_admin")).user;
    const cost = async (n: number) => {
      const rows = Array.from({ length: n }, (_, i) => {
        const email = `lock-${kind}-${n}-${i}@x.test`;
        return { line: i + 2, email, value: { email, first_name: "Lee", role_id: 7 } };
      });
      const failed: string[] = [];
      const ctx = {
        db: db(),
        importId: 900_000 + n,
        schoolId,
        thresholds: null,
        importer: { id: admin.id, roleId: admin.role_id },
        fail: (line: number, reason: string) => void failed.push(`${line}: ${reason}`),
        mail: { mailer: srv.services.mailer, inviter: "School Admin", schoolName: "Demo", publicUrl: "http://x.test" },
        changed: new ChangedRows(),
      };
      const before = srv.database.statements();
      await inviteImported(ctx, rows);
      const spent = srv.database.statements() - before;
      expect(failed).toEqual([]);
      expect(await invitationsOf(rows.map((r) => r.email))).toHaveLength(n);
      return spent;
    };
    const two = await cost(2);
    // one mail a new address (the outbox row); the locks, reads and writes are one statement each
    expect((await cost(20)) - two).toBe(18);
  });

  it("an address of a user of the school is still updated in place, neither invited nor mailed", async () => {
    const address = `own-${kind}@x.test`;
    const [own] = await db()
      .insert(users)
      .values({ school_id: schoolId, role_id: 7, first_name: "Old", last_name: "Name", email: address })
      .returning();
    const imp = await run(
      "users",
      `email,first_name,last_name,role,phone_number\n${address},New,Name,judge,5550103201\n`,
    );
    expect(imp.row_errors).toEqual([]);
    const [after] = await db().select().from(users).where(eq(users.email, address));
    expect(after).toMatchObject({ id: own?.id, first_name: "New", role_id: 6, phone_number: "5550103201" });
    expect(await invitationsOf([address])).toEqual([]);
    expect(await mailsTo(address)).toEqual([]);
  });
});
