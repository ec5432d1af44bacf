import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { fakeMediaQuery } from "./media.ts";

// the web project's files share a worker (isolate: false, vitest.config.ts): each file starts on
// an empty page and empty storage, as in a browser tab of its own
document.body.replaceChildren();

// findBy* and waitFor wait up to 5 s, not testing-library's 1 s: on a loaded 2-core machine a role
// query over a full page took longer than 1 s (SettingsPage's tab switch failed 3 runs in 4 so),
// and a wait that ends early proves nothing more than one that ends later
configure({ asyncUtilTimeout: 5_000 });
localStorage.clear();
sessionStorage.clear();

// jsdom lacks the layout APIs Mantine reads; these are the stand-ins Mantine's testing guide uses
const { getComputedStyle } = window;
window.getComputedStyle = (elt) => getComputedStyle(elt);
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => fakeMediaQuery(query, false),
});
class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;
// Textarea autosize listens for web fonts loading (document.fonts), which jsdom has not
if (!document.fonts)
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });

afterEach(() => {
  cleanup();
  // Mantine keeps its notifications in a module's store, which the files share
  notifications.clean();
  // a test's stand-in server (test/graphql-stub.ts) ends with it
  vi.unstubAllGlobals();
});
