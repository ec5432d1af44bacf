import { cleanTeamInput, seesAssignedOnly, type TeamInput } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { checkNameFree } from "../db/name-free.ts";
import { teams, userTeam } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { publishRow } from "../realtime/publish-row.ts";
import { audit } from "../students/bulk.ts";
import { checked } from "./errors.ts";
import type { TeamRow } from "./list.ts";

export async function createTeam(data: Scoped, input: TeamInput): Promise<TeamRow> {
  const values = checked(() => cleanTeamInput(input, true));
  const created = await data.transaction(async (tx) => {
    await checkNameFree(tx, "team", values.name as string, null);
    const { db } = systemOf(tx);
    const [created] = await db
      .insert(teams)
      .values({
        school_id: tx.viewer.schoolId,
        name: values.name as string,
        tag: values.tag ?? null,
        is_sport: values.is_sport ?? false,
        visibility: values.visibility ?? "private",
      })
      .returning();
    if (!created) throw new Error("team insert returned nothing");
    // roles 5 and 7 see only their assigned teams: the creator is assigned, or it would vanish
    if (seesAssignedOnly(tx.viewer.roleId))
      await db.insert(userTeam).values({ user_id: tx.viewer.user.id, team_id: created.id });
    await audit(tx, "team.create", [{ id: created.id }], "team");
    return created;
  });
  await publishRow(data, "team.update", created);
  return created;
}

/** Changes the fields given. A removed team is read-only until restored (field id). */
export async function updateTeam(data: Scoped, id: number, input: TeamInput): Promise<TeamRow> {
  const set = checked(() => cleanTeamInput(input, false));
  const { row, changed } = await data.transaction(async (tx) => {
    const before = await tx.first("teamsAnyState", eq(teams.id, id), { forUpdate: true });
    if (!before) throw notFound("Team");
    if (before.deleted_at) throw userError("The team is removed: restore it first", "id");
    if (Object.keys(set).length === 0) return { row: before, changed: false };
    if (set.name !== undefined) await checkNameFree(tx, "team", set.name as string, before.id);
    const { db } = systemOf(tx);
    const [after] = await db
      .update(teams)
      .set({ ...(set as Partial<TeamRow>), updated_at: new Date() })
      .where(eq(teams.id, before.id))
      .returning();
    await audit(tx, "team.update", [{ id: before.id, data: { fields: Object.keys(set) } }], "team");
    return { row: after ?? before, changed: true };
  });
  if (changed) await publishRow(data, "team.update", row);
  return row;
}

export const removeTeam = (data: Scoped, id: number) => setRemoved(data, id, true);
export const restoreTeam = (data: Scoped, id: number) => setRemoved(data, id, false);

/**
 * Soft removal (deleted_at): the team leaves lists and its members' views of it; members, travel
 * and staff links stay for a restore. Restoring needs its name free again (field name).
 */
async function setRemoved(data: Scoped, id: number, removed: boolean): Promise<TeamRow> {
  const { row, changed } = await data.transaction(async (tx) => {
    const found = await tx.first("teamsAnyState", eq(teams.id, id), { forUpdate: true });
    if (!found) throw notFound("Team");
    if ((found.deleted_at !== null) === removed) return { row: found, changed: false };
    if (!removed) await checkNameFree(tx, "team", found.name, found.id);
    const { db } = systemOf(tx);
    const [after] = await db
      .update(teams)
      .set({ deleted_at: removed ? new Date() : null, updated_at: new Date() })
      .where(eq(teams.id, found.id))
      .returning();
    await audit(tx, removed ? "team.remove" : "team.restore", [{ id: found.id }], "team");
    return { row: after ?? found, changed: true };
  });
  if (changed) await publishRow(data, "team.update", row);
  return row;
}
