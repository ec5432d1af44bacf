import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../../test/render.tsx";
import { TravelForm } from "./TravelTab.tsx";
import { newTravelForm, type TravelFormValues } from "./travel-form.ts";

const TZ = "America/New_York";
const person = (id: number, first_name: string, last_name: string) => ({
  id,
  first_name,
  last_name,
  preferred_name: null,
});
const ann = person(1, "Ann", "Lee");
const bo = person(2, "Bo", "Park");
const stella = person(57, "Stella", "Carter");

/** A travel of Ann and Stella; Stella has since been taken off the team (decision 0705). */
function renderEdit(onSubmit: (v: TravelFormValues) => Promise<void>) {
  renderUi(
    <TravelForm
      timeZone={TZ}
      initial={newTravelForm(TZ, new Date("2030-04-10T15:00:00Z"), [ann.id, stella.id])}
      members={[ann, bo]}
      listed={[ann, stella]}
      submitLabel="Save"
      onCancel={() => {}}
      onSubmit={onSubmit}
    />,
  );
  return screen.getByRole("button", { name: "Save" });
}

describe("TravelForm, the time zone", () => {
  it("is named as Settings and the dashboard name it", () => {
    renderEdit(async () => {});
    expect(screen.getByText("Times are in the school's time zone, Eastern (New York).")).toBeTruthy();
  });
});

describe("TravelForm, editing a travel that lists someone no longer on the team", () => {
  it("shows them ticked and labelled, counted, kept on a save as it opened", async () => {
    const user = userEvent.setup();
    const save = vi.fn(async (_v: TravelFormValues) => {});
    const button = renderEdit(save);
    const group = screen.getByRole("group");
    expect(within(group).getByText("Travelling students (2 of 3)")).toBeTruthy();
    const former = screen.getByLabelText("Stella Carter (no longer on the team)") as HTMLInputElement;
    expect(former.checked).toBe(true);
    expect((screen.getByLabelText("Ann Lee") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Bo Park") as HTMLInputElement).checked).toBe(false);
    await user.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].student_ids.sort()).toEqual([ann.id, stella.id].sort());
  });

  it("unticks them: the count follows, the save leaves them out; Whole team does not tick them again", async () => {
    const user = userEvent.setup();
    const save = vi.fn(async (_v: TravelFormValues) => {});
    const button = renderEdit(save);
    const former = screen.getByLabelText("Stella Carter (no longer on the team)") as HTMLInputElement;
    await user.click(former);
    expect(former.checked).toBe(false);
    expect(screen.getByText("Travelling students (1 of 3)")).toBeTruthy();
    await user.click(screen.getByLabelText("Whole team"));
    expect(screen.getByText("Travelling students (2 of 3)")).toBeTruthy();
    expect(former.checked).toBe(false);
    await user.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].student_ids.sort()).toEqual([ann.id, bo.id].sort());
  });
});
