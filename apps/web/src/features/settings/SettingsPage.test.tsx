import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { type GraphqlAnswer, stubGraphql } from "../../../test/graphql-stub.ts";
import { renderRoutes, testMe } from "../../../test/render.tsx";
import { UnsavedChangesGuard } from "../../ui/form/unsaved-changes.tsx";
import SettingsPage from "./SettingsPage.tsx";

const SCHOOL = {
  id: 1,
  name: "Demo College",
  address: null,
  contact_person: null,
  phone: null,
  email: null,
  support_email: null,
  late_time: 10,
  absent_time: 20,
  leave_time: 10,
  warning_percentage: 70,
  timezone: "America/New_York",
  token_pattern: "random",
  student_cap: null,
  allow_user_invite: true,
  closures: [],
};

const answers: Record<string, GraphqlAnswer> = {
  schoolSettings: () => ({ school: SCHOOL }),
  locationsList: () => ({ locations: { total: 0, data: [] } }),
  updateSchool: (v) => ({ updateSchool: { id: 1, name: v.name } }),
};

/** /Settings inside the shell's pieces that matter here: the guard and a link elsewhere (the sidebar's). */
function renderSettings() {
  const calls = stubGraphql(answers);
  const view = renderRoutes(
    [
      {
        element: (
          <>
            <UnsavedChangesGuard />
            <Link to="/Dashboard">Dashboard</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: "/Settings", element: <SettingsPage /> },
          { path: "/Dashboard", element: <h1>The dashboard</h1> },
        ],
      },
    ],
    { url: "/Settings", me: testMe(3) },
  );
  return { ...view, calls };
}

const nameField = () => screen.findByRole("textbox", { name: "Name" });

describe("/Settings with unsaved edits of the school", { timeout: 20_000 }, () => {
  it("asks before a tab switch: Stay keeps the edit and the tab, Leave goes to the other tab", async () => {
    const user = userEvent.setup();
    const { router } = renderSettings();
    await user.type(await nameField(), " North");

    await user.click(screen.getByRole("tab", { name: "Locations" }));
    const dialog = await screen.findByRole("dialog", { name: "Unsaved changes" });
    expect(dialog.textContent).toContain("Your changes to the school's settings are not saved.");
    await user.click(screen.getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Unsaved changes" })).toBeNull());
    expect(router.state.location.search).toBe("");
    expect(screen.getByRole("tab", { name: "School", selected: true })).toBeTruthy();
    expect((await nameField()).getAttribute("value")).toBe("Demo College North");

    await user.click(screen.getByRole("tab", { name: "Locations" }));
    await screen.findByRole("dialog", { name: "Unsaved changes" });
    await user.click(screen.getByRole("button", { name: "Leave without saving" }));
    await waitFor(() => expect(router.state.location.search).toBe("?tab=locations"));
    expect(await screen.findByRole("tab", { name: "Locations", selected: true })).toBeTruthy();
  });

  it("asks before leaving the page through a link", async () => {
    const user = userEvent.setup();
    const { router } = renderSettings();
    await user.type(await nameField(), " North");
    await user.click(screen.getByRole("link", { name: "Dashboard" }));
    await screen.findByRole("dialog", { name: "Unsaved changes" });
    expect(router.state.location.pathname).toBe("/Settings");
    await user.click(screen.getByRole("button", { name: "Leave without saving" }));
    expect(await screen.findByRole("heading", { name: "The dashboard" })).toBeTruthy();
  });

  it("asks nothing without edits, nor once the edits are saved", async () => {
    const user = userEvent.setup();
    const { router } = renderSettings();
    await nameField();
    await user.click(screen.getByRole("tab", { name: "Locations" }));
    await waitFor(() => expect(router.state.location.search).toBe("?tab=locations"));
    await user.click(screen.getByRole("tab", { name: "School" }));

    await user.type(await nameField(), " North");
    await user.click(screen.getByRole("button", { name: "Save school" }));
    expect(await screen.findByText("The school's settings were saved.")).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Dashboard" }));
    expect(await screen.findByRole("heading", { name: "The dashboard" })).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Unsaved changes" })).toBeNull();
  });
});

describe("/Settings, a school whose zone is not an option (decision 0961)", { timeout: 20_000 }, () => {
  it("shows the school's own zone and saves it unchanged", async () => {
    answers.schoolSettings = () => ({ school: { ...SCHOOL, timezone: "Australia/Sydney" } });
    try {
      const user = userEvent.setup();
      const { calls } = renderSettings();
      const zone = await screen.findByRole("combobox", { name: "Time zone" });
      expect(zone).toHaveProperty("value", "Australia/Sydney");
      await user.type(await nameField(), " North");
      await user.click(screen.getByRole("button", { name: "Save school" }));
      expect(await screen.findByText("The school's settings were saved.")).toBeTruthy();
      expect(calls.find((c) => c.operation === "updateSchool")?.variables).toMatchObject({
        name: "Demo College North",
        timezone: "Australia/Sydney",
      });
    } finally {
      answers.schoolSettings = () => ({ school: SCHOOL });
    }
  });
});

describe("/Settings, the School tab's numbers", { timeout: 20_000 }, () => {
  it("keeps what was typed and says what is wrong, without saving", async () => {
    const user = userEvent.setup();
    const { calls } = renderSettings();
    const warning = await screen.findByRole("textbox", { name: "Warning below (APA %)" });
    const late = screen.getByRole("textbox", { name: "Late after (minutes)" });
    const leave = screen.getByRole("textbox", { name: /^Left early/ });
    await user.clear(warning);
    await user.type(warning, "150");
    await user.clear(late);
    await user.type(late, "-5");
    await user.clear(leave);
    await user.type(leave, "2.5");
    await user.click(screen.getByRole("button", { name: "Save school" }));

    // the typed text stays (no clamping to 100, no dropped sign or point) and each field says why
    expect(await screen.findByText("Warning below (APA %) must be a whole number from 0 to 100")).toBeTruthy();
    expect(screen.getByText("Late after (minutes) must be a whole number from 0 to 1440")).toBeTruthy();
    expect(
      screen.getByText(
        "Left early if leaving more than (minutes before the end) must be a whole number from 0 to 1440",
      ),
    ).toBeTruthy();
    expect(warning).toHaveProperty("value", "150");
    expect(late).toHaveProperty("value", "-5");
    expect(leave).toHaveProperty("value", "2.5");
    expect(screen.queryByText("The school's settings were saved.")).toBeNull();
    expect(calls.map((c) => c.operation)).not.toContain("updateSchool");
  });
});

describe("/Settings, the School tab's e-mail and phone", { timeout: 20_000 }, () => {
  it("are checked before sending, every problem at once on its field", async () => {
    const user = userEvent.setup();
    const { calls } = renderSettings();
    const email = await screen.findByRole("textbox", { name: "E-mail" });
    const support = screen.getByRole("textbox", { name: "Support e-mail" });
    const phone = screen.getByRole("textbox", { name: "Phone" });
    await user.type(email, "bad@");
    await user.type(support, "help@school");
    await user.type(phone, "12");
    await user.click(screen.getByRole("button", { name: "Save school" }));

    expect(await screen.findByText("E-mail must be a valid e-mail address")).toBeTruthy();
    expect(screen.getByText("Support e-mail must be a valid e-mail address")).toBeTruthy();
    expect(screen.getByText("Phone must have 7 to 15 digits")).toBeTruthy();
    // each message is its field's (aria-invalid, described by the message)
    for (const field of [email, support, phone]) expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("The school's settings were saved.")).toBeNull();
    expect(calls.map((c) => c.operation)).not.toContain("updateSchool");
  });
});
