import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../test/render.tsx";
import { userFixture } from "../../../test/user-fixture.ts";
import UserDetailPage from "./detail/UserDetailPage.tsx";

const EMAIL = "sofia.adams.12@students.demo.rollbook.test";

/**
 * The user page's header in a 1280 px window: three facts a row, so a long address has a third
 * of the card. It wraps after its "@" or before a "." (a <wbr> there), not mid-word, and a screen
 * reader still reads it as one address.
 */
describe("the user page header's e-mail", () => {
  it("may wrap after the @ and before each dot, and nowhere else, and reads whole", async () => {
    stubGraphql({
      userDetail: () => ({ user: userFixture({ email: EMAIL }), school: { id: 1, timezone: "America/New_York" } }),
      acting: () => ({ me: { id: 3, first_name: "Test", last_name: "Admin", impersonator: null } }),
      alertTargets: () => ({ courses: { data: [] }, teams: { data: [] } }),
    });
    renderUi(
      <Routes>
        <Route path="/Users/:id/*" element={<UserDetailPage />} />
      </Routes>,
      { url: "/Users/12", me: testMe(3) },
    );
    const header = await screen.findByRole("region", { name: /Ada Lovelace/ });
    const facts = header.querySelector<HTMLElement>('dl[aria-label="User"]');
    if (!facts) throw new Error("no facts in the header");
    const value = within(facts).getByText("E-mail").nextElementSibling as HTMLElement;
    expect(value.textContent).toBe(EMAIL);
    // the text between the breaks, and where they are
    const pieces = value.innerHTML.split("<wbr>");
    expect(pieces).toEqual(["sofia", ".adams", ".12@", "students", ".demo", ".rollbook", ".test"]);
  }, 15_000);
});
