/** The global search call, made with the session's search token (a token that may call search and nothing else). */
import { SEARCH_PAGE_SIZE } from "@rollbook/domain";
import type { GlobalSearchQuery } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { postJson, RequestError } from "../../lib/http.ts";
import { getSearchToken } from "../../lib/session.ts";

export const GlobalSearchDocument = graphql(`
  query globalSearch($query: String!, $per_page: Int) {
    search(query: $query, per_page: $per_page) {
      students {
        uuid
        firstName
        lastName
        email
      }
      courses {
        uuid
        title
        startTime
        endTime
        days
      }
      teams {
        id
        uuid
        name
      }
      events {
        uuid
        title
        date
      }
    }
  }
`);

export type GlobalSearchResults = GlobalSearchQuery["search"];

/** POST /graphql/query with the search token; an empty or blank query is not sent (spec: search is skipped). */
export async function searchAll(query: string, perPage = SEARCH_PAGE_SIZE): Promise<GlobalSearchResults | null> {
  const term = query.trim();
  if (term === "") return null;
  const token = getSearchToken();
  if (!token) throw new RequestError("Search is not available: sign in again.", 401, {}, false);
  const payload = (await postJson(
    "/graphql/query",
    { query: GlobalSearchDocument.toString(), variables: { query: term, per_page: perPage } },
    { token },
  )) as { data?: GlobalSearchQuery | null; errors?: { message: string }[] };
  const first = payload.errors?.[0];
  if (first) throw new RequestError(first.message, 200);
  if (!payload.data) throw new RequestError("The server answered without data.", 200);
  return payload.data.search;
}
