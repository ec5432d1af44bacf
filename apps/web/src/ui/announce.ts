const REGION_ID = "rollbook-announcer";

/**
 * Says `text` to a screen reader through one polite live region per document, made on first use
 * (at the end of <body>, visually hidden). For a change that happens where focus already is, such
 * as a focused button becoming busy: a change of the focused control's own name is not reliably
 * read out, a live region is. The text goes in a moment after the region is emptied, so a region
 * just made, or the same words twice, is still announced.
 */
export function announce(doc: Document, text: string): void {
  let region = doc.getElementById(REGION_ID);
  if (!region) {
    region = doc.createElement("div");
    region.id = REGION_ID;
    region.setAttribute("role", "status");
    region.className = "sr-only";
    doc.body.append(region);
  }
  region.textContent = "";
  const filled = region;
  setTimeout(() => {
    filled.textContent = text;
  }, 150);
}
