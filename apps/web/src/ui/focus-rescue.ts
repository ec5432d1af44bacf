/**
 * After a confirmed action takes away the control that asked for it (a row's Remove button), or
 * disables it (a bulk Remove with nothing left selected), focus fell to <body>: a screen reader
 * lost its place and Tab started again at the top of the page. This watches the control for a
 * while; once it has left the page or been disabled and focus is on nothing, focus
 * moves to the heading of the closest region that is still there (else the page's h1). A look
 * every 100 ms: the confirm dialog closes after the row may already be gone, and it is its closing
 * (giving focus back to the control no longer there) that leaves focus on nothing.
 */
export function rescueFocusFrom(control: Element | null, ms = 15_000): void {
  if (!(control instanceof HTMLElement)) return;
  // the way back, kept now: once the control is gone its ancestors can no longer be asked for
  const ancestors: HTMLElement[] = [];
  for (let el = control.parentElement; el; el = el.parentElement) ancestors.push(el);
  const started = Date.now();
  // the control's own document: the page may be gone before the watch ends (a closed window, a
  // test's torn-down DOM), and then there is nothing left to look at
  const doc = control.ownerDocument;
  const timer = setInterval(() => {
    if (Date.now() - started > ms || !doc.defaultView) return clearInterval(timer);
    const disabled = control.matches(":disabled");
    if (control.isConnected && !disabled) return;
    const focused = doc.activeElement;
    // the dialog is still closing: its return of focus is still to come
    if (focused?.closest("[role=dialog]")) return;
    clearInterval(timer);
    // focus somewhere on purpose (the user moved on): leave it there
    if (focused && focused !== doc.body && !(focused === control && disabled)) return;
    const heading = headingNear(doc, ancestors);
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus();
  }, 100);
}

const HEADINGS = "h1, h2, h3, h4, h5, h6";

/** The heading that names the nearest region, section or main still on the page. */
function headingNear(doc: Document, ancestors: readonly HTMLElement[]): HTMLElement | null {
  for (const el of ancestors) {
    if (!el.isConnected) continue;
    const labelledBy = el.getAttribute("aria-labelledby");
    const named = labelledBy ? doc.getElementById(labelledBy) : null;
    if (named?.matches(HEADINGS)) return named;
    if (el.matches("section, [role=region], main")) {
      const first = el.querySelector<HTMLElement>(HEADINGS);
      if (first) return first;
    }
  }
  return doc.querySelector<HTMLElement>("main h1");
}
