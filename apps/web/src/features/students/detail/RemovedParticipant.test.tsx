import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
import { renderUi } from "../../../../test/render.tsx";
import { TokenCard } from "./HeaderCards.tsx";
import { InformationTab } from "./InformationTab.tsx";
import { studentFixture } from "./student-fixture.ts";
import type { StudentDetail } from "./types.ts";

const base = {
  first_name: "Dupe",
  last_name: "Enterpress",
  courses: [],
  events: [],
  excuses: [],
  token: "LPMLYHPHTU",
  offline_code: null,
  offline_code_uri: null,
} as Partial<StudentDetail>;
const active = studentFixture({ ...base, deleted_at: null });
const removed = studentFixture({ ...base, deleted_at: "2026-11-30T15:59:00.000Z" });
const can = { view_information: true, create_participant: true, override: true };

/**
 * A removed participant is read-only until restored: the server refuses its edits ("The
 * participant is removed: restore it first"), its notes and a new token. The page offered
 * Edit participant, Add note and Reset token anyway; each ended in "That did not work".
 */
describe("a removed participant's page offers no change the server refuses", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("has no Edit participant and no note form, and says to restore first", async () => {
    stubGraphql({ studentNotes: () => ({ notes: { total: 0, data: [] } }) });
    renderUi(<InformationTab student={removed} timeZone="America/New_York" can={can} />);
    await waitFor(() => expect(screen.getByText("No notes yet.")).toBeTruthy());
    expect(screen.queryByRole("button", { name: "Edit participant" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add note" })).toBeNull();
    expect(screen.getByText("Restore the participant to edit their information.")).toBeTruthy();
    expect(screen.getByText("Restore the participant to add a note.")).toBeTruthy();
  });

  it("has no Reset token", () => {
    renderUi(<TokenCard student={removed} />);
    expect(screen.getByText("LPMLYHPHTU")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reset token" })).toBeNull();
  });

  it("an active participant keeps all three", async () => {
    stubGraphql({ studentNotes: () => ({ notes: { total: 0, data: [] } }) });
    renderUi(<InformationTab student={active} timeZone="America/New_York" can={can} />);
    expect(screen.getByRole("button", { name: "Edit participant" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add note" })).toBeTruthy();
    renderUi(<TokenCard student={active} />);
    expect(screen.getByRole("button", { name: "Reset token" })).toBeTruthy();
  });
});
