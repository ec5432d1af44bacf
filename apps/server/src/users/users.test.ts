import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { hashPassword } from "../auth/passwords.ts";
import { auditLog, courses, invitations, mailOutbox, users } from "../db/schema/index.ts";
import { schoolsOf } from "../engine/test-fixtures.ts";

const USER = "id first_name last_name email phone_number role_id active deleted_at last_seen";
const LIST = `query($q: String, $role: Int, $state: String, $sort: String, $dir: String, $per: Int, $page: Int) {
  users(query: $q, role_id: $role, state: $state, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) { total data { ${USER} } } }`;
const ONE = `query($id: Int!) { user(id: $id) { ${USER} alert_filter assignedCourses { id } } }`;
const UPDATE = `mutation($id: Int!, $first: String, $last: String, $email: String, $phone: String, $role: Int, $active: Boolean) {
  updateUser(id: $id, first_name: $first, last_name: $last, email: $email, phone_number: $phone, role_id: $role, active: $active) { ${USER} } }`;
const REMOVE = `mutation($id: Int!) { removeUser(id: $id) { id deleted_at } }`;
const RESTORE = `mutation($id: Int!) { restoreUser(id: $id) { id deleted_at } }`;
const INVITE = `mutation($email: String!, $first: String!, $role: Int!) { inviteUser(email: $email, first_name: $first, role_id: $role) { id email role_id } }`;
const INVITES = `query($state: String) { invitations(state: $state) { total data { id email role_id accepted_at expires_at } } }`;
const RESEND = `mutation($id: Int!) { resendInvitation(id: $id) { id expires_at } }`;
const REVOKE = `mutation($id: Int!) { revokeInvitation(id: $id) { id expires_at } }`;
const RESET = `mutation($id: Int!) { sendPasswordReset(id: $id) }`;
const SIGN_OUT = `mutation($id: Int!) { signOutUser(id: $id) }`;
const NOTIFY = `mutation($id: Int!, $late: Boolean, $sms: Boolean, $phone: String, $filter: [String!]) {
  updateNotifications(user_id: $id, late_email: $late, prefers_sms: $sms, phone_number: $phone, alert_filter: $filter) {
    id late_email prefers_sms phone_number alert_filter } }`;
const PROFILE = `mutation($first: String, $hc: Boolean, $a11y: Boolean, $email: String) {
  updateProfile(first_name: $first, higher_contrast: $hc, a11y_mode: $a11y, email: $email) { id first_name higher_contrast a11y_mode role_id } }`;
const SWITCH = `mutation($id: Int!) { switchUser(user_id: $id) { access_token search_token } }`;
const BACK = `mutation { switchBack { access_token search_token } }`;
const ME = `query { me { id role_id impersonator { id first_name last_name } } }`;

/** Users administration (issue 13): the calls, the rank rules and the audit of switching. */
describe.each(ONE_DATABASE)("users administration on %s", (kind) => {
  let srv: TestServer;
  let otherUserId: number;
  const ids = new Map<string, number>();
  let seq = 0;

  beforeAll(async () => {
    srv = await startServer(kind);
    const { other } = await schoolsOf(srv.services.db);
    const [o] = await srv.services.db
      .insert(users)
      .values({
        school_id: other.id,
        role_id: 9,
        first_name: "Other",
        last_name: "School",
        email: `other-${kind}@x.test`,
      })
      .returning();
    otherUserId = o!.id;
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const token = async (role: string) => {
    const s = await srv.login(role);
    ids.set(role, s.user.id);
    return s.access_token as string;
  };
  const tokens = new Map<string, string>();
  const as = async (role: string) => tokens.get(role) ?? tokens.set(role, await token(role)).get(role)!;
  const idOf = async (role: string) => {
    await as(role);
    return ids.get(role)!;
  };
  const ok = async (tok: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql(tok, query, vars);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };
  const fails = async (tok: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql(tok, query, vars);
    expect(r.status).toBeLessThan(500);
    expect(r.body.errors?.length, JSON.stringify(r.body)).toBeGreaterThan(0);
    const e = r.body.errors![0]!;
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };
  /** A fresh user with a password, in the demo school. */
  const makeUser = async (roleId: number, extra: Partial<typeof users.$inferInsert> = {}) => {
    const { demo } = await schoolsOf(db());
    const [u] = await db()
      .insert(users)
      .values({
        school_id: demo.id,
        role_id: roleId,
        first_name: `Made${++seq}`,
        last_name: "Person",
        email: `made-${kind}-${seq}@rollbook.test`,
        password_hash: await hashPassword(TEST_PASSWORD),
        ...extra,
      })
      .returning();
    return u!;
  };
  const signIn = async (email: string) => {
    const res = await srv.post("/api/v2/login", { email, password: TEST_PASSWORD });
    return ((await res.json()) as { data: { access_token: string } }).data.access_token;
  };

  it("lists the school's users with search, role, state, sort and paging", async () => {
    const admin = await as("school_admin");
    const all = (await ok(admin, LIST, { per: 100 })).users;
    expect(all.total).toBeGreaterThanOrEqual(9);
    expect(all.data.every((u: { active: boolean; deleted_at: string | null }) => u.active && !u.deleted_at)).toBe(true);
    expect(all.data.some((u: { id: number }) => u.id === otherUserId)).toBe(false);
    const coaches = (await ok(admin, LIST, { role: 7 })).users;
    expect(coaches.data.map((u: { role_id: number }) => u.role_id)).toEqual(coaches.data.map(() => 7));
    const found = (await ok(admin, LIST, { q: "academic advisor" })).users;
    expect(found.data.map((u: { role_id: number }) => u.role_id)).toContain(5);
    const paged = (await ok(admin, LIST, { per: 2, page: 2, sort: "email", dir: "desc" })).users;
    expect(paged.data).toHaveLength(2);
    const inactive = await makeUser(9, { active: false });
    const listed = (await ok(admin, LIST, { state: "inactive", per: 100 })).users;
    expect(listed.data.map((u: { id: number }) => u.id)).toContain(inactive.id);
    expect((await ok(admin, LIST, { sort: "last_seen", dir: "desc" })).users.data.length).toBeGreaterThan(0);
    // bad input names its field
    expect(await fails(admin, LIST, { state: "gone" })).toMatchObject({ code: "BAD_USER_INPUT", field: "state" });
    expect(await fails(admin, LIST, { role: 42 })).toMatchObject({ field: "role_id" });
    expect(await fails(admin, LIST, { sort: "password_hash" })).toMatchObject({ field: "sort_by" });
    // professors and coaches see the list; counselors do not
    await ok(await as("judge"), LIST, {});
    expect((await fails(await as("councelor"), LIST, {})).code).toBe("FORBIDDEN");
  });

  it("reads one user; another school's user is NOT_FOUND", async () => {
    const admin = await as("school_admin");
    const coach = await idOf("staff");
    expect((await ok(admin, ONE, { id: coach })).user.role_id).toBe(7);
    expect((await fails(admin, ONE, { id: otherUserId })).code).toBe("NOT_FOUND");
    expect((await fails(admin, UPDATE, { id: otherUserId, first: "X" })).code).toBe("NOT_FOUND");
    expect((await fails(admin, SWITCH, { id: otherUserId })).code).toBe("NOT_FOUND");
  });

  it("updates a user within rank and names bad fields", async () => {
    const admin = await as("school_admin");
    const u = await makeUser(7);
    const changed = (
      await ok(admin, UPDATE, { id: u.id, first: " Casey ", last: "Stone", phone: "(518) 555-1234", role: 6 })
    ).updateUser;
    expect(changed).toMatchObject({ first_name: "Casey", last_name: "Stone", phone_number: "5185551234", role_id: 6 });
    expect(await fails(admin, UPDATE, { id: u.id, first: " " })).toMatchObject({ field: "first_name" });
    expect(await fails(admin, UPDATE, { id: u.id, email: "nope" })).toMatchObject({ field: "email" });
    const coachEmail = (await ok(admin, ONE, { id: await idOf("staff") })).user.email;
    expect(await fails(admin, UPDATE, { id: u.id, email: coachEmail })).toMatchObject({ field: "email" });
    expect(await fails(admin, UPDATE, { id: u.id, phone: "12" })).toMatchObject({ field: "phone_number" });
    expect(await fails(admin, UPDATE, { id: u.id, role: 0 })).toMatchObject({ field: "role_id" });
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.update"), eq(auditLog.subject_id, u.id)));
    expect(rows).toHaveLength(1);
  });

  it("refuses raising one's own role, a user above one's rank and granting a higher role", async () => {
    const admin = await as("athletics_admin");
    const me = await idOf("athletics_admin");
    expect(await fails(admin, UPDATE, { id: me, role: 1 })).toMatchObject({ code: "FORBIDDEN", field: "id" });
    expect(await fails(admin, UPDATE, { id: await idOf("school_admin"), first: "X" })).toMatchObject({
      code: "FORBIDDEN",
    });
    const u = await makeUser(9);
    expect(await fails(admin, UPDATE, { id: u.id, role: 3 })).toMatchObject({ code: "FORBIDDEN", field: "role_id" });
    expect((await ok(admin, UPDATE, { id: u.id, role: 4 })).updateUser.role_id).toBe(4);
    // the advisor manages roles 6-9 only
    const advisor = await as("academic_advisor");
    const six = await makeUser(6);
    expect((await ok(advisor, UPDATE, { id: six.id, last: "Ok" })).updateUser.last_name).toBe("Ok");
    expect(await fails(advisor, UPDATE, { id: six.id, role: 5 })).toMatchObject({
      code: "FORBIDDEN",
      field: "role_id",
    });
    expect((await fails(advisor, UPDATE, { id: await idOf("school_owner"), first: "X" })).code).toBe("FORBIDDEN");
    // a text-direction control would turn a name around in every list and CSV
    expect(await fails(advisor, UPDATE, { id: six.id, last: "J\u202Edge" })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "last_name",
    });
    expect(await fails(advisor, INVITE, { email: "x6@rollbook.test", first: "\u2066Eve", role: 7 })).toMatchObject({
      field: "first_name",
    });
    // a role out of reach is FORBIDDEN naming role_id (decision 0950), for an invitation as for a change
    expect(await fails(advisor, INVITE, { email: "x5@rollbook.test", first: "X", role: 5 })).toMatchObject({
      code: "FORBIDDEN",
      field: "role_id",
    });
    // a role that manages nobody is refused alike whoever it names: nothing says how the id ranks
    for (const role of ["councelor", "case_manager"] as const) {
      const tok = await as(role);
      for (const target of [await idOf("school_admin"), u.id]) {
        for (const [query, vars] of [
          [SIGN_OUT, { id: target }],
          [NOTIFY, { id: target, late: true }],
          [RESET, { id: target }],
        ] as const) {
          expect(await fails(tok, query, vars)).toMatchObject({
            code: "FORBIDDEN",
            message: "You are not allowed to do this.",
          });
        }
      }
    }
    // the profile has no role at all, and cannot be used to change one's own rank
    const prof = await ok(await as("staff"), PROFILE, { first: "Coach" });
    expect(prof.updateProfile.role_id).toBe(7);
    expect((await fails(await as("judge"), UPDATE, { id: await idOf("judge"), role: 1 })).code).toBe("FORBIDDEN");
  });

  it("deactivates, removes and restores: sessions end, sign-in refused until restored", async () => {
    const admin = await as("school_admin");
    const u = await makeUser(8);
    const theirs = await signIn(u.email);
    await ok(theirs, ME);
    await ok(admin, UPDATE, { id: u.id, active: false });
    expect((await srv.gql(theirs, ME)).status).toBe(401);
    await ok(admin, UPDATE, { id: u.id, active: true });
    const again = await signIn(u.email);
    expect((await ok(admin, REMOVE, { id: u.id })).removeUser.deleted_at).not.toBeNull();
    expect((await srv.gql(again, ME)).status).toBe(401);
    expect(await fails(admin, REMOVE, { id: u.id })).toMatchObject({ field: "id" });
    const removed = (await ok(admin, LIST, { state: "removed", per: 100 })).users.data;
    expect(removed.map((x: { id: number }) => x.id)).toContain(u.id);
    expect((await ok(admin, RESTORE, { id: u.id })).restoreUser.deleted_at).toBeNull();
    await ok(await signIn(u.email), ME);
    expect((await fails(await as("staff"), REMOVE, { id: u.id })).code).toBe("FORBIDDEN");
  });

  it("invites, lists, resends and revokes invitations within rank", async () => {
    const admin = await as("school_admin");
    const inv = (await ok(admin, INVITE, { email: `inv-${kind}@rollbook.test`, first: "Ivy", role: 7 })).inviteUser;
    const open = (await ok(admin, INVITES, {})).invitations.data;
    expect(open.map((i: { id: number }) => i.id)).toContain(inv.id);
    const before = await db().select().from(invitations).where(eq(invitations.id, inv.id));
    await ok(admin, RESEND, { id: inv.id });
    const after = await db().select().from(invitations).where(eq(invitations.id, inv.id));
    expect(after[0]!.secret_hash).not.toBe(before[0]!.secret_hash);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `inv-${kind}@rollbook.test`));
    expect(mails).toHaveLength(2);
    await ok(admin, REVOKE, { id: inv.id });
    expect((await ok(admin, INVITES, {})).invitations.data.map((i: { id: number }) => i.id)).not.toContain(inv.id);
    expect(
      (await ok(admin, INVITES, { state: "expired" })).invitations.data.map((i: { id: number }) => i.id),
    ).toContain(inv.id);
    // an invitation of role 2 is above the athletics admin's rank
    const high = (
      await ok(await as("school_owner"), INVITE, { email: `own-${kind}@rollbook.test`, first: "O", role: 2 })
    ).inviteUser;
    expect((await fails(await as("athletics_admin"), RESEND, { id: high.id })).code).toBe("FORBIDDEN");
    expect((await fails(admin, INVITES, { state: "later" })).field).toBe("state");
    expect((await fails(await as("judge"), INVITES, {})).code).toBe("FORBIDDEN");
  });

  it("sorts open invitations by a named column, newest first by default, and refuses any other", async () => {
    const admin = await as("school_admin");
    const SORTED = `query($by: String, $dir: String) { invitations(sort_by: $by, sort_dir: $dir, per_page: 250) { data { id email first_name } } }`;
    for (const [email, first] of [
      [`sort-b-${kind}@rollbook.test`, "Émile"],
      [`sort-c-${kind}@rollbook.test`, "Adam"],
      [`sort-a-${kind}@rollbook.test`, "Zoé"],
    ] as const)
      await ok(admin, INVITE, { email, first, role: 7 });
    const ours = (rows: { email: string; first_name: string }[]) => rows.filter((r) => r.email.startsWith("sort-"));
    const newest = ours((await ok(admin, SORTED, {})).invitations.data);
    expect(newest.map((r) => r.first_name)).toEqual(["Zoé", "Adam", "Émile"]);
    const byEmail = ours((await ok(admin, SORTED, { by: "email" })).invitations.data);
    expect(byEmail.map((r) => r.email)).toEqual([...byEmail.map((r) => r.email)].sort());
    const byName = ours((await ok(admin, SORTED, { by: "first_name", dir: "desc" })).invitations.data);
    expect(byName.map((r) => r.first_name)).toEqual(["Zoé", "Émile", "Adam"]);
    for (const by of ["no_such_column", "__proto__", "x".repeat(5000)])
      expect(await fails(admin, SORTED, { by })).toMatchObject({ field: "sort_by" });
  });

  it("a resent invitation is the address's one open link: a newer one it replaced ends", async () => {
    const admin = await as("school_admin");
    const email = `twice-${kind}@rollbook.test`;
    const first = (await ok(admin, INVITE, { email, first: "T", role: 7 })).inviteUser;
    const second = (await ok(admin, INVITE, { email, first: "T", role: 7 })).inviteUser;
    await ok(admin, RESEND, { id: first.id });
    const open = await db()
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        sql`${invitations.email} = ${email} and ${invitations.accepted_at} is null and ${invitations.expires_at} > now()`,
      );
    expect(open.map((r) => r.id)).toEqual([first.id]);
    expect(second.id).not.toBe(first.id);
  });

  it("sends a password reset to another user and signs out every session", async () => {
    const admin = await as("school_admin");
    const u = await makeUser(9);
    await ok(admin, RESET, { id: u.id });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, u.email)).orderBy(desc(mailOutbox.id));
    expect(mail?.text).toMatch(/\/ResetPassword\//);
    const a = await signIn(u.email);
    const b = await signIn(u.email);
    await ok(admin, SIGN_OUT, { id: u.id });
    expect((await srv.gql(a, ME)).status).toBe(401);
    expect((await srv.gql(b, ME)).status).toBe(401);
    // oneself: the other sessions end, this one stays
    const mine1 = await signIn(u.email);
    const mine2 = await signIn(u.email);
    await ok(mine1, SIGN_OUT, { id: u.id });
    await ok(mine1, ME);
    expect((await srv.gql(mine2, ME)).status).toBe(401);
    expect((await fails(mine1, SIGN_OUT, { id: await idOf("school_admin") })).code).toBe("FORBIDDEN");
    expect((await fails(await as("athletics_admin"), RESET, { id: await idOf("school_owner") })).code).toBe(
      "FORBIDDEN",
    );
  });

  it("updates notification choices with phone and alert_filter", async () => {
    const admin = await as("school_admin");
    const u = await makeUser(7);
    const { demo } = await schoolsOf(db());
    const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.school_id, demo.id)).limit(1);
    const set = (
      await ok(admin, NOTIFY, {
        id: u.id,
        late: true,
        sms: true,
        phone: "518-555-0000",
        filter: [`course:${course!.id}`],
      })
    ).updateNotifications;
    expect(set).toMatchObject({
      late_email: true,
      prefers_sms: true,
      phone_number: "5185550000",
      alert_filter: [`course:${course!.id}`],
    });
    expect(await fails(admin, NOTIFY, { id: u.id, phone: "" })).toMatchObject({ field: "phone_number" });
    expect(await fails(admin, NOTIFY, { id: u.id, filter: ["course:abc"] })).toMatchObject({ field: "alert_filter" });
    expect(await fails(admin, NOTIFY, { id: u.id, filter: ["team:999999"] })).toMatchObject({ field: "alert_filter" });
    // oneself, by any role; above one's rank, never
    const coach = await as("staff");
    expect((await ok(coach, NOTIFY, { id: await idOf("staff"), late: false })).updateNotifications.late_email).toBe(
      false,
    );
    expect((await fails(coach, NOTIFY, { id: u.id, late: true })).code).toBe("FORBIDDEN");
    expect((await fails(admin, NOTIFY, { id: otherUserId, late: true })).code).toBe("NOT_FOUND");
  });

  it("updates the profile's information and display choices", async () => {
    const u = await makeUser(9);
    const tok = await signIn(u.email);
    const p = (await ok(tok, PROFILE, { first: "Pat", hc: true, a11y: true })).updateProfile;
    expect(p).toMatchObject({ first_name: "Pat", higher_contrast: true, a11y_mode: true, role_id: 9 });
    expect(await fails(tok, PROFILE, { email: "bad" })).toMatchObject({ field: "email" });
    expect(await fails(tok, PROFILE, { first: "" })).toMatchObject({ field: "first_name" });
  });

  it("switches into a lower role and back, audited; refuses the rest", async () => {
    const admin = await signIn(
      (await ok(await as("school_admin"), ONE, { id: await idOf("school_admin") })).user.email,
    );
    const adminId = await idOf("school_admin");
    const target = await makeUser(7);
    const acting = (await ok(admin, SWITCH, { id: target.id })).switchUser;
    const me = (await ok(acting.access_token, ME)).me;
    expect(me).toMatchObject({ id: target.id, impersonator: { id: adminId } });
    // the acting session cannot switch on (role 7, and switched already)
    expect((await fails(acting.access_token, SWITCH, { id: target.id })).code).toBe("FORBIDDEN");
    const back = (await ok(acting.access_token, BACK)).switchBack;
    expect((await ok(back.access_token, ME)).me).toMatchObject({ id: adminId, impersonator: null });
    expect((await srv.gql(acting.access_token, ME)).status).toBe(401);
    // switchBack takes no argument, so its refusal names none (a client has no field to mark)
    const notActing = await fails(back.access_token, BACK);
    expect(notActing.code).toBe("BAD_USER_INPUT");
    expect(notActing.field).toBeUndefined();
    const audit = await db().select().from(auditLog).where(eq(auditLog.subject_id, target.id)).orderBy(auditLog.id);
    const rows = audit.filter((r) => r.action.startsWith("user.switch"));
    expect(rows.map((r) => [r.action, r.user_id, r.impersonator_id])).toEqual([
      ["user.switch", target.id, adminId],
      ["user.switch_back", adminId, null],
    ]);
    // rank, state and role rules
    const same = await makeUser(3);
    expect((await fails(admin, SWITCH, { id: same.id })).code).toBe("FORBIDDEN");
    expect((await fails(admin, SWITCH, { id: await idOf("school_owner") })).code).toBe("FORBIDDEN");
    const inactive = await makeUser(9, { active: false });
    expect((await fails(admin, SWITCH, { id: inactive.id })).message).toMatch(/inactive/);
    expect((await fails(await as("athletics_admin"), SWITCH, { id: target.id })).code).toBe("FORBIDDEN");
  });
});
