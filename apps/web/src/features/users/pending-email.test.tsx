import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../test/render.tsx";
import { userFixture } from "../../../test/user-fixture.ts";
import ProfilePage from "../profile/ProfilePage.tsx";
import UserDetailPage from "./detail/UserDetailPage.tsx";

/** A Professor of the demo school whose e-mail change waits on its link (decision 0951). */
const person = userFixture();
const WAITING = "Waiting for confirmation: a link was sent to ada@new.test; the e-mail changes when it is opened.";

/** The E-mail field's accessible description: what a screen reader says with it. */
async function emailDescription() {
  const field = await screen.findByLabelText("E-mail");
  const ids = field.getAttribute("aria-describedby")?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

function answer(pending: string | null) {
  const user = { ...person, pending_email: pending };
  stubGraphql({
    userDetail: () => ({ user, school: { id: 1, timezone: "America/New_York" } }),
    profile: () => ({ me: user }),
    acting: () => ({ me: { id: 3, first_name: "Test", last_name: "Admin", impersonator: null } }),
    alertTargets: () => ({ courses: { data: [] }, teams: { data: [] } }),
  });
}

describe("a pending e-mail change after a reload (decision 0951)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a user's Information tab says which address waits for confirmation", async () => {
    answer("ada@new.test");
    renderUi(
      <Routes>
        <Route path="/Users/:id/*" element={<UserDetailPage />} />
      </Routes>,
      { url: "/Users/12", me: testMe(3) },
    );
    // the stored address stays in the field; the wait is its description
    expect(await screen.findByLabelText("E-mail")).toHaveProperty("value", "ada@old.test");
    expect(await emailDescription()).toBe(WAITING);
  }, 15_000);

  it("/Profile says it too", async () => {
    answer("ada@new.test");
    renderUi(<ProfilePage />, { me: testMe(6, { id: 12 }) });
    expect(await screen.findByLabelText("E-mail")).toHaveProperty("value", "ada@old.test");
    expect(await emailDescription()).toBe(WAITING);
  }, 15_000);

  it("/Profile says nothing without a pending change", async () => {
    answer(null);
    renderUi(<ProfilePage />, { me: testMe(6, { id: 12 }) });
    expect(await emailDescription()).toBe("");
    expect(screen.queryByText(/Waiting for confirmation/)).toBeNull();
  }, 15_000);
});
