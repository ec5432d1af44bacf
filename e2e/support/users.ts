/**
 * A fresh staff user for the Users and Profile specs: invited by the school admin through the
 * API, registered with the mail's link, signed in. The demo users stay as other specs expect them.
 */
import type { Api, ApiSession } from "./api.ts";
import { linkIn, type Mailbox } from "./mailbox.ts";

const INVITE = `mutation($email: String!, $first_name: String!, $last_name: String, $role_id: Int!) {
  inviteUser(email: $email, first_name: $first_name, last_name: $last_name, role_id: $role_id) { id } }`;

export const NEW_USER_PASSWORD = "a-good-password";

export async function makeStaffUser(
  api: Api,
  mailbox: Mailbox,
  admin: ApiSession,
  opts: { first_name: string; last_name: string; role_id: number },
): Promise<ApiSession> {
  const email = `${opts.first_name.toLowerCase()}.${Date.now()}${Math.floor(Math.random() * 1e4)}@demo.rollbook.test`;
  const since = Date.now();
  await api.graphql(admin.access_token, INVITE, { email, ...opts });
  const mail = await mailbox.waitFor({ to: email, subject: /invit/i, since });
  const token = linkIn(mail, /^\/Invite\/[0-9a-f-]{36}$/)
    .split("/")
    .pop() as string;
  const reg = await api.post("/api/v2/register", {
    token,
    first_name: opts.first_name,
    last_name: opts.last_name,
    password: NEW_USER_PASSWORD,
    password_confirmation: NEW_USER_PASSWORD,
  });
  if (reg.status !== 200) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  return api.login(email, NEW_USER_PASSWORD);
}
