import { Button, NativeSelect } from "@mantine/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { TeamForm } from "../../features/teams/TeamForm.tsx";
import { EMPTY_TEAM_FORM } from "../../features/teams/team-form.ts";
import { FormModal } from "./FormModal.tsx";
import { unsavedForms } from "./unsaved-changes.tsx";

/** "New team" as the Teams page has it: the form inside the dialog reports its own edits. */
function NewTeam({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const close = () => {
    setOpen(false);
    onClose();
  };
  return (
    <FormModal opened={open} onClose={close} title="New team">
      <TeamForm
        label="New team"
        initial={EMPTY_TEAM_FORM}
        submitLabel="Create team"
        onCancel={close}
        onSubmit={async () => {}}
      />
    </FormModal>
  );
}

/** A dialog whose one value is kept beside it (the roster's override): it says so through `unsaved`. */
function PickStatus({ onClose }: { onClose: () => void }) {
  const [choice, setChoice] = useState("");
  return (
    <FormModal opened onClose={onClose} title="Change status" unsaved={choice ? "the new status" : null}>
      <NativeSelect
        label="New status"
        value={choice}
        onChange={(e) => setChoice(e.currentTarget.value)}
        data={[
          { value: "", label: "Pick a status" },
          { value: "1", label: "Present" },
        ]}
      />
      <Button onClick={onClose}>Done</Button>
    </FormModal>
  );
}

/** A page's button that opens New team, as the Teams page has it. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>New team</Button>
      {open && <NewTeam onClose={() => setOpen(false)} />}
    </>
  );
}

/** Like Opener, but the dialog stays rendered closed, as most pages keep theirs. */
function KeptOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>New team</Button>
      <FormModal opened={open} onClose={() => setOpen(false)} title="New team">
        <TeamForm
          label="New team"
          initial={EMPTY_TEAM_FORM}
          submitLabel="Create team"
          onCancel={() => setOpen(false)}
          onSubmit={async () => {}}
        />
      </FormModal>
    </>
  );
}

const question = () => screen.queryByRole("dialog", { name: "Discard changes?" });

describe("FormModal", () => {
  it("closes a clean form at once: Escape, the close button", async () => {
    const onClose = vi.fn();
    const view = renderUi(<NewTeam onClose={onClose} />);
    await screen.findByRole("dialog", { name: "New team" });
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New team" })).toBeNull());
    view.unmount();

    const again = vi.fn();
    renderUi(<NewTeam onClose={again} />);
    const dialog = await screen.findByRole("dialog", { name: "New team" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(again).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();
  });

  it("asks before a dirty form is closed: Escape and Keep editing keep the edits, Discard closes", async () => {
    const onClose = vi.fn();
    renderUi(<NewTeam onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "New team" });
    await userEvent.type(within(dialog).getByLabelText("Name"), "Falcons");
    expect(unsavedForms()).toEqual(["the team"]);

    // Escape: the question, named, with focus on the safe answer
    await userEvent.keyboard("{Escape}");
    const asked = await screen.findByRole("dialog", { name: "Discard changes?" });
    expect(asked.textContent).toContain("Your changes to the team are not saved. Discard them?");
    await waitFor(() =>
      expect(document.activeElement).toBe(within(asked).getByRole("button", { name: "Keep editing" })),
    );
    expect(onClose).not.toHaveBeenCalled();

    // Escape again answers the question (keep editing), and does not close the form's dialog
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText("Name") as HTMLInputElement).value).toBe("Falcons");

    // the close button asks too; Keep editing
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", {
        name: "Keep editing",
      }),
    );
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();

    // then Discard: the dialog closes and its edits are gone from the page's list
    await userEvent.keyboard("{Escape}");
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New team" })).toBeNull());
    expect(unsavedForms()).toEqual([]);
  });

  it("does not ask when the dialog's own button closes it (Cancel)", async () => {
    const onClose = vi.fn();
    renderUi(<NewTeam onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "New team" });
    await userEvent.type(within(dialog).getByLabelText("Name"), "Falcons");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();
  });

  it("asks for edits the dialog's own state holds (unsaved)", async () => {
    const onClose = vi.fn();
    renderUi(<PickStatus onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Change status" });
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.selectOptions(within(dialog).getByLabelText("New status"), "1");
    expect(unsavedForms()).toEqual(["the new status"]);
    await userEvent.keyboard("{Escape}");
    const asked = await screen.findByRole("dialog", { name: "Discard changes?" });
    expect(asked.textContent).toContain("Your changes to the new status are not saved.");
    await userEvent.click(within(asked).getByRole("button", { name: "Discard" }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("gives focus back to the button that opened it: a clean Escape, Cancel, a discard", async () => {
    renderUi(<KeptOpener />);
    const opener = screen.getByRole("button", { name: "New team" });
    const open = async () => {
      opener.focus();
      await userEvent.keyboard("{Enter}");
      const dialog = await screen.findByRole("dialog", { name: "New team" });
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      return dialog;
    };

    await open();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New team" })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    let dialog = await open();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(opener));

    dialog = await open();
    await userEvent.type(within(dialog).getByLabelText("Name"), "Falcons");
    await userEvent.keyboard("{Escape}");
    const asked = await screen.findByRole("dialog", { name: "Discard changes?" });
    await userEvent.click(within(asked).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New team" })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("leaves focus where the user moved it outside the dialog", async () => {
    renderUi(
      <>
        <KeptOpener />
        <Button>Elsewhere</Button>
      </>,
    );
    const opener = screen.getByRole("button", { name: "New team" });
    await userEvent.click(opener);
    await screen.findByRole("dialog", { name: "New team" });
    const elsewhere = screen.getByRole("button", { name: "Elsewhere" });
    // a close whose caller moves focus on (a save that leads somewhere) keeps it there
    elsewhere.focus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New team" })).toBeNull());
    expect(document.activeElement).toBe(elsewhere);
  });

  it("gives focus back when the page stops rendering the dialog as it closes", async () => {
    renderUi(<Opener />);
    const opener = screen.getByRole("button", { name: "New team" });
    await userEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "New team" });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New team" })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
