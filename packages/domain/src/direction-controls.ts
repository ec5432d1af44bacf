/**
 * Unicode's explicit text-direction controls: embeddings and overrides (U+202A-U+202E) and
 * isolates (U+2066-U+2069). Inside a name they reorder what follows on every screen and in every
 * CSV that shows it ("Trojan Source"): a name can be made to read as another, or to turn the
 * columns after it around. Right-to-left names need none of them; the marks U+200E/U+200F, which
 * change no order of their own, stay allowed.
 */
const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

const hex = (c: string) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/** What is wrong with a name's text-direction controls, as the end of "<field> ...", or null. */
export function directionControlProblem(value: string): string | null {
  const found = CONTROLS.exec(value);
  return found ? `must not hold a text-direction control character (${hex(found[0])})` : null;
}
