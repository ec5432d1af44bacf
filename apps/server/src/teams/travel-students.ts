import { and, eq, inArray } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { studentTravel, travel } from "../db/schema/index.ts";
import { notFound } from "../graphql/builder.ts";
import { audit, bulkIds, lockStudents, publishStudents } from "../students/bulk.ts";
import { rejudgeTravel } from "./rejudge-travel.ts";
import { checkTravellers, coveredStudents, windowOf } from "./travel.ts";

/** The travelling students of a travel, as the generic attach and detach change them (decision 0700). */

/** Lists students on a travel (generic attach): they must be on its team. Answers those added. */
export async function addStudentsToTravel(data: Scoped, travelId: number, ids: readonly number[]): Promise<number[]> {
  const { row, added, touched } = await data.transaction(async (tx) => {
    const row = await tx.first("travel", eq(travel.id, travelId), { forUpdate: true });
    if (!row) throw notFound("Travel");
    const list = await checkTravellers(tx, row.team_id, ids);
    if (list.length === 0) return { row, added: [], touched: [] };
    const added = (
      await systemOf(tx)
        .db.insert(studentTravel)
        .values(list.map((student_id) => ({ student_id, travel_id: row.id })))
        .onConflictDoNothing()
        .returning({ id: studentTravel.student_id })
    ).map((r) => r.id);
    await audit(
      tx,
      "student.add_travel",
      added.map((sid) => ({ id: sid, data: { travel_id: row.id } })),
    );
    // the first listed student ends the whole team's cover: every member is judged again
    return { row, added, touched: added.length ? await coveredStudents(tx, row.team_id, row.id) : [] };
  });
  await rejudgeTravel(data, touched, [windowOf(row)]);
  await publishStudents(data, added);
  return added;
}

/** Takes students off a travel's list (generic detach). Answers those removed. */
export async function removeStudentsFromTravel(
  data: Scoped,
  travelId: number,
  ids: readonly number[],
): Promise<number[]> {
  const { row, removed, touched } = await data.transaction(async (tx) => {
    const row = await tx.first("travel", eq(travel.id, travelId), { forUpdate: true });
    if (!row) throw notFound("Travel");
    const list = (await lockStudents(tx, bulkIds(ids))).map((r) => r.id);
    if (list.length === 0) return { row, removed: [], touched: [] };
    const removed = (
      await systemOf(tx)
        .db.delete(studentTravel)
        .where(and(eq(studentTravel.travel_id, row.id), inArray(studentTravel.student_id, list)))
        .returning({ id: studentTravel.student_id })
    ).map((r) => r.id);
    await audit(
      tx,
      "student.remove_travel",
      removed.map((sid) => ({ id: sid, data: { travel_id: row.id } })),
    );
    // the last one off the list gives the cover back to the whole team
    const touched = removed.length ? [...removed, ...(await coveredStudents(tx, row.team_id, row.id))] : [];
    return { row, removed, touched };
  });
  await rejudgeTravel(data, touched, [windowOf(row)]);
  await publishStudents(data, removed);
  return removed;
}
