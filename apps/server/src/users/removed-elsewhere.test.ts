import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { hashPassword } from "../auth/passwords.ts";
import { auditLog, courses, mailOutbox, userCourse, users, userTiles } from "../db/schema/index.ts";
import { DEMO_DOMAIN } from "../db/seed/demo.ts";
import { schoolsOf } from "../engine/test-fixtures.ts";

const INVITE = `mutation($email: String!, $first: String!, $role: Int!) { inviteUser(email: $email, first_name: $first, role_id: $role) { id email role_id } }`;
const REMOVE = `mutation($id: Int!) { removeUser(id: $id) { id } }`;
const RESTORE = `mutation($id: Int!) { restoreUser(id: $id) { id email } }`;
const RESET = `mutation($id: Int!) { sendPasswordReset(id: $id) }`;
const USER = `query($id: Int!) { user(id: $id) { id school_id email deleted_at assignedCourses { id } } }`;
const ME = `{ me { id school_id late_email higher_contrast phone_number alert_filter tiles { id } assignedCourses { id } } }`;
const PROFILE = `mutation($email: String) { updateProfile(email: $email) { id email } }`;
const NEW_PASSWORD = "a-new-long-password";

/**
 * Addresses are unique over every user row, removed ones included (decision 0951). An invitation
 * of an address that a removed user of ANOTHER school had must give the inviting school a new
 * user with none of that school's past, and leave the old row, its history and its audit trail
 * in its own school (decision 0952).
 */
describe.each(ONE_DATABASE)("an invitation of another school's removed user on %s", (kind) => {
  let srv: TestServer;
  let seq = 0;
  let demoId: number;
  let otherId: number;
  let demoAdmin: string;
  let otherAdmin: string;

  const db = () => srv.services.db;
  const post = async (path: string, body: unknown) => {
    const res = await srv.post(path, body);
    return { status: res.status, body: (await res.json()) as any };
  };
  const signIn = async (email: string, password = TEST_PASSWORD) => post("/api/v2/login", { email, password });
  const gql = async (tok: string, query: string, vars: Record<string, unknown> = {}) => {
    const r = await srv.gql(tok, query, vars);
    expect(r.status).toBeLessThan(500);
    return { data: r.body.data, error: r.body.errors?.[0] };
  };
  const lastMail = async (to: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];
  const linkIn = async (to: string, path: string) =>
    (await lastMail(to))?.text.match(new RegExp(`/${path}/([0-9a-f-]{36})`))?.[1];
  const register = (token: string | undefined, last = "New") =>
    post("/api/v2/register", {
      token,
      first_name: "Fresh",
      last_name: last,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
  const liveWith = async (address: string) =>
    db()
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${address}`, sql`${users.deleted_at} is null`));

  /** a user of the other school with a past there: choices, an assignment, a tile, a sign-in */
  const otherSchoolUser = async () => {
    const address = `gone-${kind}-${++seq}@x.test`;
    const [course] = await db().select().from(courses).where(eq(courses.school_id, otherId)).limit(1);
    const [u] = await db()
      .insert(users)
      .values({
        school_id: otherId,
        role_id: 7,
        first_name: "Old",
        last_name: "Past",
        email: address,
        password_hash: await hashPassword(TEST_PASSWORD),
        late_email: true,
        higher_contrast: true,
        phone_number: "5551234567",
        alert_filter: [`course:${course!.id}`],
      })
      .returning();
    await db().insert(userCourse).values({ user_id: u!.id, course_id: course!.id });
    await db().insert(userTiles).values({ user_id: u!.id, tileable_type: "course", tileable_id: course!.id });
    return { user: u!, address, course: course! };
  };

  beforeAll(async () => {
    srv = await startServer(kind);
    const ids = await schoolsOf(db());
    demoId = ids.demo.id;
    otherId = ids.other.id;
    demoAdmin = (await srv.login("school_admin")).access_token;
    const other = await signIn(`school_admin@lakeside.${DEMO_DOMAIN}`);
    expect(other.status).toBe(200);
    otherAdmin = other.body.data.access_token;
  });
  afterAll(() => srv?.close());

  it("gives the inviting school a fresh user; the other school keeps the old one and its history", async () => {
    const { user: old, address } = await otherSchoolUser();
    const oldSession = (await signIn(address)).body.data.access_token as string;
    // the other school mails a reset link, then removes the user
    expect((await gql(otherAdmin, RESET, { id: old.id })).error).toBeUndefined();
    const oldReset = await linkIn(address, "ResetPassword");
    expect(oldReset).toBeTruthy();
    expect((await gql(otherAdmin, REMOVE, { id: old.id })).error).toBeUndefined();

    // the inviting school is answered as for a free address, and the address gets a link
    const invited = await gql(demoAdmin, INVITE, { email: address, first: "Fresh", role: 7 });
    expect(invited.error).toBeUndefined();
    expect(invited.data.inviteUser).toMatchObject({ email: address, role_id: 7 });
    const secret = await linkIn(address, "Invite");
    expect(secret).toBeTruthy();
    expect((await post("/api/v2/checkInvitation", { token: secret })).status).toBe(200);
    const reg = await register(secret);
    expect(reg.status).toBe(200);
    const fresh = reg.body.data.user;
    const tok = reg.body.data.access_token as string;

    // a new user: nothing of the old one's choices, assignments or tiles, and another id
    const me = (await gql(tok, ME)).data.me;
    expect(me).toEqual({
      id: fresh.id,
      school_id: demoId,
      late_email: false,
      higher_contrast: false,
      phone_number: null,
      alert_filter: [],
      tiles: [],
      assignedCourses: [],
    });
    expect(fresh.id).not.toBe(old.id);
    expect((await gql(demoAdmin, USER, { id: fresh.id })).data.user.assignedCourses).toEqual([]);
    expect((await gql(demoAdmin, USER, { id: old.id })).error?.extensions?.code).toBe("NOT_FOUND");
    // the old session and the old reset link open nothing of the new account
    expect((await srv.gql(oldSession, ME, {})).status).toBe(401);
    expect(
      (
        await post("/api/v2/password/reset", {
          token: oldReset,
          password: "x-taken-over",
          password_confirmation: "x-taken-over",
        })
      ).status,
    ).toBe(410);
    expect((await signIn(address, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(address, TEST_PASSWORD)).status).toBe(401);

    // the old user stays in its school, removed, with its assignment and its audit trail
    const [was] = await db().select().from(users).where(eq(users.id, old.id));
    expect(was).toMatchObject({ school_id: otherId, first_name: "Old", late_email: true });
    expect(was!.deleted_at).not.toBeNull();
    expect(was!.email).toBe(`removed+${old.id}@invalid`);
    expect(await db().select().from(userCourse).where(eq(userCourse.user_id, old.id))).toHaveLength(1);
    const trail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, "user"), eq(auditLog.subject_id, old.id)));
    expect(trail.map((a) => a.action)).toEqual(expect.arrayContaining(["user.password_reset_sent", "user.remove"]));
    expect(trail.every((a) => a.school_id === otherId)).toBe(true);
    const theirs = (await gql(otherAdmin, USER, { id: old.id })).data.user;
    expect(theirs).toMatchObject({ id: old.id, school_id: otherId, assignedCourses: [{ id: expect.any(Number) }] });
    expect((await gql(otherAdmin, USER, { id: fresh.id })).error?.extensions?.code).toBe("NOT_FOUND");
  });

  it("leaves the released address without mail or sign-in, even when the old user is restored", async () => {
    const { user: old, address } = await otherSchoolUser();
    await gql(otherAdmin, REMOVE, { id: old.id });
    await gql(demoAdmin, INVITE, { email: address, first: "Fresh", role: 7 });
    expect((await register(await linkIn(address, "Invite"))).status).toBe(200);
    const restored = await gql(otherAdmin, RESTORE, { id: old.id });
    expect(restored.error).toBeUndefined();
    const tombstone = restored.data.restoreUser.email as string;
    expect(tombstone).toBe(`removed+${old.id}@invalid`);
    expect((await signIn(tombstone)).status).toBe(400);
    expect((await post("/api/v2/password/forgot", { email: tombstone })).status).toBe(400);
    // a reset mail to it is not queued (the mailer drops .invalid addresses)
    expect((await gql(otherAdmin, RESET, { id: old.id })).error).toBeUndefined();
    expect(await lastMail(tombstone)).toBeUndefined();
    expect(await liveWith(address)).toMatchObject([{ school_id: demoId }]);
  });

  it("brings a removed user of the inviting school back as itself", async () => {
    const address = `again-${kind}-${++seq}@x.test`;
    const [u] = await db()
      .insert(users)
      .values({ school_id: demoId, role_id: 7, first_name: "Came", last_name: "Back", email: address })
      .returning();
    await gql(demoAdmin, REMOVE, { id: u!.id });
    await gql(demoAdmin, INVITE, { email: address, first: "Came", role: 7 });
    const reg = await register(await linkIn(address, "Invite"));
    expect(reg.status).toBe(200);
    expect(reg.body.data.user.id).toBe(u!.id);
  });

  it("two schools' invitations of a removed user's address, accepted at once, make one live account", async () => {
    for (let round = 0; round < 3; round++) {
      const { user: old, address } = await otherSchoolUser();
      await gql(otherAdmin, REMOVE, { id: old.id });
      // its own school invites it back (a revival), the other school invites it as new
      await gql(otherAdmin, INVITE, { email: address, first: "Own", role: 7 });
      const own = await linkIn(address, "Invite");
      await gql(demoAdmin, INVITE, { email: address, first: "New", role: 7 });
      const theirs = await linkIn(address, "Invite");
      const answers = await Promise.all([register(own, "Own"), register(theirs, "Theirs")]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const live = await liveWith(address);
      expect(live).toHaveLength(1);
      // the winner is the account the address signs in to; the loser's link still works later
      expect((await signIn(address, NEW_PASSWORD)).body.data.user.id).toBe(live[0]!.id);
      if (live[0]!.id !== old.id) {
        expect(live[0]!.school_id).toBe(demoId);
        expect((await db().select().from(users).where(eq(users.id, old.id)))[0]?.email).toBe(
          `removed+${old.id}@invalid`,
        );
      } else expect(live[0]!.school_id).toBe(otherId);
    }
  });

  /** a signed-in user of the inviting school, to change its own e-mail */
  const demoUser = async () => {
    const [u] = await db()
      .insert(users)
      .values({
        school_id: demoId,
        role_id: 9,
        first_name: "Mover",
        last_name: "Here",
        email: `mover-${kind}-${++seq}@x.test`,
        password_hash: await hashPassword(TEST_PASSWORD),
      })
      .returning();
    return { user: u!, token: (await signIn(u!.email)).body.data.access_token as string };
  };

  it("an e-mail change to another school's removed user's address completes; that user gives it up", async () => {
    const { user: old, address } = await otherSchoolUser();
    await gql(otherAdmin, REMOVE, { id: old.id });
    const { user: me, token } = await demoUser();
    const asked = await gql(token, PROFILE, { email: address });
    expect(asked).toEqual({ data: { updateProfile: { id: me.id, email: me.email } }, error: undefined });
    // asked as a free address: the address gets the link (no "already has an account" note)
    const secret = await linkIn(address, "ConfirmEmail");
    expect(secret).toBeTruthy();
    const confirmed = await post("/api/v2/email/confirm", { token: secret });
    expect(confirmed.status).toBe(200);
    expect((await signIn(address)).body.data.user.id).toBe(me.id);
    // the removed user stays in its school without the address; its school's audit says so
    const [was] = await db().select().from(users).where(eq(users.id, old.id));
    expect(was).toMatchObject({ school_id: otherId, email: `removed+${old.id}@invalid`, password_hash: null });
    const trail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.address_released"), eq(auditLog.subject_id, old.id)));
    expect(trail).toMatchObject([{ school_id: otherId, user_id: null, data: { email: address } }]);
    const [changed] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.email_change"), eq(auditLog.subject_id, me.id)));
    expect(changed?.school_id).toBe(demoId);
  });

  it("an e-mail change never takes a removed user of its own school's address", async () => {
    const { user: me, token } = await demoUser();
    const address = `kept-${kind}-${++seq}@x.test`;
    await gql(token, PROFILE, { email: address });
    const secret = await linkIn(address, "ConfirmEmail");
    // meanwhile a user of the same school got the address and was removed: that school's record
    const [theirs] = await db()
      .insert(users)
      .values({
        school_id: demoId,
        role_id: 9,
        first_name: "K",
        last_name: "R",
        email: address,
        deleted_at: new Date(),
      })
      .returning();
    const refused = await post("/api/v2/email/confirm", { token: secret });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({ email: ["belongs to a removed user of the school"] });
    expect(refused.body.message).toMatch(/removed user of your school/);
    expect((await db().select().from(users).where(eq(users.id, theirs!.id)))[0]?.email).toBe(address);
    expect((await db().select().from(users).where(eq(users.id, me.id)))[0]?.email).toBe(me.email);
  });

  it("two schools' invitations of a free address, accepted at once, make one live account", async () => {
    for (let round = 0; round < 3; round++) {
      const address = `both-${kind}-${++seq}@x.test`;
      await gql(otherAdmin, INVITE, { email: address, first: "One", role: 7 });
      const one = await linkIn(address, "Invite");
      await gql(demoAdmin, INVITE, { email: address, first: "Two", role: 7 });
      const two = await linkIn(address, "Invite");
      const answers = await Promise.all([register(one, "One"), register(two, "Two")]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await liveWith(address)).toHaveLength(1);
    }
  });
});
