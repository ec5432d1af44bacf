/**
 * What an empty list says when no search narrows it. Pure, tested without a browser.
 *
 * An administrator (roles 1-4) sees the whole school's courses, events, teams and participants, so
 * an empty list means the school has none ("No teams yet"). Roles 5-9 see only what is assigned
 * to them (decision 0125's visibility, apps/server/src/access/visibility.ts): for them an empty
 * list says that, not that the school has none.
 */
import { seesAssignedOnly } from "@rollbook/domain";

export const NO_MATCH = "No matching data";

export interface EmptyListOptions {
  /** The viewer's role. */
  roleId: number;
  /** "No teams yet" rather than "No teams" where the school may still add some (the active list). */
  yet?: boolean;
  /** What the rows of a viewer of roles 5-9 are, after "No <what>"; default "assigned to you". */
  mine?: string;
}

/** "No teams yet" for an administrator, "No teams assigned to you" for a role that sees only its own. */
export function emptyListText(what: string, { roleId, yet = false, mine = "assigned to you" }: EmptyListOptions) {
  if (seesAssignedOnly(roleId)) return `No ${what} ${mine}`;
  return yet ? `No ${what} yet` : `No ${what}`;
}
