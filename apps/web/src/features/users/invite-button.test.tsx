import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../test/render.tsx";
import UsersPage from "./UsersPage.tsx";

const school = (allow: boolean) => ({ id: 1, timezone: "America/New_York", allow_user_invite: allow });

/** /Users' "Invite user", by the school's Allow inviting users (decision 0953). */
describe("the Users page's Invite user", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    { who: "an advisor, inviting on", role: 5, allow: true, button: true },
    { who: "an advisor, inviting off", role: 5, allow: false, button: false },
    { who: "an administrator, inviting off", role: 3, allow: false, button: true },
  ])("$who: the button $button", async ({ role, allow, button }) => {
    stubGraphql({
      usersList: () => ({ users: { total: 0, data: [] }, school: school(allow) }),
      invitationsList: () => ({ invitations: { total: 0, data: [] }, school: school(allow) }),
    });
    renderUi(<UsersPage />, { me: testMe(role), url: "/Users" });
    await screen.findByText("No users here");
    expect(screen.queryByRole("button", { name: "Invite user" }) !== null).toBe(button);
    expect(screen.queryByText("Only administrators invite users at this school.") !== null).toBe(!button);
  });
});
