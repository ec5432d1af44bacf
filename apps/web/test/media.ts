import { vi } from "vitest";

/** A MediaQueryList that answers `matches` and never changes (jsdom has no layout to match against). */
export function fakeMediaQuery(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** A browser as wide as `px` for the app's max-width media queries (setup.ts matches none); undo with vi.restoreAllMocks. */
export function screenWidth(px: number) {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)em/.exec(query);
    return fakeMediaQuery(query, max ? px <= Number(max[1]) * 16 : false);
  });
}
