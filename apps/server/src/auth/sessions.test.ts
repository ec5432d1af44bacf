import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoEmail, ONE_DATABASE, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { secretMailed as mailedSecret } from "../../test/outbox.ts";
import * as t from "../db/schema/index.ts";
import { issueTokens, sha256 } from "./tokens.ts";

const ME = "{ me { id } }";
// a search token may call this one; a revoked token gets 401 before any field runs
const SEARCH = "{ searchConfig { provider } }";
const UPDATE_PASSWORD =
  "mutation($u: Int!, $c: String!, $n: String!) { updatePassword(user_id: $u, current_password: $c, new_password: $n) }";
const INVITE =
  "mutation($e: String!, $f: String!, $r: Int!) { inviteUser(email: $e, first_name: $f, role_id: $r) { id school_id } }";

describe.each(ONE_DATABASE)("sessions and link secrets on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv.close());
  const db = () => srv.database.db;

  /** the secret in the newest outbox mail to `to` whose link matches `path` */
  const secretMailed = (to: string, path: "Invite" | "ResetPassword") => mailedSecret(db(), to, path);

  /** every column of every row of a table as text, as a dump would show it */
  async function dumpOf(table: "invitations" | "password_resets") {
    const r = await db().execute(
      sql.raw(`select coalesce(string_agg(row_to_json(x)::text, '\n'), '') as d from ${table} x`),
    );
    return String((r as unknown as { rows: { d: string }[] }).rows[0]?.d);
  }

  it("a password change revokes the user's other tokens and impersonations; the caller's pair stays valid", async () => {
    const caller = await srv.login("councelor");
    const other = await srv.login("councelor");
    const userId = caller.user.id as number;
    const adminId = (await srv.login("school_admin")).user.id as number;
    // an admin's switch into this user, and one by this user into another (both end with the password)
    const switchedIn = await issueTokens(db(), userId, adminId);
    const coachId = (await srv.login("staff")).user.id as number;
    const switchedOut = await issueTokens(db(), coachId, userId);
    const unrelated = await srv.login("staff");
    for (const tok of [other.access_token, switchedIn.access_token, switchedOut.access_token]) {
      expect((await srv.gql(tok, ME)).status).toBe(200);
    }
    expect((await srv.gql(other.search_token, SEARCH)).status).toBe(200);

    const done = await srv.gql(caller.access_token, UPDATE_PASSWORD, {
      u: userId,
      c: TEST_PASSWORD,
      n: "a-new-password-2",
    });
    expect(done.body).toEqual({ data: { updatePassword: true } });

    for (const tok of [other.access_token, other.search_token, switchedIn.access_token, switchedOut.search_token]) {
      expect((await srv.gql(tok, SEARCH)).status).toBe(401);
    }
    // the caller goes on with its own pair, and another user's session is untouched
    expect((await srv.gql(caller.access_token, ME)).body.data?.me).toEqual({ id: userId });
    expect((await srv.gql(caller.search_token, SEARCH)).status).toBe(200);
    expect((await srv.gql(unrelated.access_token, ME)).status).toBe(200);
  });

  it("a wrong current password changes nothing and revokes nothing", async () => {
    const caller = await srv.login("judge");
    const other = await srv.login("judge");
    const res = await srv.gql(caller.access_token, UPDATE_PASSWORD, {
      u: caller.user.id,
      c: "not-the-password",
      n: "a-new-password-3",
    });
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "current_password" });
    expect((await srv.gql(other.access_token, ME)).status).toBe(200);
  });

  it("a password reset revokes every token of the user; the reset secret is stored only as a hash", async () => {
    const email = demoEmail("academic_advisor");
    const before = await srv.login("academic_advisor");
    const adminId = (await srv.login("school_admin")).user.id as number;
    const switchedIn = await issueTokens(db(), before.user.id, adminId);
    const forgot = await srv.post("/api/v2/password/forgot", { email });
    expect(forgot.status).toBe(200);
    const secret = await secretMailed(email, "ResetPassword");

    // a dump of the table holds no usable link: not the secret, and its hash is no token
    const dump = await dumpOf("password_resets");
    expect(dump).toContain(sha256(secret));
    expect(dump.toLowerCase()).not.toContain(secret.toLowerCase());
    const [row] = await db()
      .select()
      .from(t.passwordResets)
      .where(eq(t.passwordResets.secret_hash, sha256(secret)));
    expect(row?.user_id).toBe(before.user.id);
    const withHash = await srv.post("/api/v2/password/reset", {
      token: sha256(secret),
      password: "reset-password-1",
      password_confirmation: "reset-password-1",
    });
    expect(withHash.status).toBe(400);

    const body = {
      token: secret.toUpperCase(),
      password: "reset-password-1",
      password_confirmation: "reset-password-1",
    };
    const reset = await srv.post("/api/v2/password/reset", body);
    expect(reset.status).toBe(200);
    for (const tok of [before.access_token, before.search_token, switchedIn.access_token]) {
      expect((await srv.gql(tok, SEARCH)).status).toBe(401);
    }
    expect((await srv.post("/api/v2/password/reset", body)).status).toBe(410);
    expect((await srv.post("/api/v2/login", { email, password: "reset-password-1" })).status).toBe(200);
  });

  it("an invitation's secret is stored only as a hash, and the mailed link works", async () => {
    const admin = await srv.login("school_admin");
    const email = `hashed.${kind}@example.org`;
    const res = await srv.gql(admin.access_token, INVITE, { e: email, f: "Hash", r: 7 });
    expect(res.body.errors).toBeUndefined();
    const secret = await secretMailed(email, "Invite");
    const dump = await dumpOf("invitations");
    expect(dump).toContain(sha256(secret));
    expect(dump.toLowerCase()).not.toContain(secret.toLowerCase());
    expect((await srv.post("/api/v2/checkInvitation", { token: secret })).status).toBe(200);
  });

  it("inviteUser ends the inviter's school's older open links for the address, never another school's", async () => {
    const email = `two.schools.${kind}@example.org`;
    const admin = await srv.login("school_admin");
    const [other] = await db()
      .insert(t.schools)
      .values({ name: `Other school ${kind}` })
      .returning();
    // the other school's open invitation, written as its own inviteUser would
    const otherSecret = crypto.randomUUID();
    await db()
      .insert(t.invitations)
      .values({
        secret_hash: sha256(otherSecret),
        school_id: other?.id as number,
        role_id: 7,
        email,
        first_name: "Other",
        expires_at: new Date(Date.now() + 86_400_000),
      });
    const first = await srv.gql(admin.access_token, INVITE, { e: email, f: "Mine", r: 7 });
    expect(first.body.data?.inviteUser.school_id).toBe(admin.user.school_id);
    const mine = await secretMailed(email, "Invite");
    await srv.gql(admin.access_token, INVITE, { e: email, f: "Mine", r: 7 });
    const newer = await secretMailed(email, "Invite");
    expect(newer).not.toBe(mine);

    expect((await srv.post("/api/v2/checkInvitation", { token: mine })).status).toBe(410);
    expect((await srv.post("/api/v2/checkInvitation", { token: newer })).status).toBe(200);
    const theirs = await srv.post("/api/v2/checkInvitation", { token: otherSecret });
    expect(theirs.status).toBe(200);
    expect(((await theirs.json()) as { data: { first_name: string } }).data.first_name).toBe("Other");
  });

  it("inviteUser words an over-long address as the REST calls do", async () => {
    const admin = await srv.login("school_admin");
    const res = await srv.gql(admin.access_token, INVITE, { e: `${"l".repeat(250)}@example.org`, f: "Long", r: 7 });
    expect(res.body.errors?.[0]?.message).toBe("email must be at most 254 characters");
    expect(res.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("parallel inviteUser calls for one address leave exactly one open invitation", async () => {
    const admin = await srv.login("school_admin");
    const OPEN = "query($q: String) { invitations(query: $q) { total data { id email } } }";
    for (const n of [2, 12]) {
      const email = `double.${n}.${kind}@example.org`;
      // a double submit, some of it in other letter cases: one address all the same
      const answers = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          srv.gql(admin.access_token, INVITE, { e: i % 3 === 1 ? email.toUpperCase() : email, f: "Twice", r: 7 }),
        ),
      );
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.body.errors).toBeUndefined();
        expect(a.body.data?.inviteUser.school_id).toBe(admin.user.school_id);
      }
      const ids = answers.map((a) => a.body.data?.inviteUser.id as number);
      expect(new Set(ids).size).toBe(n);
      const open = await db()
        .select({ id: t.invitations.id })
        .from(t.invitations)
        .where(
          sql`lower(${t.invitations.email}) = ${email} and ${t.invitations.accepted_at} is null and ${t.invitations.expires_at} > now()`,
        );
      expect(open.length, `${n} parallel calls`).toBe(1);
      expect(ids).toContain(open[0]?.id);
      const listed = await srv.gql(admin.access_token, OPEN, { q: email });
      expect(listed.body.data?.invitations.total).toBe(1);
      // of the n mailed links, the one open invitation's works and the others do not
      const mails = await db().select().from(t.mailOutbox).where(eq(t.mailOutbox.to, email));
      expect(mails).toHaveLength(n);
      const codes = await Promise.all(
        mails.map((m) => {
          const secret = /\/Invite\/([0-9a-f-]{36})\b/.exec(m.text ?? "")?.[1];
          return srv.post("/api/v2/checkInvitation", { token: secret }).then((r) => r.status);
        }),
      );
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 410)).toHaveLength(n - 1);
    }
  });
});
