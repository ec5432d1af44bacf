import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// jsdom lacks the layout APIs Mantine reads; these are the stand-ins Mantine's testing guide uses
const { getComputedStyle } = window;
window.getComputedStyle = (elt) => getComputedStyle(elt);
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;

afterEach(() => {
  cleanup();
  // a test's stand-in server (test/graphql-stub.ts) ends with it
  vi.unstubAllGlobals();
});
