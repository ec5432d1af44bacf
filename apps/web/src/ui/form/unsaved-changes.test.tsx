import { render } from "@testing-library/react";
import type { Location } from "react-router";
import { describe, expect, it } from "vitest";
import { DISCARD_UNSAVED, leavesPage, unsavedForms, useUnsavedChanges } from "./unsaved-changes.tsx";

const at = (pathname: string, search = "", hash = "", state: unknown = null): Location => ({
  pathname,
  search,
  hash,
  state,
  key: "k",
});

function Form({ dirty, what }: { dirty: boolean; what: string }) {
  useUnsavedChanges(dirty, what);
  return null;
}

describe("useUnsavedChanges", () => {
  it("counts another path or another tab as leaving, a #fragment or a discarding move not", () => {
    expect(leavesPage(at("/Settings"), at("/Dashboard"))).toBe(true);
    expect(leavesPage(at("/Settings"), at("/Settings", "?tab=locations"))).toBe(true);
    expect(leavesPage(at("/Settings"), at("/Settings", "", "#main"))).toBe(false);
    expect(leavesPage(at("/Locations/1"), at("/Settings", "?tab=locations", "", DISCARD_UNSAVED))).toBe(false);
  });

  it("holds a form's edits while it is dirty and mounted, and asks the browser before the page unloads", () => {
    const view = render(<Form dirty={false} what="the school's settings" />);
    expect(unsavedForms()).toEqual([]);
    const unload = () => {
      const e = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);

    view.rerender(<Form dirty what="the school's settings" />);
    expect(unsavedForms()).toEqual(["the school's settings"]);
    expect(unload()).toBe(true);

    view.rerender(<Form dirty={false} what="the school's settings" />);
    expect(unsavedForms()).toEqual([]);
    view.rerender(<Form dirty what="the school's settings" />);
    view.unmount();
    expect(unsavedForms()).toEqual([]);
    expect(unload()).toBe(false);
  });
});
