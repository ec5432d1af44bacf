import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { hashPassword } from "../auth/passwords.ts";
import { emailChanges, mailOutbox, users } from "../db/schema/index.ts";
import { schoolsOf } from "../engine/test-fixtures.ts";

const INVITE = `mutation($email: String!, $first: String!, $role: Int!) { inviteUser(email: $email, first_name: $first, role_id: $role) { id email role_id } }`;
const RESEND = `mutation($id: Int!) { resendInvitation(id: $id) { id } }`;
const PROFILE = `mutation($email: String) { updateProfile(email: $email) { id email } }`;
const UPDATE = `mutation($id: Int!, $email: String) { updateUser(id: $id, email: $email) { id email } }`;
const TAKEN = "A user with this e-mail already exists.";
const PENDING_ME = `{ me { id pending_email } }`;
const PENDING_USER = `query($id: Int!) { user(id: $id) { id pending_email } }`;
const PENDING_LIST = `query($q: String) { users(query: $q) { data { id pending_email } } }`;

/**
 * E-mail addresses are unique across schools, yet no call tells a user whether another school
 * holds an address (decision 0951): an invitation or e-mail change of such an address answers as
 * for a free one, and only the holder's mailbox hears of it.
 */
describe.each(ONE_DATABASE)("other schools' e-mail addresses on %s", (kind) => {
  let srv: TestServer;
  let seq = 0;
  /** a live user of the other school: the address a prober would try */
  const elsewhere = `elsewhere-${kind}@x.test`;
  let elsewhereSchool: number;

  const db = () => srv.services.db;
  const makeUser = async (school: "demo" | "other", roleId = 9) => {
    const ids = await schoolsOf(db());
    const [u] = await db()
      .insert(users)
      .values({
        school_id: ids[school].id,
        role_id: roleId,
        first_name: `Mail${++seq}`,
        last_name: "Person",
        email: `mail-${kind}-${seq}@rollbook.test`,
        password_hash: await hashPassword(TEST_PASSWORD),
      })
      .returning();
    return u!;
  };
  const signIn = async (email: string) => {
    const res = await srv.post("/api/v2/login", { email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { access_token: string } }).data.access_token;
  };
  const gql = async (tok: string, query: string, vars: Record<string, unknown>) => {
    const r = await srv.gql(tok, query, vars);
    expect(r.status).toBeLessThan(500);
    return { data: r.body.data, error: r.body.errors?.[0] };
  };
  const lastMail = async (to: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];
  const emailOf = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!.email;

  beforeAll(async () => {
    srv = await startServer(kind);
    const { other } = await schoolsOf(db());
    elsewhereSchool = other.id;
    await db()
      .insert(users)
      .values({ school_id: other.id, role_id: 7, first_name: "Else", last_name: "W", email: elsewhere });
  });
  afterAll(() => srv?.close());

  it("invites another school's address as a fresh one; its holder is told they have an account", async () => {
    const admin = (await srv.login("school_admin")).access_token;
    const fresh = await gql(admin, INVITE, { email: `fresh-${kind}@x.test`, first: "F", role: 7 });
    const theirs = await gql(admin, INVITE, { email: elsewhere, first: "E", role: 7 });
    expect(theirs.error).toBeUndefined();
    expect(theirs.data.inviteUser).toMatchObject({ email: elsewhere, role_id: 7 });
    expect(fresh.data.inviteUser).toMatchObject({ email: `fresh-${kind}@x.test`, role_id: 7 });
    expect((await lastMail(`fresh-${kind}@x.test`))?.text).toMatch(/\/Invite\//);
    const note = await lastMail(elsewhere);
    expect(note?.text).toMatch(/already have a Rollbook account/);
    expect(note?.text).not.toMatch(/\/Invite\//);
    // a resend is the same: still no link for an address with an account
    expect((await gql(admin, RESEND, { id: theirs.data.inviteUser.id })).error).toBeUndefined();
    expect((await lastMail(elsewhere))?.text).not.toMatch(/\/Invite\//);
    // an address of one's own school keeps its precise refusal
    const mine = await makeUser("demo");
    const own = await gql(admin, INVITE, { email: mine.email, first: "M", role: 7 });
    expect(own.error).toMatchObject({ message: TAKEN, extensions: { field: "email" } });
  });

  it("changes one's own e-mail only through a link to the new address, alike for another school's", async () => {
    const me = await makeUser("demo");
    const tok = await signIn(me.email);
    const own = await makeUser("demo");
    expect((await gql(tok, PROFILE, { email: own.email })).error).toMatchObject({
      message: TAKEN,
      extensions: { field: "email" },
    });
    // another school's address: the same answer as a free one, nothing changes, the holder is told
    const taken = await gql(tok, PROFILE, { email: elsewhere });
    expect(taken.error).toBeUndefined();
    expect(taken.data.updateProfile).toEqual({ id: me.id, email: me.email });
    expect((await lastMail(elsewhere))?.text).toMatch(/already has a Rollbook account/);
    expect((await lastMail(elsewhere))?.text).not.toMatch(/ConfirmEmail/);
    expect((await db().select().from(users).where(eq(users.email, elsewhere)))[0]?.school_id).toBe(elsewhereSchool);
    // a free address: the same answer; the change waits for the mailed link
    const next = `next-${kind}@x.test`;
    const free = await gql(tok, PROFILE, { email: next });
    expect(free).toEqual({ data: { updateProfile: { id: me.id, email: me.email } }, error: undefined });
    const secret = (await lastMail(next))?.text.match(/\/ConfirmEmail\/([0-9a-f-]{36})/)?.[1];
    expect(secret).toBeTruthy();
    const confirmed = await srv.post("/api/v2/email/confirm", { token: secret });
    expect(confirmed.status).toBe(200);
    expect(await emailOf(me.id)).toBe(next);
    await signIn(next);
    // once only
    expect((await srv.post("/api/v2/email/confirm", { token: secret })).status).toBe(410);
  });

  it("a manager's change of a user's e-mail does not tell another school's address either", async () => {
    const admin = (await srv.login("school_admin")).access_token;
    const u = await makeUser("demo");
    const r = await gql(admin, UPDATE, { id: u.id, email: elsewhere });
    expect(r.error).toBeUndefined();
    expect(r.data.updateUser).toEqual({ id: u.id, email: u.email });
    const own = await makeUser("demo");
    expect((await gql(admin, UPDATE, { id: u.id, email: own.email })).error).toMatchObject({ message: TAKEN });
  });

  it("shows a pending change to the user and those who may edit them, and to nobody else", async () => {
    // a School Admin: the School Owner may edit them, the Athletics Admin sees them but may not
    const u = await makeUser("demo", 3);
    const tok = await signIn(u.email);
    const owner = (await srv.login("school_owner")).access_token;
    const athletics = (await srv.login("athletics_admin")).access_token;
    const pendingOf = async (viewer: string) => (await gql(viewer, PENDING_USER, { id: u.id })).data.user.pending_email;
    expect((await gql(tok, PENDING_ME, {})).data.me.pending_email).toBeNull();
    const next = `pending-${kind}@x.test`;
    await gql(tok, PROFILE, { email: next });
    expect((await gql(tok, PENDING_ME, {})).data.me.pending_email).toBe(next);
    expect(await pendingOf(tok)).toBe(next);
    expect(await pendingOf(owner)).toBe(next);
    expect(await pendingOf(athletics)).toBeNull();
    // in a list too (batched), and alike for another school's address
    await gql(tok, PROFILE, { email: elsewhere });
    const listed = (await gql(owner, PENDING_LIST, { q: u.first_name })).data.users.data;
    expect(listed).toEqual([{ id: u.id, pending_email: elsewhere }]);
    expect((await gql(athletics, PENDING_LIST, { q: u.first_name })).data.users.data).toEqual([
      { id: u.id, pending_email: null },
    ]);
    // an expired link waits on nothing, nor does a used one
    await db()
      .update(emailChanges)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.user_id, u.id));
    expect(await pendingOf(owner)).toBeNull();
    await gql(tok, PROFILE, { email: next });
    expect(await pendingOf(owner)).toBe(next);
    const secret = (await lastMail(next))?.text.match(/\/ConfirmEmail\/([0-9a-f-]{36})/)?.[1];
    expect((await srv.post("/api/v2/email/confirm", { token: secret })).status).toBe(200);
    expect(await pendingOf(owner)).toBeNull();
    expect((await gql(tok, PENDING_ME, {})).data.me.pending_email).toBeNull();
  });

  it("an invitation does not take over an account its address got since", async () => {
    const admin = (await srv.login("school_admin")).access_token;
    const address = `later-${kind}@x.test`;
    await gql(admin, INVITE, { email: address, first: "L", role: 7 });
    const secret = (await lastMail(address))?.text.match(/\/Invite\/([0-9a-f-]{36})/)?.[1];
    // meanwhile the address became an account of the other school
    const [acct] = await db()
      .insert(users)
      .values({ school_id: elsewhereSchool, role_id: 9, first_name: "L", last_name: "W", email: address })
      .returning();
    const res = await srv.post("/api/v2/register", {
      token: secret,
      first_name: "L",
      last_name: "X",
      password: "a-long-password",
      password_confirmation: "a-long-password",
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty("email");
    const [after] = await db().select().from(users).where(eq(users.id, acct!.id));
    expect(after).toMatchObject({ school_id: elsewhereSchool, role_id: 9, last_name: "W" });
  });
});
