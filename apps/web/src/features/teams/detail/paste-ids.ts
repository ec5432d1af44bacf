/**
 * The "Paste school IDs" box: one id per line, or separated by commas, semicolons, tabs or
 * spaces (a spreadsheet column pastes as lines); blanks dropped, duplicates (ignoring case) kept
 * once, in the order pasted. Pure, tested without a browser.
 */
import { MAX_PASTED_IDS } from "@rollbook/domain";

export function parseSchoolIds(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const id = raw.trim();
    if (!id || seen.has(id.toLowerCase())) continue;
    seen.add(id.toLowerCase());
    out.push(id);
  }
  return out;
}

/** The box's message before sending: null when it may be sent. */
export function pastedIdsError(ids: readonly string[]): string | null {
  if (ids.length === 0) return "School IDs: paste at least one school ID";
  if (ids.length > MAX_PASTED_IDS) return `School IDs: at most ${MAX_PASTED_IDS} at a time (${ids.length} pasted)`;
  return null;
}

/** What the call did: "3 students added. 1 school ID matched nobody:" (the unknown listed after). */
export function pasteResultText(changed: number, asked: number, unknown: number): string {
  const added = changed === 0 ? "No one was added" : changed === 1 ? "1 student added" : `${changed} students added`;
  const already = asked - unknown - changed;
  const parts = [`${added}${already > 0 ? ` (${already} already on the team)` : ""}.`];
  if (unknown > 0) parts.push(unknown === 1 ? "1 school ID matched nobody:" : `${unknown} school IDs matched nobody:`);
  return parts.join(" ");
}
