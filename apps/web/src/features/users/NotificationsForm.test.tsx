import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../test/render.tsx";
import { NotificationsForm } from "./NotificationsForm.tsx";

/** An Athletics Admin whose alerts are filtered to a team, a course and an event. */
const user = {
  id: 4,
  late_email: true,
  absent_email: true,
  tardy_absent_email: false,
  pindrop_email: false,
  daily_recap_email: false,
  weekly_startup_email: false,
  weekly_recap_email: false,
  prefers_sms: false,
  phone_number: null,
  alert_filter: ["team:1", "course:2", "event:3"],
};

const targets = (courses: { id: number; title: string }[], teams: { id: number; name: string }[]) => () => ({
  courses: { data: courses },
  teams: { data: teams },
});

/** The pills of the filter, as shown (the selected values of the MultiSelect). */
const pills = () => Array.from(document.querySelectorAll(".mantine-Pill-label")).map((p) => p.textContent);

describe("NotificationsForm's alert filter", () => {
  it("shows every entry in words to a viewer who cannot list the user's courses and teams (a Professor)", async () => {
    // a Professor's courses and teams lists hold only their own: none of the admin's
    const calls = stubGraphql({ alertTargets: targets([], []) });
    renderUi(<NotificationsForm user={user} readOnly onSaved={async () => {}} />, { me: testMe(6) });
    await waitFor(() => expect(calls.map((c) => c.operation)).toContain("alertTargets"));
    expect(
      await screen.findByText(
        "Team #1 (name not available); Course #2 (name not available); Event #3 (name not available)",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/team:1/)).toBeNull();
  });

  it("shows a viewer who may not change them the choices in words, not as faint disabled controls", async () => {
    stubGraphql({ alertTargets: targets([{ id: 2, title: "Biology" }], [{ id: 1, name: "Varsity Soccer" }]) });
    renderUi(
      <NotificationsForm
        user={{ ...user, prefers_sms: true, phone_number: "5551234567" }}
        readOnly
        onSaved={async () => {}}
      />,
      { me: testMe(6) },
    );
    expect(await screen.findByText("Late arrivals, Absences")).toBeTruthy();
    expect(document.querySelector("dl[aria-label='Notifications']")).toBeTruthy();
    expect(screen.getByText(/^Alerts by SMS to /)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText("Team: Varsity Soccer; Course: Biology; Event #3 (name not available)")).toBeTruthy(),
    );
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
    expect(screen.queryAllByRole("switch")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: "Save notifications" })).toBeNull();
  });

  it("says so when nothing is chosen", async () => {
    stubGraphql({ alertTargets: targets([], []) });
    const none = { ...user, late_email: false, absent_email: false, alert_filter: [] };
    renderUi(<NotificationsForm user={none} readOnly onSaved={async () => {}} />, { me: testMe(6) });
    expect(await screen.findByText("Every course and team assigned to this user")).toBeTruthy();
    expect(screen.getByText("None")).toBeTruthy();
    expect(screen.getByText("No alerts by SMS")).toBeTruthy();
  });

  it("names the entries from the lists the viewer may read, and from the user's own assignments", async () => {
    stubGraphql({ alertTargets: targets([{ id: 2, title: "Biology" }], [{ id: 1, name: "Varsity Soccer" }]) });
    renderUi(
      <NotificationsForm
        user={{ ...user, assignedEvents: [{ id: 3, title: "Career Panel" }] }}
        readOnly={false}
        onSaved={async () => {}}
      />,
      { me: testMe(3) },
    );
    await waitFor(() => expect(pills()).toEqual(["Team: Varsity Soccer", "Course: Biology", "Event: Career Panel"]));
  });
});
