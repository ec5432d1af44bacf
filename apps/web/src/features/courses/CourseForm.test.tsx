import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { RequestError } from "../../lib/http.ts";
import { CourseForm } from "./CourseForm.tsx";
import { type CourseFormValues, EMPTY_COURSE_FORM } from "./course-form.ts";

const noDays: CourseFormValues = {
  ...EMPTY_COURSE_FORM,
  title: "Biology",
  start_time: "09:00",
  end_time: "10:00",
  is_indefinite: true,
};

function renderCourseForm(onSubmit: (v: CourseFormValues) => Promise<void>, initial = noDays) {
  renderUi(
    <CourseForm
      initial={initial}
      submitLabel="Save"
      onSubmit={onSubmit}
      onCancel={() => {}}
      locations={[]}
      label="Edit course"
    />,
  );
  return screen.getByRole("button", { name: "Save" });
}

/** The course form on useRecordForm: the days' error focuses the first day; the server's errors in its words. */
describe("CourseForm", () => {
  it("focuses the first day when no day is picked, and sends the days once one is", async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {});
    const button = renderCourseForm(save);
    await user.click(button);
    expect(screen.getByText("Pick at least one meeting day")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Sunday"));
    await user.click(screen.getByLabelText("Monday"));
    expect(screen.queryByText("Pick at least one meeting day")).toBeNull();
    await user.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ meet_days: { ...noDays.meet_days, meet_mon: true } }));
  });

  it("puts the server's field error on its field in the course's words, focused", async () => {
    const user = userEvent.setup();
    const button = renderCourseForm(
      async () => {
        throw new RequestError("end_time must be after start_time", 400, {
          end_time: ["end_time must be after start_time"],
        });
      },
      { ...noDays, meet_days: { ...noDays.meet_days, meet_tue: true } },
    );
    await user.click(button);
    expect(await screen.findByText("End time must be after start time")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("End time"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a refusal that names no field above the buttons", async () => {
    const user = userEvent.setup();
    const button = renderCourseForm(
      async () => {
        throw new RequestError("You may not do that.", 403);
      },
      { ...noDays, meet_days: { ...noDays.meet_days, meet_tue: true } },
    );
    await user.click(button);
    expect((await screen.findByRole("alert")).textContent).toBe("You may not do that.");
  });
});
