/** Counting words of the link screens. Pure, tested without a browser. */

/** "1 student", "3 students" ("1 Student" at the start of a sentence). */
export function studentsWord(n: number, capital = false): string {
  const w = n === 1 ? "1 student" : `${n} students`;
  return capital ? w.charAt(0).toUpperCase() + w.slice(1) : w;
}

/** The result of adding students: how many were new, of how many asked. */
export function addedText(changed: number, asked: number, target: string): string {
  if (changed === 0)
    return asked === 1 ? `That student was already on ${target}.` : `They were all already on ${target}.`;
  const already = asked - changed;
  return `${studentsWord(changed, true)} added to ${target}${already > 0 ? ` (${already} already there)` : ""}.`;
}
