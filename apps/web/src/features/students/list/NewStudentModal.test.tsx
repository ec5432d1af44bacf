import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../../test/render.tsx";
import { NewStudentModal } from "./NewStudentModal.tsx";

/** The server's POST /graphql/query: `answer` is its JSON body, and each call is counted. */
const run = vi.fn((): unknown => ({ errors: [{ message: "not expected" }] }));
const stubServer = () =>
  vi.stubGlobal(
    "fetch",
    async () => new Response(JSON.stringify(run()), { status: 200, headers: { "Content-Type": "application/json" } }),
  );

const open = async () => {
  renderUi(<NewStudentModal opened onClose={() => {}} onCreated={() => {}} />);
  return screen.findByRole("dialog", { name: "New participant" });
};

describe("New participant", () => {
  beforeEach(() => {
    run.mockClear();
    stubServer();
  });

  it("reports every field over the server's limits at once, by its label; nothing is sent", async () => {
    const user = userEvent.setup();
    const dialog = await open();
    const long = "x".repeat(300);
    for (const label of ["First name", "Last name"]) {
      await user.click(within(dialog).getByLabelText(label, { exact: false }));
      await user.paste(long);
    }
    await user.click(within(dialog).getByLabelText("E-mail"));
    await user.paste(`${long}@example.com`);
    await user.click(within(dialog).getByRole("button", { name: "Create participant" }));
    await waitFor(() => expect(screen.getByText("First name must be at most 100 characters")).toBeTruthy());
    expect(screen.getByText("Last name must be at most 100 characters")).toBeTruthy();
    expect(screen.getByText("E-mail must be at most 254 characters")).toBeTruthy();
    for (const label of ["First name", "Last name"])
      expect(within(dialog).getByLabelText(label, { exact: false }).getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(run).not.toHaveBeenCalled();
  });

  it("words the server's field error with the field's label (a School ID already used)", async () => {
    const message = "school_identifier is already used by another participant of the school";
    run.mockImplementation(() => ({
      errors: [{ message, extensions: { code: "BAD_USER_INPUT", field: "school_identifier" } }],
    }));
    const user = userEvent.setup();
    const dialog = await open();
    await user.type(within(dialog).getByLabelText("First name", { exact: false }), "Ida");
    await user.type(within(dialog).getByLabelText("Last name", { exact: false }), "Lane");
    await user.type(within(dialog).getByLabelText("School ID"), "S-1");
    await user.click(within(dialog).getByRole("button", { name: "Create participant" }));
    await waitFor(() =>
      expect(screen.getByText("School ID is already used by another participant of the school")).toBeTruthy(),
    );
    expect(screen.queryByText(/school_identifier/)).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("School ID"));
  });
});
