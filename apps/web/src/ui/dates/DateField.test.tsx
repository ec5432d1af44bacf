import { Modal } from "@mantine/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { DateField, DateRangeField } from "./DatePicker.tsx";
import { formatDate, onlyDates, parseDate } from "./date-format.ts";

const CHOOSE = "Choose Start date in the calendar";

function Harness({ initial, available }: { initial: string | null; available?: string[] }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateField label="Start date" value={value} onChange={setValue} availableDates={available} />
      <output data-testid="value">{value ?? "none"}</output>
    </>
  );
}

describe("date format", () => {
  it("shows month/day/year and reads it back, refusing dates that do not exist", () => {
    expect(formatDate("2026-11-20")).toBe("11/20/2026");
    expect(formatDate("2026-02-03T10:00:00Z")).toBe("02/03/2026");
    expect(formatDate("garbage")).toBe("");
    expect(parseDate("11/20/2026")).toBe("2026-11-20");
    expect(parseDate("2/3/2026")).toBe("2026-02-03");
    expect(parseDate("02/30/2026")).toBeNull();
    expect(parseDate("2026-11-20")).toBeNull();
  });

  it("restricts to the available dates when given", () => {
    const excluded = onlyDates(["2026-11-20"]);
    expect(excluded?.("2026-11-20")).toBe(false);
    expect(excluded?.("2026-11-21")).toBe(true);
    expect(onlyDates(undefined)).toBeUndefined();
  });
});

describe("DateField", () => {
  it("shows its value as MM/DD/YYYY and picks a day from the calendar", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial="2026-11-20" />);
    expect(screen.getByRole("textbox", { name: "Start date" })).toHaveProperty("value", "11/20/2026");
    await user.click(screen.getByRole("button", { name: CHOOSE }));
    await user.click(await screen.findByRole("button", { name: "25 November 2026" }));
    expect(screen.getByTestId("value").textContent).toBe("2026-11-25");
  });

  it("starts the calendar's weeks on Sunday, as the spec writes days", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial="2026-11-20" />);
    await user.click(screen.getByRole("button", { name: CHOOSE }));
    const first = await screen.findByRole("button", { name: "1 November 2026" });
    // November 1st, 2026 is a Sunday: the first cell of the first week, nothing of October before it
    const week = first.closest("tr") as HTMLTableRowElement;
    expect(week.querySelector("td button")).toBe(first);
    const header = week.closest("table")?.querySelector("thead th");
    expect(header?.textContent).toMatch(/^Su/);
  });

  it("gives the focus back to the calendar's button once a day is picked with the keyboard", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial="2026-11-20" />);
    const field = screen.getByRole("button", { name: CHOOSE });
    field.focus();
    await user.keyboard("{Enter}");
    // into the calendar to the picked day, one day on with the arrow key, Enter
    (await screen.findByRole("button", { name: "20 November 2026" })).focus();
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "21 November 2026" }));
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("value").textContent).toBe("2026-11-21");
    expect(screen.getByRole("textbox", { name: "Start date" })).toHaveProperty("value", "11/21/2026");
    expect(screen.queryByRole("button", { name: "21 November 2026" })).toBeNull();
    // not <body>: a keyboard user carries on from the field (to the notes, the submit button)
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it("does not let an unavailable day be picked", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial="2026-11-20" available={["2026-11-20", "2026-11-27"]} />);
    await user.click(screen.getByRole("button", { name: CHOOSE }));
    const blocked = await screen.findByRole("button", { name: "25 November 2026" });
    expect(blocked.hasAttribute("disabled") || blocked.getAttribute("data-disabled") === "true").toBe(true);
    await user.click(await screen.findByRole("button", { name: "27 November 2026" }));
    expect(screen.getByTestId("value").textContent).toBe("2026-11-27");
  });
});

describe("DateField's calendar by keyboard", () => {
  it("keeps focus in the calendar when Enter changes its level: months, then a month's days", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial="2026-11-20" />);
    screen.getByRole("button", { name: CHOOSE }).focus();
    await user.keyboard("{Enter}");
    (await screen.findByRole("button", { name: "November 2026" })).focus();
    await user.keyboard("{Enter}");
    // the months of 2026, focus on the calendar's own month, not <body>
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Nov"));
    await user.keyboard("{ArrowRight}{Enter}");
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toMatch(/December 2026$/));
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("value").textContent).toMatch(/^2026-12-/);
  });
});

describe("DateField by typing", () => {
  it("takes a date typed as MM/DD/YYYY", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial={null} />);
    await user.type(screen.getByRole("textbox", { name: "Start date" }), "11/26/2026");
    expect(screen.getByTestId("value").textContent).toBe("2026-11-26");
  });

  it("refuses a date that does not exist, saying so on the field by its name", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial="2026-11-20" />);
    const box = screen.getByRole("textbox", { name: "Start date" });
    await user.clear(box);
    await user.type(box, "02/30/2026");
    // no value rather than the one before: a form checks it as missing
    expect(screen.getByTestId("value").textContent).toBe("none");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Start date must be a real date (MM/DD/YYYY)")).toBeTruthy();
    await user.clear(box);
    await user.type(box, "02/28/2026");
    expect(screen.getByTestId("value").textContent).toBe("2026-02-28");
    expect(screen.queryByText("Start date must be a real date (MM/DD/YYYY)")).toBeNull();
  });

  it("refuses a day the calendar does not offer, and shows a half-typed date's fault once left", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial={null} available={["2026-11-20"]} />);
    const box = screen.getByRole("textbox", { name: "Start date" });
    await user.type(box, "11/21/2026");
    expect(screen.getByTestId("value").textContent).toBe("none");
    expect(screen.getByText("Start date cannot be 11/21/2026: pick one of the days the calendar offers")).toBeTruthy();
    await user.clear(box);
    await user.type(box, "11/2");
    expect(box.getAttribute("aria-invalid")).toBeNull();
    await user.tab();
    expect(screen.getByText("Start date must be a real date (MM/DD/YYYY)")).toBeTruthy();
  });
});

/** The focused element's name, and whether it is a day of the month the calendar shows. */
const focusedDay = () => {
  const el = document.activeElement;
  return `${el?.getAttribute("aria-label")}${el?.hasAttribute("data-outside") ? " (outside)" : ""}`;
};

describe("arrow keys at the edge of a month", () => {
  it("turn the calendar to the next or previous month, focus on the day", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial="2026-11-30" />);
    screen.getByRole("button", { name: CHOOSE }).focus();
    await user.keyboard("{Enter}");
    (await screen.findByRole("button", { name: "30 November 2026" })).focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(focusedDay()).toBe("1 December 2026"));
    expect(screen.getByRole("button", { name: "December 2026" })).toBeTruthy();
    await user.keyboard("{ArrowLeft}");
    await waitFor(() => expect(focusedDay()).toBe("30 November 2026"));
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(focusedDay()).toBe("7 December 2026"));
    await user.keyboard("{ArrowUp}");
    await waitFor(() => expect(focusedDay()).toBe("30 November 2026"));
    // a month on and back with PageDown and PageUp; a year with Shift
    await user.keyboard("{PageDown}");
    await waitFor(() => expect(focusedDay()).toBe("30 December 2026"));
    await user.keyboard("{PageUp}");
    await waitFor(() => expect(focusedDay()).toBe("30 November 2026"));
    await user.keyboard("{Shift>}{PageUp}{/Shift}");
    await waitFor(() => expect(focusedDay()).toBe("30 November 2025"));
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("value").textContent).toBe("2025-11-30");
  });

  it("pass over days that cannot be picked, into the next month", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial="2026-11-20" available={["2026-11-20", "2026-12-04"]} />);
    await user.click(screen.getByRole("button", { name: CHOOSE }));
    (await screen.findByRole("button", { name: "20 November 2026" })).focus();
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(focusedDay()).toBe("4 December 2026"));
  });
});

describe("Escape in a calendar inside a dialog", () => {
  function InDialog() {
    const [open, setOpen] = useState(true);
    const [start, setStart] = useState<string | null>("2026-11-20");
    const [range, setRange] = useState<[string | null, string | null]>(["2026-11-02", "2026-11-06"]);
    return (
      <>
        <Modal opened={open} onClose={() => setOpen(false)} title="New course">
          <DateField label="Start date" value={start} onChange={setStart} />
          <DateRangeField label="Dates" value={range} onChange={setRange} />
        </Modal>
        <output data-testid="dialog">{open ? "open" : "closed"}</output>
      </>
    );
  }

  it.each([
    ["Choose Start date in the calendar", "20 November 2026"],
    ["Choose Dates in the calendar", "2 November 2026"],
  ])("closes the calendar only, focus back on %s, the dialog still open", async (button, day) => {
    const user = userEvent.setup();
    renderUi(<InDialog />);
    await user.click(await screen.findByRole("button", { name: button }));
    (await screen.findByRole("button", { name: day })).focus();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("button", { name: day })).toBeNull());
    expect(screen.getByTestId("dialog").textContent).toBe("open");
    expect(screen.getByRole("dialog", { name: "New course" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: button })));
  });
});
