import { Button, TextInput } from "@mantine/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { useRecordForm } from "../form/use-record-form.ts";
import { DateField } from "./DatePicker.tsx";

interface Trip {
  title: string;
  leave: string | null;
  back: string | null;
}

/** A record form as the app's are (use-record-form), with two optional dates: none is a valid answer. */
function TripForm({
  save,
  validate = () => ({}),
}: {
  save: (v: Trip) => Promise<void>;
  validate?: (v: Trip) => Partial<Record<keyof Trip, string>>;
}) {
  const { form, submit } = useRecordForm<Trip, keyof Trip>({
    name: "trip",
    initialValues: { title: "", leave: null, back: null },
    validate,
    order: ["title", "leave", "back"],
    labels: { title: "Title", leave: "Leave", back: "Back" },
  });
  return (
    <form onSubmit={submit(save)} noValidate aria-label="Trip">
      <TextInput label="Title" {...form.getInputProps("title")} />
      <DateField label="Leave" {...form.getInputProps("leave")} value={form.values.leave} />
      <DateField label="Back" {...form.getInputProps("back")} value={form.values.back} />
      <Button type="submit">Save</Button>
    </form>
  );
}

const setup = () => {
  const user = userEvent.setup();
  const save = vi.fn(async (_: Trip) => {});
  renderUi(<TripForm save={save} />);
  const leave = screen.getByRole("textbox", { name: "Leave" });
  const back = screen.getByRole("textbox", { name: "Back" });
  return { user, save, leave, back, saveButton: screen.getByRole("button", { name: "Save" }) };
};

const NOT_REAL = "Leave must be a real date (MM/DD/YYYY)";

describe("a form with a DateField that holds a date it cannot take", () => {
  it("does not submit on its button: the field says why and takes focus; fixed, the date is saved", async () => {
    const { user, save, leave, saveButton } = setup();
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Museum");
    await user.type(leave, "02/30/2026");
    await user.click(saveButton);
    // not saved without the date: what was typed stays, named on its field, focused
    expect(save).not.toHaveBeenCalled();
    expect(leave).toHaveProperty("value", "02/30/2026");
    expect(leave.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(NOT_REAL)).toBeTruthy();
    expect(document.activeElement).toBe(leave);

    await user.clear(leave);
    await user.type(leave, "02/28/2026");
    await user.click(saveButton);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ title: "Museum", leave: "2026-02-28", back: null });
  });

  it("does not submit on Enter in the box, nor a half-typed date; emptied, the form saves no date", async () => {
    const { user, save, leave } = setup();
    await user.type(leave, "11/2{Enter}");
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText(NOT_REAL)).toBeTruthy();
    expect(document.activeElement).toBe(leave);

    await user.clear(leave);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ title: "", leave: null, back: null });
  });

  it("shows every faulty field's error and focuses the first, whichever was typed last", async () => {
    const { user, save, leave, back, saveButton } = setup();
    await user.type(leave, "13/01/2026");
    await user.type(back, "02/30/2026");
    await user.click(saveButton);
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText(NOT_REAL)).toBeTruthy();
    expect(screen.getByText("Back must be a real date (MM/DD/YYYY)")).toBeTruthy();
    expect(document.activeElement).toBe(leave);
  });

  it("runs the form's own checks too: every error shows at once, nothing is saved, focus on the date", async () => {
    const user = userEvent.setup();
    const save = vi.fn(async (_: Trip) => {});
    const validate = (v: Trip) => (v.title.trim() ? {} : { title: "Title is required" });
    renderUi(<TripForm save={save} validate={validate} />);
    const leave = screen.getByRole("textbox", { name: "Leave" });
    await user.type(leave, "02/30/2026");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(save).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText("Title is required")).toBeTruthy());
    expect(screen.getByText(NOT_REAL)).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Title" }).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(leave);
    // the title's check follows its changes from then on, as after any submit
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Museum");
    await waitFor(() => expect(screen.queryByText("Title is required")).toBeNull());
    expect(save).not.toHaveBeenCalled();
  });
});
