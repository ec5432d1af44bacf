import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
import { renderUi } from "../../../../test/render.tsx";
import { InformationTab } from "./InformationTab.tsx";
import { studentFixture } from "./student-fixture.ts";
import type { StudentDetail } from "./types.ts";

const student = studentFixture({
  first_name: "Caleb",
  last_name: "Adams",
  school_identifier: "S100049",
  courses: [],
  events: [],
  excuses: [],
} as Partial<StudentDetail>);

const can = { view_information: true, create_participant: true, override: false };

/**
 * "Edit participant" gives way to the form, and the form's Cancel and Save give way to the
 * details again: each time the focused control left the page and focus fell to <body>, so a
 * keyboard or screen reader user started again at the top of the page.
 */
describe("the participant's Information tab, editing", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("focuses the first field on opening the form, and Edit participant again on Cancel", async () => {
    stubGraphql({ studentNotes: () => ({ notes: { total: 0, data: [] } }) });
    const user = userEvent.setup();
    renderUi(<InformationTab student={student} timeZone="America/New_York" can={can} />);
    await user.click(screen.getByRole("button", { name: "Edit participant" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: /First name/ })));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit participant" })));
  });

  it("gives focus back to Edit participant once saved", async () => {
    stubGraphql({
      studentNotes: () => ({ notes: { total: 0, data: [] } }),
      studentDetailUpdate: () => ({ updateStudent: { ...student } }),
    });
    const user = userEvent.setup();
    renderUi(<InformationTab student={student} timeZone="America/New_York" can={can} />);
    await user.click(screen.getByRole("button", { name: "Edit participant" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit participant" })));
  });
});

/** The address is "E-mail" on every staff screen: the Participants list, New participant, this tab. */
describe("the participant's Information tab, words", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names the address E-mail, shown and in the form", async () => {
    stubGraphql({ studentNotes: () => ({ notes: { total: 0, data: [] } }) });
    const user = userEvent.setup();
    renderUi(<InformationTab student={student} timeZone="America/New_York" can={can} />);
    expect(screen.getByText("E-mail")).toBeTruthy();
    expect(screen.queryByText("Email")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Edit participant" }));
    expect(screen.getByRole("textbox", { name: "E-mail" })).toBeTruthy();
  });
});
