import { act, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stubGraphql } from "../../test/graphql-stub.ts";
import { openPushedPage, startPushSession, timesSent } from "../../test/push-page.tsx";
import { userFixture } from "../../test/user-fixture.ts";
import { userKey, useUserDetail } from "../features/users/queries.ts";

/** The user page's one query, answered; returns the names of the operations sent, in order. */
function userServer() {
  const user = userFixture({
    assignedCourses: [{ id: 1, uuid: "c1", title: "Biology" }],
    assignedEvents: [{ id: 2, uuid: "e2", title: "Fair" }],
    assignedTeams: [{ id: 3, uuid: "t3", name: "Chess" }],
    assignedStudents: [{ id: 4, uuid: "s4", first_name: "Ann", last_name: "Lee" }],
  });
  const calls = stubGraphql({ userDetail: () => ({ user, school: { id: 1, timezone: "UTC" } }) });
  return () => calls.map((c) => c.operation);
}

/**
 * /Users/:id lists what the user is assigned, by title: a course, event or team renamed, or its
 * staff changed (`course.update`, `event.update`, `team.update`), or a student's assignment
 * (`student.update`) refetches the open page, without a reload.
 */
describe("an open user page hears what it lists change", () => {
  let session: ReturnType<typeof startPushSession>;
  beforeEach(() => {
    session = startPushSession();
  });
  afterEach(() => session.end());

  const open = async () => {
    const sent = userServer();
    const socket = await openPushedPage(session.client, () => useUserDetail(12), "userDetail", sent);
    return { socket, count: () => timesSent(sent(), "userDetail") };
  };

  it.each(["course.update", "event.update", "team.update", "student.update"] as const)(
    "%s refetches the user page",
    async (type) => {
      const { socket, count } = await open();
      expect(count()).toBe(1);
      act(() => socket.receive({ seq: 1, type, ids: [1] }));
      await waitFor(() => expect(count()).toBe(2));
    },
  );

  it("a message of another kind leaves it alone", async () => {
    const { socket, count } = await open();
    act(() => socket.receive({ seq: 1, type: "import.update", ids: [1] }));
    // the invalidator marks what a message refreshes at once: nothing marked, nothing in flight
    expect(session.client.getQueryState(userKey(12))?.isInvalidated).toBe(false);
    expect(session.client.isFetching()).toBe(0);
    expect(count()).toBe(1);
  });
});
