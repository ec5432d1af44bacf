import { Button } from "@mantine/core";
import type { DatesRangeValue } from "@mantine/dates";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { DateRangeField } from "./DatePicker.tsx";
import { readTypedEnd } from "./typed-date.ts";

const CHOOSE = "Choose Dates in the calendar";

function Harness({ initial = ["2026-11-02", null] }: { initial?: DatesRangeValue<string> }) {
  const [value, setValue] = useState<DatesRangeValue<string>>(initial);
  return (
    <>
      <DateRangeField label="Dates" description="Month/day/year" value={value} onChange={setValue} />
      <output data-testid="value">{value.map((d) => d ?? "none").join(" to ")}</output>
      <Button onClick={() => setValue(["2026-01-05", "2026-01-09"])}>Set January</Button>
    </>
  );
}

const setup = (initial?: DatesRangeValue<string>) => {
  const user = userEvent.setup();
  renderUi(<Harness initial={initial} />);
  const group = screen.getByRole("group", { name: "Dates" });
  const start = within(group).getByRole("textbox", { name: "Start date" });
  const end = within(group).getByRole("textbox", { name: "End date" });
  const value = () => screen.getByTestId("value").textContent;
  return { user, start, end, value };
};

describe("readTypedEnd", () => {
  it("refuses an end before the start, naming both ends; the start's own day is a range of one", () => {
    const start = { label: "Start date", value: "2026-11-20" };
    expect(readTypedEnd("11/19/2026", "End date", {}, start)).toEqual({
      value: null,
      error: "End date must be on or after the start date (11/20/2026)",
    });
    expect(readTypedEnd("11/20/2026", "End date", {}, start)).toEqual({ value: "2026-11-20", error: null });
    // no start to compare with, or an end that is no date: the end's own reading
    expect(readTypedEnd("11/19/2026", "End date", {}, { ...start, value: null }).value).toBe("2026-11-19");
    expect(readTypedEnd("02/30/2026", "End date", {}, start).error).toBe("End date must be a real date (MM/DD/YYYY)");
  });
});

describe("DateRangeField typed", () => {
  it("is a group of two named text boxes showing the range; typed ends set the value", async () => {
    const { user, start, end, value } = setup(["2026-11-02", "2026-11-06"]);
    expect(screen.getByRole("group", { name: "Dates" }).getAttribute("aria-describedby")).toBeTruthy();
    expect(start).toHaveProperty("value", "11/02/2026");
    expect(end).toHaveProperty("value", "11/06/2026");
    await user.clear(end);
    await user.type(end, "12/24/2026");
    expect(value()).toBe("2026-11-02 to 2026-12-24");
    await user.clear(start);
    await user.type(start, "12/1/2026");
    expect(value()).toBe("2026-12-01 to 2026-12-24");
  });

  it("names the end at fault: a start that is no date, an end that is no date", async () => {
    const { user, start, end, value } = setup([null, null]);
    await user.type(start, "02/30/2026");
    expect(screen.getByText("Start date must be a real date (MM/DD/YYYY)")).toBeTruthy();
    expect(start.getAttribute("aria-invalid")).toBe("true");
    expect(value()).toBe("none to none");
    await user.type(end, "13/01/2026");
    expect(screen.getByText("End date must be a real date (MM/DD/YYYY)")).toBeTruthy();
    expect(end.getAttribute("aria-invalid")).toBe("true");
    // a half-typed end says nothing until the box is left
    await user.clear(end);
    await user.type(end, "11/2");
    expect(screen.queryByText(/^End date must/)).toBeNull();
    await user.tab();
    expect(screen.getByText("End date must be a real date (MM/DD/YYYY)")).toBeTruthy();
  });

  it("refuses an end before the start on the End date box, and takes it once the start moves before it", async () => {
    const { user, start, end, value } = setup([null, null]);
    await user.type(start, "11/20/2026");
    await user.type(end, "11/10/2026");
    expect(screen.getByText("End date must be on or after the start date (11/20/2026)")).toBeTruthy();
    expect(end.getAttribute("aria-invalid")).toBe("true");
    expect(start.hasAttribute("aria-invalid")).toBe(false);
    // never sent reversed: the end is none while it is before the start
    expect(value()).toBe("2026-11-20 to none");
    await user.clear(start);
    await user.type(start, "11/01/2026");
    expect(screen.queryByText(/on or after the start date/)).toBeNull();
    expect(value()).toBe("2026-11-01 to 2026-11-10");
    // and a start moved after the end refuses the end again
    await user.clear(start);
    await user.type(start, "11/11/2026");
    expect(screen.getByText("End date must be on or after the start date (11/11/2026)")).toBeTruthy();
    expect(value()).toBe("2026-11-11 to none");
  });

  it("shows a range set from outside in both boxes", async () => {
    const { user, start, end } = setup();
    await user.type(end, "11/3");
    await user.click(screen.getByRole("button", { name: "Set January" }));
    expect(start).toHaveProperty("value", "01/05/2026");
    expect(end).toHaveProperty("value", "01/09/2026");
  });

  it("holds its form's submit while an end is at fault, focusing that box", async () => {
    const user = userEvent.setup();
    const submit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderUi(
      <form onSubmit={submit} aria-label="Filter">
        <Harness initial={[null, null]} />
        <button type="submit">Apply</button>
      </form>,
    );
    const end = screen.getByRole("textbox", { name: "End date" });
    await user.type(screen.getByRole("textbox", { name: "Start date" }), "11/20/2026");
    await user.type(end, "11/10/2026{Enter}");
    expect(submit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(end);
    await user.clear(end);
    await user.type(end, "11/21/2026{Enter}");
    expect(submit).toHaveBeenCalledTimes(1);
  });
});

describe("DateRangeField's calendar", () => {
  it("opens as a named dialog from its button; two days picked fill both boxes, close it, focus back on the button", async () => {
    const { user, start, end, value } = setup(["2026-11-02", "2026-11-06"]);
    const button = screen.getByRole("button", { name: CHOOSE });
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Dates: calendar" });
    await user.click(within(dialog).getByRole("button", { name: "10 November 2026" }));
    expect(value()).toBe("2026-11-10 to none");
    expect(end).toHaveProperty("value", "");
    await user.click(within(dialog).getByRole("button", { name: "12 November 2026" }));
    expect(value()).toBe("2026-11-10 to 2026-11-12");
    expect(start).toHaveProperty("value", "11/10/2026");
    expect(end).toHaveProperty("value", "11/12/2026");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Dates: calendar" })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it("takes a typed start as the range's first day: one day picked is its end", async () => {
    const { user, end, value } = setup([null, null]);
    await user.type(screen.getByRole("textbox", { name: "Start date" }), "11/20/2026");
    await user.click(screen.getByRole("button", { name: CHOOSE }));
    await user.click(await screen.findByRole("button", { name: "24 November 2026" }));
    expect(value()).toBe("2026-11-20 to 2026-11-24");
    expect(end).toHaveProperty("value", "11/24/2026");
  });

  it("opens on the start's month, not the end's: as set, and again after a range picked across months", async () => {
    const { user, value } = setup(["2026-09-20", "2026-11-10"]);
    const button = screen.getByRole("button", { name: CHOOSE });
    await user.click(button);
    let dialog = await screen.findByRole("dialog", { name: "Dates: calendar" });
    expect(within(dialog).getByRole("button", { name: "September 2026" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "25 September 2026" }));
    await user.click(within(dialog).getByRole("button", { name: "Next month" }));
    await user.click(within(dialog).getByRole("button", { name: "5 October 2026" }));
    expect(value()).toBe("2026-09-25 to 2026-10-05");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Dates: calendar" })).toBeNull());
    // the month turned to pick the end is not kept
    await user.click(button);
    dialog = await screen.findByRole("dialog", { name: "Dates: calendar" });
    expect(within(dialog).getByRole("button", { name: "September 2026" })).toBeTruthy();
  });

  it("opens on today's month with no range", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 6, 15, 12));
    try {
      const { user } = setup([null, null]);
      await user.click(screen.getByRole("button", { name: CHOOSE }));
      const dialog = await screen.findByRole("dialog", { name: "Dates: calendar" });
      expect(within(dialog).getByRole("button", { name: "July 2026" })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("turns the month when an arrow key leaves it, the end of the range picked in the next", async () => {
    const { user, value } = setup();
    await user.click(screen.getByRole("button", { name: CHOOSE }));
    (await screen.findByRole("button", { name: "26 November 2026" })).focus();
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("3 December 2026"));
    expect(document.activeElement?.hasAttribute("data-outside")).toBe(false);
    await user.keyboard("{Enter}");
    expect(value()).toBe("2026-11-02 to 2026-12-03");
  });

  it("closes on Escape with the range as it was, focus back on the button", async () => {
    const { user, value } = setup(["2026-11-02", "2026-11-06"]);
    const button = screen.getByRole("button", { name: CHOOSE });
    button.focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("dialog", { name: "Dates: calendar" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Dates: calendar" })).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(value()).toBe("2026-11-02 to 2026-11-06");
  });
});
