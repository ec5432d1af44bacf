import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../test/render.tsx";
import { userFixture } from "../../test/user-fixture.ts";
import ImportPage from "./imports/ImportPage.tsx";
import { ImportsPanel } from "./imports/ImportsPanel.tsx";
import { BeaconsSection } from "./locations/BeaconsSection.tsx";
import UserDetailPage from "./users/detail/UserDetailPage.tsx";
import UsersPage from "./users/UsersPage.tsx";

/**
 * Times of the Users, Imports and beacon screens are on the school's clock, not the browser's
 * (spec: "Server times are UTC and shown in the school's time zone"). The browser here is in
 * Tokyo, the school in New York: 04:39 UTC on Nov 29 is 11:39 PM on Nov 28 at the school, and
 * 1:39 PM on Nov 29 in Tokyo.
 */
const AT = "2026-11-29T04:39:00.000Z";
const SCHOOL = { id: 1, timezone: "America/New_York" };
const AT_SCHOOL = "11/28/2026, 11:39 PM";

const savedTz = process.env.TZ;
beforeAll(() => {
  // Node takes a TZ set at run time; `TZ=Asia/Tokyo npx vitest ...` does the same from outside
  process.env.TZ = "Asia/Tokyo";
  expect(new Date(AT).getHours()).toBe(13);
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});
afterEach(() => vi.unstubAllGlobals());

const user = userFixture({ email: "ada@demo.test", last_seen: AT });

const anImport = {
  id: 1,
  uuid: "0b7c5c1e-0000-4000-8000-000000000001",
  kind: "students",
  status: "done",
  progress: 2,
  total_rows: 2,
  error_count: 0,
  created_at: AT,
  finished_at: "2026-11-29T04:39:07.000Z",
  row_errors: [],
  user: { id: 3, first_name: "Sam", last_name: "Admin" },
};

describe("times in the school's time zone, with the browser elsewhere", () => {
  it("/Users: Last seen of the list, and an invitation's expiry", async () => {
    stubGraphql({
      usersList: () => ({ users: { total: 1, data: [user] }, school: SCHOOL }),
      invitationsList: () => ({
        invitations: {
          total: 1,
          data: [
            {
              id: 5,
              email: "new@demo.test",
              first_name: "New",
              last_name: null,
              role_id: 6,
              expires_at: AT,
              created_at: AT,
            },
          ],
        },
        school: SCHOOL,
      }),
    });
    renderUi(<UsersPage />, { url: "/Users", me: testMe(3) });
    const row = (await screen.findByRole("link", { name: "Ada Lovelace" })).closest("tr");
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText(AT_SCHOOL)).toBeTruthy();
    const invitation = (await screen.findByText("new@demo.test")).closest("tr");
    expect(within(invitation as HTMLElement).getByText(AT_SCHOOL)).toBeTruthy();
  }, 15_000);

  it("/Users/:id: Last seen", async () => {
    stubGraphql({
      userDetail: () => ({ user, school: SCHOOL }),
      acting: () => ({ me: { id: 3, first_name: "Test", last_name: "Admin", impersonator: null } }),
      alertTargets: () => ({ courses: { data: [] }, teams: { data: [] } }),
    });
    renderUi(
      <Routes>
        <Route path="/Users/:id/*" element={<UserDetailPage />} />
      </Routes>,
      { url: "/Users/12", me: testMe(3) },
    );
    const term = await screen.findByText("Last seen");
    expect(term.nextElementSibling?.textContent).toBe(AT_SCHOOL);
  }, 15_000);

  it("/Settings?tab=imports: Uploaded", async () => {
    stubGraphql({ importsList: () => ({ imports: { total: 1, data: [anImport] }, school: SCHOOL }) });
    renderUi(<ImportsPanel />, { me: testMe(3) });
    expect(await screen.findByRole("link", { name: AT_SCHOOL })).toBeTruthy();
  }, 15_000);

  it("/Imports/:uuid: Uploaded and Finished, to the second", async () => {
    stubGraphql({ importOne: () => ({ import: anImport, school: SCHOOL }) });
    renderUi(
      <Routes>
        <Route path="/Imports/:uuid" element={<ImportPage />} />
      </Routes>,
      { url: `/Imports/${anImport.uuid}`, me: testMe(3) },
    );
    expect(await screen.findByText("11/28/2026, 11:39:00 PM by Sam Admin")).toBeTruthy();
    expect(screen.getByText("11/28/2026, 11:39:07 PM")).toBeTruthy();
  }, 15_000);

  it("a location's beacons: Last seen", async () => {
    renderUi(
      <BeaconsSection
        locationId={1}
        locationName="Gym"
        timeZone={SCHOOL.timezone}
        beacons={[{ id: 1, name: "", factory_id: "AB-01", battery: 80, active: true, last_seen: AT }]}
        onChanged={async () => undefined}
      />,
    );
    const row = screen.getByRole("rowheader", { name: "AB-01" }).closest("tr");
    expect(within(row as HTMLElement).getByText(AT_SCHOOL)).toBeTruthy();
  });
});
