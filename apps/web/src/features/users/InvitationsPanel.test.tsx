import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../test/render.tsx";
import { InvitationsPanel } from "./InvitationsPanel.tsx";

/**
 * The open invitations are a table like every other: named by a caption above it, so a screen
 * reader's table list says what it holds (it had none: "table, 5 columns").
 */
describe("the open invitations table", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is named by its caption and has the invitation's row", async () => {
    stubGraphql({
      invitationsList: () => ({
        invitations: {
          total: 1,
          data: [
            {
              id: 4,
              email: "nina@school.test",
              first_name: "Nina",
              last_name: "Roe",
              role_id: 9,
              expires_at: "2026-12-07T12:16:00.000Z",
              created_at: "2026-11-30T12:16:00.000Z",
            },
          ],
        },
        school: { id: 1, timezone: "America/New_York" },
      }),
    });
    renderUi(<InvitationsPanel viewerRoleId={3} />, { me: testMe(3) });
    const table = await screen.findByRole("table", { name: "Invitations not accepted yet" });
    const row = within(table).getByRole("row", { name: /nina@school\.test/ });
    expect(within(row).getByText("Case Manager")).toBeTruthy();
    expect(within(table).getByRole("columnheader", { name: "Expires" })).toBeTruthy();
  });
});

describe("the open invitations' Resend, by the school's Allow inviting users", () => {
  afterEach(() => vi.unstubAllGlobals());
  const stub = (allow: boolean) =>
    stubGraphql({
      invitationsList: () => ({
        invitations: {
          total: 1,
          data: [
            {
              id: 5,
              email: "cole@school.test",
              first_name: "Cole",
              last_name: null,
              role_id: 7,
              expires_at: "2026-12-07T12:16:00.000Z",
              created_at: "2026-11-30T12:16:00.000Z",
            },
          ],
        },
        school: { id: 1, timezone: "America/New_York", allow_user_invite: allow },
      }),
    });

  it.each([
    { who: "an advisor, inviting on", role: 5, allow: true, resend: true },
    { who: "an advisor, inviting off", role: 5, allow: false, resend: false },
    { who: "an administrator, inviting off", role: 3, allow: false, resend: true },
  ])("$who: Resend $resend, Revoke always", async ({ role, allow, resend }) => {
    stub(allow);
    renderUi(<InvitationsPanel viewerRoleId={role} />, { me: testMe(role) });
    const table = await screen.findByRole("table", { name: "Invitations not accepted yet" });
    expect(within(table).getByRole("button", { name: "Revoke the invitation of cole@school.test" })).toBeTruthy();
    expect(within(table).queryByRole("button", { name: "Resend the invitation of cole@school.test" }) !== null).toBe(
      resend,
    );
  });
});
