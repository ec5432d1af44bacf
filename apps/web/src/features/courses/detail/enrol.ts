/** Words of the enrolment actions. Pure, tested without a browser. */

/** "1 student", "3 students"; capitalised for the start of a sentence. */
export function studentsWord(n: number, capital = false): string {
  const w = n === 1 ? "1 student" : `${n} students`;
  return capital ? w.charAt(0).toUpperCase() + w.slice(1) : w;
}

/** What an enrolment changed: those already enrolled are not counted by the server. */
export function enrolResultText(changed: number, requested: number, title: string): string {
  if (changed === requested) return `${studentsWord(changed, true)} added to ${title}.`;
  const already = requested - changed;
  if (changed === 0) return `${already === 1 ? "That student was" : "Those students were"} already in ${title}.`;
  return `${studentsWord(changed, true)} added to ${title}; ${already} already enrolled.`;
}
