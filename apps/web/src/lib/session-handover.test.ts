import { afterEach, describe, expect, it, vi } from "vitest";
import { switchBackFrom } from "../features/users/switching.ts";
import { postJson } from "./http.ts";
import { endSession, getToken, signIn } from "./session.ts";

/**
 * A switch back revokes the acting token on the server, then the app stores the admin's. A call
 * the page sent with the acting token in between (a refetch after a push, the poll of `me`)
 * answers 401; when that answer lands after the admin's token is stored, it must not end the
 * admin's session: it did, and the reload after the switch back opened /Login?redirect=/Users/N.
 */
describe("a 401 for a token the session no longer holds", () => {
  afterEach(() => endSession("logout"));

  it("leaves the session that replaced it signed in, and still ends its own", async () => {
    let answerLate: () => void = () => {};
    const sent: string[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization ?? "";
      const body = JSON.parse(String(init.body)) as { query: string };
      sent.push(`${/\b(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? "?"} ${auth}`);
      if (body.query.includes("switchBack")) {
        const tokens = { access_token: "admin-token", search_token: "admin-search" };
        return Response.json({ data: { switchBack: tokens } });
      }
      if (auth === "Bearer admin-token") return Response.json({ data: { me: { id: 1 } } });
      // the acting token, revoked: the answer comes when the test lets it
      await new Promise<void>((resolve) => {
        answerLate = resolve;
      });
      return Response.json({ message: "Unauthenticated." }, { status: 401 });
    });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });

    signIn({ access_token: "acting-token", search_token: "acting-search" });
    const refetch = postJson("/graphql/query", { query: "query me { me { id } }" }).catch((e: unknown) => e);
    await switchBackFrom(22);
    expect(assign).toHaveBeenCalledWith("/Users/22");
    answerLate();
    expect(await refetch).toMatchObject({ status: 401 });
    expect(sent).toEqual(["me Bearer acting-token", "switchBack Bearer acting-token"]);
    expect(getToken()).toBe("admin-token");
    expect(sessionStorage.getItem("rollbook.access_token")).toBe("admin-token");

    // a 401 for the token the session holds still ends it
    stubUnauthorized();
    await expect(postJson("/graphql/query", { query: "query me { me { id } }" })).rejects.toMatchObject({
      status: 401,
    });
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem("rollbook.access_token")).toBeNull();
  });

  it("still ends the session on a 401 for its search token", async () => {
    signIn({ access_token: "access", search_token: "search" });
    stubUnauthorized();
    await expect(postJson("/graphql/query", {}, { token: "search" })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });
});

function stubUnauthorized() {
  vi.stubGlobal("fetch", async () => Response.json({ message: "Unauthenticated." }, { status: 401 }));
}
