/**
 * Switching into a user and back (switchUser / switchBack). The new tokens replace the session's
 * and the app reloads, so no cache of the other user survives.
 */
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import { signIn } from "../../lib/session.ts";

const SwitchUserDocument = graphql(`
  mutation switchUser($user_id: Int!) {
    switchUser(user_id: $user_id) {
      access_token
      search_token
    }
  }
`);

const SwitchBackDocument = graphql(`
  mutation switchBack {
    switchBack {
      access_token
      search_token
    }
  }
`);

export async function switchInto(userId: number) {
  const r = await execute(SwitchUserDocument, { user_id: userId });
  signIn(r.switchUser);
  window.location.assign("/Dashboard");
}

/** Back to the original user, at the page of the user acted as. */
export async function switchBackFrom(actedAsId: number) {
  const r = await execute(SwitchBackDocument);
  signIn(r.switchBack);
  window.location.assign(`/Users/${actedAsId}`);
}
