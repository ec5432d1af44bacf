import { travelLeftWithoutStudentsMessage } from "@rollbook/domain";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { schools, students, studentTeam, studentTravel, type teams, travel } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { audit, bulkIds, lockStudents, publishStudents, type StudentRow } from "../students/bulk.ts";
import { rejudgeTravel } from "./rejudge-travel.ts";
import { checkTravellers, coveredStudents, type TravelRow, windowOf } from "./travel.ts";

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

/**
 * The travels of a team that list any of `ids`, locked: taking students off the team (the
 * generic detach) locks them before the students, the order of the travel calls above, so an
 * attach, detach or update of their list waits and neither call can deadlock the other. (A
 * travel given one of them by a save committed between this and lockStudents is not seen.)
 */
export async function lockTravelListing(tx: Scoped, teamId: number, ids: readonly number[]): Promise<TravelRow[]> {
  if (ids.length === 0) return [];
  const { db } = systemOf(tx);
  return db
    .select()
    .from(travel)
    .where(
      and(
        eq(travel.team_id, teamId),
        inArray(
          travel.id,
          db
            .select({ id: studentTravel.travel_id })
            .from(studentTravel)
            .where(inArray(studentTravel.student_id, [...ids])),
        ),
      ),
    )
    .orderBy(asc(travel.id))
    .for("update");
}

/**
 * Taking students off a team (the generic detach, links/students.ts) is refused when a travel of
 * the team lists some of them and no other live student still on the team: the travel would be
 * left for nobody of the team (decision 0705). Each such travel is named, with what to do (edit
 * its students or remove it); nothing is changed. `asked`: the students the call takes off
 * (locked); only the live ones on the team count as leaving. `listing`: lockTravelListing's.
 */
export async function refuseTravelLeftWithoutStudents(
  tx: Scoped,
  team: typeof teams.$inferSelect,
  asked: readonly StudentRow[],
  listing: readonly TravelRow[],
): Promise<void> {
  const live = asked.filter((s) => s.deleted_at === null).map((s) => s.id);
  if (live.length === 0 || listing.length === 0) return;
  const { db } = systemOf(tx);
  const leaving = (
    await db
      .select({ id: studentTeam.student_id })
      .from(studentTeam)
      .where(and(eq(studentTeam.team_id, team.id), inArray(studentTeam.student_id, live)))
  ).map((r) => r.id);
  if (leaving.length === 0) return;
  const travelIds = listing.map((t) => t.id);
  // per travel: does it list one leaving, and one staying (live, on the team)?
  const rows = await db
    .select({ travel_id: studentTravel.travel_id, student_id: studentTravel.student_id })
    .from(studentTravel)
    .innerJoin(studentTeam, and(eq(studentTeam.student_id, studentTravel.student_id), eq(studentTeam.team_id, team.id)))
    .innerJoin(students, eq(students.id, studentTravel.student_id))
    .where(and(inArray(studentTravel.travel_id, travelIds), isNull(students.deleted_at)));
  const gone = new Set(leaving);
  const losing = new Set(rows.filter((r) => gone.has(r.student_id)).map((r) => r.travel_id));
  const kept = new Set(rows.filter((r) => !gone.has(r.student_id)).map((r) => r.travel_id));
  const emptied = listing.filter((t) => losing.has(t.id) && !kept.has(t.id));
  if (emptied.length === 0) return;
  const [school] = await db.select({ tz: schools.timezone }).from(schools).where(eq(schools.id, team.school_id));
  throw userError(travelLeftWithoutStudentsMessage(emptied, school?.tz ?? "UTC", asked.length), "student_ids");
}
