import { cleanSchoolIds, unknownSchoolIds } from "@rollbook/domain";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { students, teams } from "../db/schema/index.ts";
import { notFound } from "../graphql/builder.ts";
import { addStudentsToTeam } from "../students/links.ts";
import { checked } from "./errors.ts";

export interface TeamAttachResult {
  student_ids: number[];
  unknown: string[];
}

/**
 * The Students tab's paste: school identifiers (trimmed, deduplicated, at most 1000) matched
 * without case among the live participants the viewer sees, then linked as addStudentsToTeam
 * does (all or nothing, already linked ones not changed). `unknown` are the pasted ids nothing
 * matched, in the order pasted; a removed participant's id is unknown too (restore it first).
 */
export async function attachStudentsToTeam(
  data: Scoped,
  teamId: number,
  pasted: readonly string[],
): Promise<TeamAttachResult> {
  const ids = checked(() => cleanSchoolIds(pasted));
  const team = await data.first("teams", eq(teams.id, teamId));
  if (!team) throw notFound("Team");
  if (ids.length === 0) return { student_ids: [], unknown: [] };
  const lowered = ids.map((i) => i.toLowerCase());
  const found = await data.rows("students", {
    where: and(isNull(students.deleted_at), inArray(sql<string>`lower(btrim(${students.school_identifier}))`, lowered)),
    orderBy: [asc(students.id)],
  });
  // linked in the order pasted
  const rank = new Map(lowered.map((k, i) => [k, i]));
  const ordered = [...found].sort(
    (a, b) =>
      (rank.get((a.school_identifier ?? "").trim().toLowerCase()) ?? 0) -
      (rank.get((b.school_identifier ?? "").trim().toLowerCase()) ?? 0),
  );
  const { student_ids } = await addStudentsToTeam(
    data,
    team.id,
    ordered.map((s) => s.id),
  );
  return {
    student_ids,
    unknown: unknownSchoolIds(
      ids,
      found.map((s) => s.school_identifier),
    ),
  };
}
