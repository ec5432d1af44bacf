import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../test/render.tsx";
import { userFixture } from "../../../test/user-fixture.ts";
import UserDetailPage from "./detail/UserDetailPage.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("a user's Information tab", () => {
  it("checks the e-mail and the phone before sending, and shows both errors at once", async () => {
    const user = userEvent.setup();
    const calls = stubGraphql({
      userDetail: () => ({ user: userFixture(), school: { id: 1, timezone: "America/New_York" } }),
      acting: () => ({ me: { id: 3, first_name: "Test", last_name: "Admin", impersonator: null } }),
      alertTargets: () => ({ courses: { data: [] }, teams: { data: [] } }),
      updateUser: () => ({ updateUser: { id: 12 } }),
    });
    renderUi(
      <Routes>
        <Route path="/Users/:id/*" element={<UserDetailPage />} />
      </Routes>,
      { url: "/Users/12", me: testMe(3) },
    );
    const email = await screen.findByRole("textbox", { name: "E-mail" });
    const phone = screen.getByRole("textbox", { name: "Phone" });
    await user.clear(email);
    await user.type(email, "bad@");
    await user.type(phone, "12");
    await user.click(screen.getByRole("button", { name: "Save information" }));

    expect(await screen.findByText("E-mail must be a valid e-mail address")).toBeTruthy();
    expect(screen.getByText("Phone must have 7 to 15 digits")).toBeTruthy();
    expect(calls.map((c) => c.operation)).not.toContain("updateUser");
  }, 15_000);
});
