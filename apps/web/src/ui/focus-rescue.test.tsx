import { render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { rescueFocusFrom } from "./focus-rescue.ts";

/** A region with a list whose rows each have a Remove button, as the closures and beacons lists. */
function Rows() {
  const [rows, setRows] = useState(["a", "b"]);
  return (
    <main>
      <h1>Page</h1>
      <section aria-labelledby="h">
        <h2 id="h">Closures</h2>
        {rows.map((r) => (
          <button key={r} type="button" onClick={() => setRows((all) => all.filter((x) => x !== r))}>
            Remove {r}
          </button>
        ))}
      </section>
    </main>
  );
}

/** Focuses the button, watches it, clicks it: focus should end on the heading. */
async function pressAndExpectFocusOn(button: string, heading: string) {
  const control = screen.getByRole("button", { name: button });
  control.focus();
  rescueFocusFrom(control);
  control.click();
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: heading })));
}

describe("rescueFocusFrom", () => {
  it("moves focus to the region's heading once the focused control is taken away", async () => {
    render(<Rows />);
    await pressAndExpectFocusOn("Remove a", "Closures");
    expect(screen.getByRole("heading", { name: "Closures" }).getAttribute("tabindex")).toBe("-1");
  });

  it("leaves focus alone when the user has moved it elsewhere first", async () => {
    render(<Rows />);
    const [a, b] = screen.getAllByRole("button");
    a?.focus();
    rescueFocusFrom(a ?? null);
    b?.focus();
    a?.click();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Remove a" })).toBeNull());
    expect(document.activeElement).toBe(b);
  });

  it("falls back to the page's h1 when the control's region is gone too", async () => {
    const { rerender } = render(<Rows />);
    const button = screen.getByRole("button", { name: "Remove a" });
    button.focus();
    rescueFocusFrom(button);
    rerender(
      <main>
        <h1>Page</h1>
      </main>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Page" })));
  });

  it("moves focus to the region's heading when the control stays but is disabled (a bulk Remove with nothing left selected)", async () => {
    function Bulk() {
      const [selected, setSelected] = useState(2);
      return (
        <main>
          <h1>Page</h1>
          <section aria-labelledby="p">
            <h2 id="p">Participants</h2>
            <button type="button" disabled={selected === 0} onClick={() => setSelected(0)}>
              Remove
            </button>
          </section>
        </main>
      );
    }
    render(<Bulk />);
    await pressAndExpectFocusOn("Remove", "Participants");
  });

  it("stops watching once its page is gone, and touches no other document", () => {
    // a watch outlived its page: the next look read the global document of a torn-down test
    // DOM and threw (seen in CI after focus-rescue.test)
    vi.useFakeTimers();
    try {
      const gone = document.implementation.createHTMLDocument("gone");
      const button = gone.createElement("button");
      gone.body.append(button);
      rescueFocusFrom(button);
      button.remove();
      vi.stubGlobal("document", undefined);
      expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
