import type { TypedDocumentString } from "../gql/graphql.ts";
import { postJson, RequestError } from "./http.ts";

/**
 * Runs a typed operation at POST /graphql/query. GraphQL errors reject the call with the
 * first error's message (and its field, when the server names one); a 401 ends the session.
 */
export async function execute<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables?: TVariables,
): Promise<TResult> {
  const payload = (await postJson("/graphql/query", { query: document.toString(), variables: variables ?? {} })) as {
    data?: TResult | null;
    errors?: { message: string; extensions?: { field?: string } }[];
  };
  const first = payload.errors?.[0];
  if (first) {
    const field = first.extensions?.field;
    throw new RequestError(first.message, 200, field ? { [field]: [first.message] } : {});
  }
  if (!payload.data) throw new RequestError("The server answered without data.", 200);
  return payload.data;
}
