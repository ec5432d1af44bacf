import { NOTIFICATION_TIMEOUT_MS } from "@rollbook/domain";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../../test/render.tsx";
import { notify } from "./notify.tsx";

afterEach(() => vi.useRealTimers());

describe("notify", () => {
  it(`hides a notification after ${NOTIFICATION_TIMEOUT_MS} ms, and not while the pointer is on it`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderUi(null);
    act(() => notify.success("Tile removed"));
    await act(() => vi.advanceTimersByTimeAsync(50));
    const note = screen.getByText("Tile removed");

    // hovering pauses the countdown
    fireEvent.mouseEnter(note.closest("[role=alert]") ?? note);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_TIMEOUT_MS + 1000));
    expect(screen.queryByText("Tile removed")).not.toBeNull();

    fireEvent.mouseLeave(note.closest("[role=alert]") ?? note);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_TIMEOUT_MS - 500));
    expect(screen.queryByText("Tile removed")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByText("Tile removed")).toBeNull();
  });

  it("names its close button for screen readers", async () => {
    renderUi(null);
    act(() => notify.error("Could not save"));
    expect(await screen.findByRole("button", { name: "Close notification" })).toBeTruthy();
  });
});
