import { act, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openPushedPage, startPushSession, timesSent } from "../../test/push-page.tsx";
import { useCourseDetail } from "../features/courses/queries.ts";
import { useEventDetail } from "../features/events/queries.ts";
import { useTeamDetail } from "../features/teams/queries.ts";

const UUID = "c0ffee00-0000-4000-8000-000000000001";

/** Which GraphQL operations the page sent, by name, in order. */
function fakeServer() {
  const operations: string[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const { query } = JSON.parse(String(init.body)) as { query: string };
    const name = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "?";
    operations.push(name);
    const data =
      name === "courseDetail"
        ? { course: { id: 1, uuid: UUID, title: "Biology", start_time: "20:15", end_time: "21:00" } }
        : name === "eventDetail"
          ? { event: { id: 2, uuid: UUID, title: "Fair" } }
          : { team: { id: 3, uuid: UUID, name: "Chess" } };
    return new Response(JSON.stringify({ data }), { status: 200, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return operations;
}

/**
 * The signed-in shell's push channel (usePush) with an open detail page: a `course.update`
 * (`event.update`, `team.update`) from the server refetches the page, without a reload.
 */
describe("an open page hears its course, event or team change", () => {
  let session: ReturnType<typeof startPushSession>;
  beforeEach(() => {
    session = startPushSession();
  });
  afterEach(() => session.end());

  it.each([
    ["course.update", "courseDetail", () => useCourseDetail(UUID)],
    ["event.update", "eventDetail", () => useEventDetail(UUID)],
    ["team.update", "teamDetail", () => useTeamDetail(UUID)],
  ] as const)("%s refetches the open page (%s)", async (type, operation, usePage) => {
    const operations = fakeServer();
    const socket = await openPushedPage(session.client, usePage, operation, () => operations);
    expect(timesSent(operations, operation)).toBe(1);
    act(() => socket.receive({ seq: 1, type, ids: [1] }));
    await waitFor(() => expect(timesSent(operations, operation)).toBe(2));
  });

  it("a message of another kind leaves the course page alone", async () => {
    const operations = fakeServer();
    const socket = await openPushedPage(
      session.client,
      () => useCourseDetail(UUID),
      "courseDetail",
      () => operations,
    );
    act(() => socket.receive({ seq: 1, type: "import.update", ids: [1] }));
    await new Promise((r) => setTimeout(r, 50));
    expect(timesSent(operations, "courseDetail")).toBe(1);
  });
});
