/**
 * Marks <html data-keyboard="true"> from a key press until the next pointer press, so a11y.css
 * can give a focused heading a ring after keyboard use only (decision 0586). :focus-visible cannot
 * tell: Chromium counts a script's focus before any input (a page's h1 on a fresh load) as
 * keyboard focus, and drew its heavy focus box around the heading.
 */
export function watchKeyboardUse(doc: Document): void {
  const root = doc.documentElement;
  doc.addEventListener("keydown", () => root.setAttribute("data-keyboard", "true"), true);
  doc.addEventListener("pointerdown", () => root.removeAttribute("data-keyboard"), true);
}
