/** Words and picked state of the student picker (courses, events, teams). Pure, tested without a browser. */

import { formatCount } from "@rollbook/domain";
import { type NameParts, personName } from "../../ui/person-name.ts";

/** "1 student", "3 students"; capitalised for the start of a sentence. */
export function studentsWord(n: number, capital = false): string {
  const w = n === 1 ? "1 student" : `${formatCount(n)} students`;
  return capital ? w.charAt(0).toUpperCase() + w.slice(1) : w;
}

/** The result of adding students: how many were new, of how many asked. */
export function addedText(changed: number, asked: number, target: string): string {
  if (changed === 0)
    return asked === 1 ? `That student was already on ${target}.` : `They were all already on ${target}.`;
  const already = asked - changed;
  return `${studentsWord(changed, true)} added to ${target}${already > 0 ? ` (${already} already there)` : ""}.`;
}

/** A student as the picker lists them. */
export interface PickableStudent extends NameParts {
  id: number;
  email: string | null;
  school_identifier: string | null;
}

/** A found student's tick box: "Ada Lovelace · S123 (ada@school.test)", each extra only when known. */
export function pickLabel(s: PickableStudent): string {
  const id = s.school_identifier ? ` · ${s.school_identifier}` : "";
  const email = s.email ? ` (${s.email})` : "";
  return `${personName(s)}${id}${email}`;
}

/** The picked (id → name, in the order ticked) after one tick box changed. */
export function togglePicked(
  picked: ReadonlyMap<number, string>,
  id: number,
  name: string,
  on: boolean,
): Map<number, string> {
  const next = new Map(picked);
  if (on) next.set(id, name);
  else next.delete(id);
  return next;
}

/** Who is picked so far, read out as it changes. */
export function pickedText(picked: ReadonlyMap<number, string>): string {
  return picked.size === 0 ? "No one picked yet." : `Picked: ${[...picked.values()].join(", ")}`;
}

/** The submit button: "Add", then "Add 1 student", "Add 3 students". */
export function addButtonText(count: number): string {
  return count > 0 ? `Add ${studentsWord(count)}` : "Add";
}
