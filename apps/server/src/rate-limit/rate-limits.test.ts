import { offlineCodeAt } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoEmail, ONE_DATABASE, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { auditLog, users } from "../db/schema/index.ts";
import { makeStudent, phone, schoolsOf } from "../engine/test-fixtures.ts";

const SECRET = "JBSWY3DPEHPK3PXP"; // makeStudent's offline_code
const wrongCode = () => String((Number(offlineCodeAt(SECRET, new Date())) + 500_000) % 1_000_000).padStart(6, "0");
const OFFLINE = `mutation($student_id: Int!, $code: String!) {
  submitOfflineCode(student_id: $student_id, attendable_id: 1, attendable_type: "course", code: $code) { id } }`;

const signIn = (srv: TestServer, email: string, password: string) => srv.post("/api/v2/login", { email, password });

/** Runs `fn` over `items`, `width` at a time. */
async function pool<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T);
      }
    }),
  );
  return out;
}

/** Rate limits that fit a school (decision 0402); each refusal is a 429 with Retry-After or RATE_LIMITED. */
describe.each(ONE_DATABASE)("rate limits on %s", (kind) => {
  describe("sign-ins from one address", () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(kind, { LOGIN_ADDRESS_ATTEMPTS: "600", LOGIN_ADDRESS_FAILURES: "5" });
    });
    afterAll(() => srv?.close());

    it("lets 300 staff sign in within a minute, and their successes use none of the failure budget", async () => {
      const db = srv.database.db;
      const [staff] = await db
        .select()
        .from(users)
        .where(eq(users.email, demoEmail("staff")));
      const emails = Array.from({ length: 300 }, (_, i) => `teacher${i}@school-300.test`);
      await db.insert(users).values(
        emails.map((email, i) => ({
          school_id: staff!.school_id,
          role_id: staff!.role_id,
          first_name: `Teacher ${i}`,
          email,
          password_hash: staff!.password_hash,
        })),
      );
      const started = Date.now();
      const codes = await pool(emails, 4, async (email) => (await signIn(srv, email, TEST_PASSWORD)).status);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(codes.filter((c) => c !== 200)).toEqual([]);
      // the failure budget of the address (5) is untouched by the 300 successes
      for (let i = 0; i < 5; i++) expect((await signIn(srv, emails[i]!, "wrong-password-1")).status).toBe(401);
      const refused = await signIn(srv, emails[10]!, TEST_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /failed sign-ins from this network address/,
      );
    });
  });

  describe("failed sign-ins of one account", () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(kind, { LOGIN_ACCOUNT_FAILURES: "100" });
    });
    afterAll(() => srv?.close());

    it("refuses the account after 100 failures an hour, even with the right password; others sign in", async () => {
      const email = demoEmail("staff");
      const codes = await pool(
        Array.from({ length: 100 }, (_, i) => i),
        4,
        async (i) => (await signIn(srv, email, `wrong-password-${i}`)).status,
      );
      expect(codes.filter((c) => c !== 401)).toEqual([]);
      const refused = await signIn(srv, email.toUpperCase(), TEST_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
      expect(((await refused.json()) as { message: string }).message).toMatch(/failed sign-ins for this account/);
      expect((await signIn(srv, demoEmail("judge"), TEST_PASSWORD)).status).toBe(200);
    });
  });

  describe("small configured limits", () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(kind, {
        LOGIN_DELAY_AFTER: "2",
        LOGIN_DELAY_MS: "1000",
        GRAPHQL_RATE_LIMIT: "8",
        DEVICE_RATE_LIMIT: "3",
        OFFLINE_CODE_PAIR_FAILURES: "2",
        OFFLINE_CODE_STUDENT_FAILURES: "3",
        OFFLINE_CODE_USER_FAILURES: "5",
      });
    });
    afterAll(() => srv?.close());

    it("makes an account wait after a few failures, longer each time, and forgets them on success", async () => {
      const email = demoEmail("judge");
      for (let i = 0; i < 3; i++) expect((await signIn(srv, email, "wrong-password-1")).status).toBe(401);
      const waiting = await signIn(srv, email, TEST_PASSWORD);
      expect(waiting.status).toBe(429);
      expect(waiting.headers.get("retry-after")).toBe("1");
      await new Promise((r) => setTimeout(r, 1100));
      expect((await signIn(srv, email, TEST_PASSWORD)).status).toBe(200);
      // the success forgot the failures: two more are free again
      for (let i = 0; i < 2; i++) expect((await signIn(srv, email, "wrong-password-1")).status).toBe(401);
      expect((await signIn(srv, email, TEST_PASSWORD)).status).toBe(200);
    });

    it("limits GraphQL requests per user with RATE_LIMITED, changing nothing", async () => {
      const a = await srv.login("staff");
      const b = await srv.login("academic_advisor");
      for (let i = 0; i < 8; i++) expect((await srv.gql(a.access_token, "{ me { id } }")).status).toBe(200);
      const change = `mutation { updatePassword(user_id: ${a.user.id}, current_password: "${TEST_PASSWORD}", new_password: "new-pass-one-1") }`;
      const refused = await srv.post(
        "/graphql/query",
        { query: change },
        { authorization: `Bearer ${a.access_token}` },
      );
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = (await refused.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
      expect(body.errors[0]?.extensions.code).toBe("RATE_LIMITED");
      expect(body.errors[0]?.message).toMatch(/Too many requests/);
      // the password did not change; another user is not affected
      expect((await signIn(srv, demoEmail("staff"), TEST_PASSWORD)).status).toBe(200);
      expect((await srv.gql(b.access_token, "{ me { id } }")).status).toBe(200);
    });

    it("limits the device API per student token with 429", async () => {
      const { demo } = await schoolsOf(srv.database.db);
      const one = await makeStudent(srv.database.db, demo.id);
      const two = await makeStudent(srv.database.db, demo.id);
      const today = new Date().toISOString().slice(0, 10);
      for (let i = 0; i < 3; i++)
        expect((await phone(srv.url, one.token as string).get(`schedule?date=${today}`)).status).toBe(200);
      const refused = await phone(srv.url, one.token as string).get(`schedule?date=${today}`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/Too many requests from this phone/);
      expect((await phone(srv.url, two.token as string).get(`schedule?date=${today}`)).status).toBe(200);
    });

    it("limits wrong offline codes per staff user and student, per student and per user, and audits each wrong one", async () => {
      const db = srv.database.db;
      const { demo } = await schoolsOf(db);
      const [admin, owner, athletics] = [
        await srv.login("school_admin"),
        await srv.login("school_owner"),
        await srv.login("athletics_admin"),
      ];
      const [a, b, c] = [
        await makeStudent(db, demo.id),
        await makeStudent(db, demo.id),
        await makeStudent(db, demo.id),
      ];
      const submit = (who: { access_token: string }, studentId: number, code: string) =>
        srv.gql(who.access_token, OFFLINE, { student_id: studentId, code });
      const refusal = (r: Awaited<ReturnType<typeof submit>>) =>
        r.body.errors?.[0]?.extensions?.code === "RATE_LIMITED" ? r.body.errors[0]?.message : null;
      const codeOf = (r: Awaited<ReturnType<typeof submit>>) => r.body.errors?.[0]?.extensions?.code;
      const right = () => offlineCodeAt(SECRET, new Date());
      for (let i = 0; i < 2; i++) expect(codeOf(await submit(admin, a.id, wrongCode()))).toBe("BAD_USER_INPUT");
      // the admin's budget for this student (2) is spent: even their right code waits...
      expect(refusal(await submit(admin, a.id, right()))).toMatch(
        /Too many wrong offline codes from you for this student/,
      );
      // ...but a colleague's right code is checked: one account's mistakes lock nobody else out
      // (the code passes its check; the student then has no session of course 1 in progress)
      const checked = await submit(owner, a.id, right());
      expect(checked.body.errors?.[0]).toMatchObject({ extensions: { field: "attendable_id" } });
      // the student's budget across all staff (3): the owner's wrong code spends it, and then the
      // owner, who typed a wrong one, waits too
      expect(codeOf(await submit(owner, a.id, wrongCode()))).toBe("BAD_USER_INPUT");
      expect(refusal(await submit(owner, a.id, right()))).toMatch(/Too many wrong offline codes for this student/);
      // a staff user with no wrong code for the student in the window is still checked
      expect(codeOf(await submit(athletics, a.id, wrongCode()))).toBe("BAD_USER_INPUT");
      expect(refusal(await submit(athletics, a.id, wrongCode()))).toMatch(/for this student/);
      // the user's budget (5): two more on another student, one on a third, then any is refused
      for (let i = 0; i < 2; i++) expect(codeOf(await submit(admin, b.id, wrongCode()))).toBe("BAD_USER_INPUT");
      expect(codeOf(await submit(admin, c.id, wrongCode()))).toBe("BAD_USER_INPUT");
      expect(refusal(await submit(admin, c.id, wrongCode()))).toMatch(/from your account/);
      const audited = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "attendance.offline_code_wrong"), eq(auditLog.user_id, admin.user.id)));
      const byStudent = (id: number) => audited.filter((r) => r.subject_type === "student" && r.subject_id === id);
      expect([byStudent(a.id).length, byStudent(b.id).length, byStudent(c.id).length]).toEqual([2, 2, 1]);
      expect(audited.every((r) => r.school_id === demo.id)).toBe(true);
    });
  });
});

const CHANGE_PASSWORD = `mutation($u: Int!, $c: String!, $n: String!) {
  updatePassword(user_id: $u, current_password: $c, new_password: $n) }`;

/** A wrong current_password of updatePassword is a failed sign-in of the account (decision 0402). */
describe.each(ONE_DATABASE)("current_password guesses on %s", (kind) => {
  describe("the hourly cap", () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(kind, { LOGIN_ACCOUNT_FAILURES: "5" });
    });
    afterAll(() => srv?.close());

    it("shares the account's failed sign-ins: past the cap updatePassword and sign-in are both refused", async () => {
      const me = await srv.login("councelor");
      const change = (c: string, n = "a-new-password-1", u = me.user.id) =>
        srv.gql(me.access_token, CHANGE_PASSWORD, { u, c, n });
      const codeOf = (r: Awaited<ReturnType<typeof change>>) => r.body.errors?.[0]?.extensions?.code;
      // refused for its other arguments: no password checked, nothing counted
      for (let i = 0; i < 6; i++) {
        expect(codeOf(await change(TEST_PASSWORD, "short"))).toBe("BAD_USER_INPUT");
        expect(codeOf(await change(TEST_PASSWORD, "a-new-password-1", me.user.id + 1000))).toBe("BAD_USER_INPUT");
      }
      // a wrong sign-in and four wrong current passwords use the account's five failures
      expect((await signIn(srv, demoEmail("councelor"), "wrong-password-1")).status).toBe(401);
      for (let i = 0; i < 4; i++) {
        const wrong = await change(`wrong-password-${i}`);
        expect(wrong.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "current_password" });
      }
      const refused = await change(TEST_PASSWORD);
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: "RATE_LIMITED" });
      expect(Number(refused.body.errors?.[0]?.extensions?.retry_after)).toBeGreaterThan(60);
      expect(refused.body.errors?.[0]?.message).toMatch(/^Too many failed sign-ins for this account\. Try again in /);
      // the password did not change, and sign-in answers the same for the account
      const signInRefused = await signIn(srv, demoEmail("councelor"), TEST_PASSWORD);
      expect(signInRefused.status).toBe(429);
      expect(((await signInRefused.json()) as { message: string }).message).toMatch(/failed sign-ins for this account/);
      // other accounts are not affected
      const other = await srv.login("staff");
      const fine = await srv.gql(other.access_token, CHANGE_PASSWORD, {
        u: other.user.id,
        c: TEST_PASSWORD,
        n: "a-new-password-2",
      });
      expect(fine.body).toEqual({ data: { updatePassword: true } });
    });
  });

  describe("the wait after failures", () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(kind, { LOGIN_DELAY_AFTER: "2", LOGIN_DELAY_MS: "1000" });
    });
    afterAll(() => srv?.close());

    it("makes the account wait after a few wrong current passwords, and a right one clears them", async () => {
      const me = await srv.login("judge");
      const change = (c: string, n: string) => srv.gql(me.access_token, CHANGE_PASSWORD, { u: me.user.id, c, n });
      for (let i = 0; i < 3; i++)
        expect((await change("wrong-password-1", "a-new-password-1")).body.errors?.[0]?.extensions?.field).toBe(
          "current_password",
        );
      const waiting = await change(TEST_PASSWORD, "a-new-password-1");
      expect(waiting.body.errors?.[0]?.extensions).toMatchObject({ code: "RATE_LIMITED", retry_after: 1 });
      expect(waiting.body.errors?.[0]?.message).toBe(
        "Too many failed sign-ins for this account. Try again in 1 second.",
      );
      // sign-in waits too
      expect((await signIn(srv, demoEmail("judge"), TEST_PASSWORD)).status).toBe(429);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await change(TEST_PASSWORD, "a-new-password-1")).body).toEqual({ data: { updatePassword: true } });
      // the right one forgot the failures: two more are free again
      for (let i = 0; i < 2; i++) expect((await signIn(srv, demoEmail("judge"), "wrong-password-1")).status).toBe(401);
      expect((await signIn(srv, demoEmail("judge"), "a-new-password-1")).status).toBe(200);
    });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)("rate limits shared through Redis", () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    const tag = `${process.pid}-${Date.now()}`;
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      REDIS_CHANNEL: `rollbook:push:test:${tag}`,
      RATE_LIMIT_PREFIX: `rollbook:rl:test:${tag}`,
      GRAPHQL_RATE_LIMIT: "4",
    };
    one = await startServer("pglite", env);
    two = await startServer("pglite", env);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it("counts one user's requests across two server processes", async () => {
    // the same seeded user on both: the counter is the user's, wherever the request lands
    const t1 = (await one.login("staff")).access_token;
    const t2 = (await two.login("staff")).access_token;
    const codes = [];
    for (const [srv, t] of [
      [one, t1],
      [two, t2],
      [one, t1],
      [two, t2],
      [one, t1],
    ] as const)
      codes.push((await srv.gql(t, "{ me { id } }")).status);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
  });
});
