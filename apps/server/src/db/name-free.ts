import { teamNameKey } from "@rollbook/domain";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { userError } from "../graphql/builder.ts";
import { locations, schools, teams } from "./schema/index.ts";

/** The tables whose live rows keep one name a school (teams; locations: decision 0962). */
const NAMED = { team: teams, location: locations } as const;

/**
 * A name must be free among the school's live rows of its kind, blind to case and outer spaces.
 * The school row is locked first, so two calls cannot both take the same name. BAD_USER_INPUT
 * naming `name` when taken.
 */
export async function checkNameFree(
  tx: Scoped,
  kind: keyof typeof NAMED,
  name: string,
  exceptId: number | null,
): Promise<void> {
  const table = NAMED[kind];
  const { db } = systemOf(tx);
  await db.select({ id: schools.id }).from(schools).where(eq(schools.id, tx.viewer.schoolId)).for("update");
  const [taken] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.school_id, tx.viewer.schoolId),
        isNull(table.deleted_at),
        // the domain's key of a team name (trimmed, lower case), for locations too
        sql`lower(btrim(${table.name})) = ${teamNameKey(name)}`,
        exceptId === null ? undefined : ne(table.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw userError(`name: the school already has a ${kind} named ${name.trim()}`, "name");
}
