/** What the /Students bulk actions say before and after they run. Pure, tested without a browser. */

export const participants = (n: number) => (n === 1 ? "1 participant" : `${n} participants`);

export type BulkKind = "remove" | "restore" | "reset" | "course" | "team" | "event";

export interface BulkOutcome {
  /** How many were asked for. */
  requested: number;
  /** How many the server changed (the others were already in that state). */
  changed: number;
  /** Reset only: the new tokens were e-mailed (then students without an e-mail keep theirs). */
  emailed?: boolean;
}

const already = (n: number, what: string) => (n === 1 ? `1 was already ${what}` : `${n} were already ${what}`);

/** The confirm dialog's question, naming how many and the target. */
export function bulkQuestion(kind: BulkKind, count: number, target?: string): string {
  const who = participants(count);
  switch (kind) {
    case "remove":
      return `Remove ${who}? They leave the active list and can be restored later.`;
    case "restore":
      return `Restore ${who}?`;
    case "reset":
      return `Reset the tokens of ${who}? Their current tokens stop working.`;
    case "course":
      return `Add ${who} to the course ${target}?`;
    case "team":
      return `Add ${who} to the team ${target}?`;
    case "event":
      return `Add ${who} to the event ${target}? Past its capacity they go on the waitlist.`;
  }
}

/** The notification after the call: what changed, and how many were already so. */
export function bulkResultText(kind: BulkKind, { requested, changed, emailed }: BulkOutcome, target?: string): string {
  const rest = Math.max(0, requested - changed);
  const done = participants(changed);
  let text: string;
  switch (kind) {
    case "remove":
      text = `Removed ${done}.`;
      return rest ? `${text} ${already(rest, "removed")}.` : text;
    case "restore":
      text = `Restored ${done}.`;
      return rest ? `${text} ${already(rest, "active")}.` : text;
    case "reset": {
      if (!emailed) return `Reset the tokens of ${done}.`;
      // the server skips a student without an e-mail (a token nobody is told of locks them out)
      text = changed === 0 ? "No token was reset." : `Reset the tokens of ${done} and e-mailed the new ones.`;
      if (!rest) return text;
      const kept = rest === 1 ? "1 participant has" : `${rest} participants have`;
      return `${text} ${kept} no e-mail address: ${rest === 1 ? "that token was" : "those tokens were"} kept.`;
    }
    case "course":
    case "team":
    case "event":
      text = `Added ${done} to ${target}.`;
      return rest ? `${text} ${already(rest, "there")}.` : text;
  }
}
