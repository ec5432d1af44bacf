import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { INVITING_OFF } from "../auth/invite.ts";

const INVITE = `mutation($email: String!, $role: Int!) { inviteUser(email: $email, first_name: "Ivy", role_id: $role) { id } }`;
const RESEND = `mutation($id: Int!) { resendInvitation(id: $id) { id } }`;
const REVOKE = `mutation($id: Int!) { revokeInvitation(id: $id) { id } }`;
const SET = `mutation($id: Int!, $allow: Boolean) { updateSchool(id: $id, allow_user_invite: $allow) { id allow_user_invite } }`;

/** Settings > School "Allow inviting users" (school.allow_user_invite, decision 0953): the advisor's inviting. */
describe.each(ONE_DATABASE)("the school's allow_user_invite on %s", (kind) => {
  let srv: TestServer;
  let admin: string;
  let advisor: string;
  let schoolId: number;
  let seq = 0;
  const invite = (token: string, role = 7) => srv.gql(token, INVITE, { email: `setting-${++seq}@rollbook.test`, role });
  const allow = async (on: boolean) => {
    const r = await srv.gql(admin, SET, { id: schoolId, allow: on });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.updateSchool.allow_user_invite).toBe(on);
  };

  beforeAll(async () => {
    srv = await startServer(kind);
    const a = await srv.login("school_admin");
    admin = a.access_token;
    schoolId = a.user.school_id;
    advisor = (await srv.login("academic_advisor")).access_token;
  }, 120_000);
  afterAll(async () => srv?.close());

  it("on (the default): the advisor invites a coach and resends it", async () => {
    const r = await invite(advisor);
    expect(r.body.errors).toBeUndefined();
    const resent = await srv.gql(advisor, RESEND, { id: r.body.data.inviteUser.id });
    expect(resent.body.errors).toBeUndefined();
  });

  it("off: the advisor's invitation and resend are refused in words that say where to change it", async () => {
    await allow(true);
    const earlier = (await invite(advisor)).body.data.inviteUser.id as number;
    await allow(false);
    try {
      const r = await invite(advisor);
      expect(r.body.data).toBeNull();
      expect(r.body.errors?.[0]).toMatchObject({ message: INVITING_OFF, extensions: { code: "FORBIDDEN" } });
      const resent = await srv.gql(advisor, RESEND, { id: earlier });
      expect(resent.body.errors?.[0]).toMatchObject({ message: INVITING_OFF, extensions: { code: "FORBIDDEN" } });
      // ending an invitation gives no one access: still the advisor's to do
      const revoked = await srv.gql(advisor, REVOKE, { id: earlier });
      expect(revoked.body.errors).toBeUndefined();
    } finally {
      await allow(true);
    }
  });

  it("off: administrators still invite (the switch is theirs)", async () => {
    await allow(false);
    try {
      const r = await invite(admin, 5);
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data.inviteUser.id).toBeGreaterThan(0);
    } finally {
      await allow(true);
    }
  });
});
