import { vi } from "vitest";

/**
 * An answer to one GraphQL operation, by its variables: the `data` the server would send, or a
 * promise of it (a test holds a call back until it resolves it).
 */
export type GraphqlAnswer = (variables: Record<string, unknown>) => unknown;

export interface GraphqlCall {
  operation: string;
  variables: Record<string, unknown>;
}

/**
 * Stands in for the server's POST /graphql/query: each operation (by its name, `query teamsList`)
 * is answered by `answers`, an unknown one with a GraphQL error naming it. Returns the calls made.
 * Undo with vi.unstubAllGlobals() (in an afterEach).
 */
export function stubGraphql(answers: Record<string, GraphqlAnswer>): GraphqlCall[] {
  const calls: GraphqlCall[] = [];
  vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? "{}")) as { query?: string; variables?: Record<string, unknown> };
    const operation = /\b(?:query|mutation)\s+(\w+)/.exec(body.query ?? "")?.[1] ?? "?";
    const variables = body.variables ?? {};
    calls.push({ operation, variables });
    const answer = answers[operation];
    const payload = answer
      ? { data: await answer(variables) }
      : { errors: [{ message: `the test has no answer for the operation ${operation}` }] };
    return new Response(JSON.stringify(payload), { status: 200, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}
