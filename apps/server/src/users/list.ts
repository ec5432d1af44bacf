import { and, asc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { foldedContains } from "../db/folded-contains.ts";
import { users } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, searchTerm, sortColumn } from "../graphql/paging.ts";
import type { UserRow } from "./guard.ts";

/**
 * Staff by name (decision 0612), then id: the order of every list of users that is not the /Users
 * page (a course's, event's or team's assigned staff).
 */
export const USERS_BY_NAME = [asc(byName(users.last_name)), asc(byName(users.first_name)), asc(users.id)];

export const USER_STATES = ["active", "inactive", "removed", "all"] as const;

function stateWhere(state: string): SQL | undefined {
  switch (state) {
    case "active":
      return and(isNull(users.deleted_at), eq(users.active, true));
    case "inactive":
      return and(isNull(users.deleted_at), eq(users.active, false));
    case "removed":
      return isNotNull(users.deleted_at);
    case "all":
      return undefined;
    default:
      throw userError(`state must be one of ${USER_STATES.join(", ")}`, "state");
  }
}

/**
 * The users a term finds (decision 0614): anywhere in "first last e-mail", both folded by the
 * participants' rule ("nunez" finds "Ñúñez", "EMILE" finds "émile"). An expression, not a stored
 * column as students.search_text: a school's staff are dozens, the list's filter reads them all by
 * users_school, and `%term%` had no index to lose.
 */
const userTermCondition = (term: string) =>
  foldedContains(sql`${users.first_name} || ' ' || ${users.last_name} || ' ' || ${users.email}`, term);

export interface UserListArgs extends PageArgs {
  query?: string | null;
  role_id?: number | null;
  state?: string | null;
}

/** The /Users list: the viewer's school, by state, role and a search over names and e-mail. */
export async function listUsers(data: Scoped, args: UserListArgs): Promise<{ data: UserRow[]; total: number }> {
  const p = paging(args);
  const col = sortColumn<PgColumn>(
    args.sort_by,
    {
      last_name: users.last_name,
      first_name: users.first_name,
      email: users.email,
      role_id: users.role_id,
      last_seen: users.last_seen,
    },
    "last_name",
  );
  const parts: (SQL | undefined)[] = [stateWhere(args.state ?? "active")];
  if (args.role_id !== null && args.role_id !== undefined) {
    if (!Number.isInteger(args.role_id) || args.role_id < 1 || args.role_id > 9)
      throw userError("role_id must be a role id from 1 to 9", "role_id");
    parts.push(eq(users.role_id, args.role_id));
  }
  const q = searchTerm(args.query);
  if (q) parts.push(userTermCondition(q));
  // names in the names' order (decision 0612: "Émile" among the E's), as the students list sorts them
  const key = col === users.last_name || col === users.first_name ? byName(col) : col;
  // never seen last either way, then by id so pages do not overlap
  const order = p.dir === "asc" ? sql`${key} asc nulls last` : sql`${key} desc nulls last`;
  return data.page("users", {
    where: and(...parts),
    orderBy: [order, asc(byName(users.first_name)), asc(users.id)],
    limit: p.perPage,
    offset: p.offset,
  });
}
