import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoEmail, ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { invitationCourse, invitations, userCourse, users } from "../db/schema/index.ts";
import { makeCourse, schoolsOf } from "../engine/test-fixtures.ts";
import { PushTestClient, type Received } from "../realtime/push-test-client.ts";
import { linkSecretHash, newLinkSecret } from "./tokens.ts";

/**
 * Registering through an invitation that carries courses (a OneRoster enrollment's) assigns the new
 * user to them: those courses' messages go out after the commit, as attachUsers sends (decision 0200).
 */
describe.each(ONE_DATABASE)("registration pushes on %s", (kind) => {
  let srv: TestServer;
  let school: Awaited<ReturnType<typeof schoolsOf>>["demo"];
  let admin: { client: PushTestClient; id: number };
  let markers = 0;

  beforeAll(async () => {
    srv = await startServer(kind);
    school = (await schoolsOf(srv.services.db)).demo;
    const { client } = await PushTestClient.connect(srv.url, (await srv.login("school_admin")).access_token);
    const [me] = await db()
      .select()
      .from(users)
      .where(eq(users.email, demoEmail("school_admin")));
    admin = { client, id: me?.id as number };
  });
  afterAll(async () => {
    admin?.client.close();
    await srv?.close();
  });

  const db = () => srv.services.db;
  /** The row messages the admin got until now: a task message for them alone comes after them all. */
  async function heard() {
    const id = 900_000 + ++markers;
    await srv.services.bus.publish({ type: "task.update", school_id: school.id, ids: [id], user_id: admin.id });
    const got: Received[] = [];
    for (;;) {
      const m = await admin.client.next();
      if (m.type === "task.update" && m.ids?.[0] === id) return got;
      if (m.type.endsWith(".update")) got.push(m);
    }
  }
  /** An open invitation of `email` waiting on `courses`; answers its link's secret. */
  async function invite(email: string, courses: number[]) {
    const secret = newLinkSecret();
    const [inv] = await db()
      .insert(invitations)
      .values({
        secret_hash: linkSecretHash(secret),
        school_id: school.id,
        role_id: 6,
        email,
        first_name: "Reg",
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .returning();
    await db()
      .insert(invitationCourse)
      .values(courses.map((course_id) => ({ invitation_id: inv?.id as number, course_id })));
    return secret;
  }
  const register = (token: string) =>
    srv.post("/api/v2/register", {
      token,
      first_name: "Reg",
      last_name: "Istered",
      password: "a-long-password",
      password_confirmation: "a-long-password",
    });
  const course = async (extra = {}) => (await makeCourse(db(), school, new Date(), 60, extra)).course.id;

  it("names the courses the invitation newly assigned, in one message, not a course removed since", async () => {
    const [a, b, gone] = [await course(), await course(), await course({ deleted_at: new Date() })];
    const token = await invite(`reg-${kind}@x.test`, [a, b, gone]);
    expect(await heard()).toEqual([]);
    expect((await register(token)).status).toBe(200);
    const got = await heard();
    expect(got).toEqual([{ seq: expect.any(Number), type: "course.update", ids: expect.any(Array) }]);
    expect([...(got[0]?.ids ?? [])].sort((x, y) => x - y)).toEqual([a, b]);
  });

  it("a removed user who comes back is named for the courses new to them only; none new sends nothing", async () => {
    const email = `back-${kind}@x.test`;
    const [user] = await db()
      .insert(users)
      .values({ school_id: school.id, first_name: "Back", last_name: "Again", email, deleted_at: new Date() })
      .returning();
    const [kept, added] = [await course(), await course()];
    await db()
      .insert(userCourse)
      .values({ user_id: user?.id as number, course_id: kept });
    expect((await register(await invite(email, [kept, added]))).status).toBe(200);
    expect(await heard()).toEqual([{ seq: expect.any(Number), type: "course.update", ids: [added] }]);

    // an invitation of no courses new to the user: a registration that assigns nothing sends nothing
    await db()
      .update(users)
      .set({ deleted_at: new Date() })
      .where(eq(users.id, user?.id as number));
    expect((await register(await invite(email, [kept, added]))).status).toBe(200);
    expect(await heard()).toEqual([]);
  });
});
