import { TextInput } from "@mantine/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { TeamForm } from "../../features/teams/TeamForm.tsx";
import { EMPTY_TEAM_FORM, type TeamFormValues } from "../../features/teams/team-form.ts";
import { RequestError } from "../../lib/http.ts";
import { useRecordForm } from "./use-record-form.ts";

/** The record form's behaviour, through the team form (the pattern every record form follows). */
function renderTeamForm(onSubmit: (v: TeamFormValues) => Promise<void>) {
  renderUi(
    <TeamForm
      initial={EMPTY_TEAM_FORM}
      submitLabel="Create"
      onSubmit={onSubmit}
      onCancel={() => {}}
      label="New team"
    />,
  );
  return { name: screen.getByLabelText("Name"), create: screen.getByRole("button", { name: "Create" }) };
}

describe("useRecordForm", () => {
  it("checks on submit, focuses the first field at fault, and clears the message once the field is fixed", async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {});
    const { name, create } = renderTeamForm(save);
    expect(screen.queryByText("Name is required")).toBeNull();
    await user.click(create);
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(name);
    expect(save).not.toHaveBeenCalled();

    await user.type(name, "Chess");
    expect(screen.queryByText("Name is required")).toBeNull();
    await user.click(screen.getByLabelText("Sport team"));
    await user.click(create);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ name: "Chess", tag: "", is_sport: true, visibility: "private" });
  });

  it("puts the server's field error on its field, in the field's words, focused", async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {
      throw new RequestError("name: the school already has a team named Chess", 400, {
        name: ["the school already has a team named Chess"],
      });
    });
    const { name, create } = renderTeamForm(save);
    await user.type(name, "Chess");
    await user.click(create);
    expect(await screen.findByText("Name: the school already has a team named Chess")).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(screen.queryByRole("alert", { name: /not saved/i })).toBeNull();
  });

  it("shows a refusal that names no field of the form above the buttons", async () => {
    const user = userEvent.setup();
    const { name, create } = renderTeamForm(async () => {
      throw new RequestError("You may not do that.", 403);
    });
    await user.type(name, "Chess");
    await user.click(create);
    expect(await screen.findByText("You may not do that.")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).not.toBe("true");
  });

  it("reset forgets the checks until the next submit (a form that stays open after a save)", async () => {
    const user = userEvent.setup();
    function Probe() {
      const r = useRecordForm({
        name: "probe",
        initialValues: { title: "" },
        validate: (v: { title: string }) => (v.title.trim() ? {} : { title: "Title is required" }),
        order: ["title"] as const,
        labels: { title: "Title" },
      });
      return (
        <form onSubmit={r.submit(async () => r.reset())} noValidate>
          <TextInput label="Title" {...r.form.getInputProps("title")} />
          <button type="submit">Add</button>
        </form>
      );
    }
    renderUi(<Probe />);
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(screen.getByText("Title is required")).toBeTruthy();
    await user.type(screen.getByLabelText("Title"), "Trip");
    await user.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe(""));
    // emptied by the reset, and not flagged until the next submit
    expect(screen.queryByText("Title is required")).toBeNull();
    await user.type(screen.getByLabelText("Title"), "x");
    await user.clear(screen.getByLabelText("Title"));
    expect(screen.queryByText("Title is required")).toBeNull();
  });

  it("checks again only on the next submit once saved (a form that stays open)", async () => {
    const user = userEvent.setup();
    const { name, create } = renderTeamForm(async () => {});
    await user.click(create);
    await user.type(name, "Chess");
    await user.click(create);
    await user.clear(name);
    expect(screen.queryByText("Name is required")).toBeNull();
    await user.click(create);
    expect(screen.getByText("Name is required")).toBeTruthy();
  });

  it("hands a refusal naming no field to onUnnamed, for a form without an alert", async () => {
    const user = userEvent.setup();
    const unnamed = vi.fn();
    function Probe() {
      const r = useRecordForm({
        name: "probe",
        initialValues: { title: "" },
        validate: () => ({}),
        order: ["title"] as const,
        labels: { title: "Title" },
        onUnnamed: unnamed,
      });
      return (
        <form
          onSubmit={r.submit(async () => {
            throw new RequestError("You may not do that.", 403);
          })}
          noValidate
        >
          <TextInput label="Title" {...r.form.getInputProps("title")} />
          {r.formError && <p>{r.formError}</p>}
          <button type="submit">Add</button>
        </form>
      );
    }
    renderUi(<Probe />);
    await user.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(unnamed).toHaveBeenCalledWith("You may not do that."));
    expect(screen.queryByText("You may not do that.")).toBeNull();
  });
});
