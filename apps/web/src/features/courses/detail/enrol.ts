/** Words of the enrolment actions. Pure, tested without a browser. */

import { studentsWord } from "../../links/pick-students.ts";

/** What an enrolment changed: those already enrolled are not counted by the server. */
export function enrolResultText(changed: number, requested: number, title: string): string {
  if (changed === requested) return `${studentsWord(changed, true)} added to ${title}.`;
  const already = requested - changed;
  if (changed === 0) return `${already === 1 ? "That student was" : "Those students were"} already in ${title}.`;
  return `${studentsWord(changed, true)} added to ${title}; ${already} already enrolled.`;
}
