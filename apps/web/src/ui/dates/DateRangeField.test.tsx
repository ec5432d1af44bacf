import type { DatesRangeValue } from "@mantine/dates";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { DateRangeField } from "./DatePicker.tsx";

function Harness() {
  const [value, setValue] = useState<DatesRangeValue<string>>(["2026-11-02", null]);
  return (
    <>
      <DateRangeField label="Dates" value={value} onChange={setValue} />
      <output data-testid="value">{value.join(" to ")}</output>
    </>
  );
}

describe("DateRangeField's calendar by keyboard", () => {
  it("turns the month when an arrow key leaves it, the end of the range picked in the next", async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    await user.click(screen.getByRole("button", { name: /^Dates/ }));
    (await screen.findByRole("button", { name: "26 November 2026" })).focus();
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("3 December 2026"));
    expect(document.activeElement?.hasAttribute("data-outside")).toBe(false);
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("value").textContent).toBe("2026-11-02 to 2026-12-03");
  });
});
