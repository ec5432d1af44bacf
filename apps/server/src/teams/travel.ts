import { defaultTravelWindow, localDate, parseInstant, travelNotes, travelWindow } from "@rollbook/domain";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { students, studentTeam, studentTravel, teams, travel } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { audit, bulkIds, lockStudents, publishStudents } from "../students/bulk.ts";
import { checked } from "./errors.ts";
import { rejudgeTravel, type Window } from "./rejudge-travel.ts";

export type TravelRow = typeof travel.$inferSelect;

export interface TravelInput {
  /** ISO 8601 with a zone */
  start_date?: string | null;
  end_date?: string | null;
  notes?: string | null;
  is_away?: boolean | null;
  student_ids?: readonly number[] | null;
}

/**
 * A team's travel, by start_date or end_date, newest first unless sort_dir says otherwise. Like
 * every list filtered by a row (cancellations, notes), a team the viewer does not see, or a
 * removed one, is an empty page.
 */
export async function listTravel(data: Scoped, teamId: number, args: PageArgs) {
  const p = paging({ ...args, sort_dir: args.sort_dir ?? "desc" });
  const col = sortColumn(args.sort_by, { start_date: travel.start_date, end_date: travel.end_date }, "start_date");
  // the scope's travel follows the viewer's live teams
  return data.page("travel", {
    where: eq(travel.team_id, teamId),
    orderBy: [p.dir === "asc" ? asc(col) : desc(col), p.dir === "asc" ? asc(travel.id) : desc(travel.id)],
    limit: p.perPage,
    offset: p.offset,
  });
}

/** Team members and the travel's listed students: who its coverage can touch (the engine's rule). */
export async function coveredStudents(tx: Scoped, teamId: number, travelId: number): Promise<number[]> {
  const { db } = systemOf(tx);
  const [members, listed] = await Promise.all([
    db.select({ id: studentTeam.student_id }).from(studentTeam).where(eq(studentTeam.team_id, teamId)),
    db.select({ id: studentTravel.student_id }).from(studentTravel).where(eq(studentTravel.travel_id, travelId)),
  ]);
  return [...members, ...listed].map((r) => r.id);
}

/**
 * The students of a travel: visible to the viewer (else named, as every bulk call) and on its
 * team (the others named by name: `student_ids: Ann Lee, Bo Park are not on the team`). `listed`:
 * the travel's list as it is (an update); one of them may stay on it though they left the team
 * (decision 0705: a past travel covered their absences), only those added must be on the team.
 */
export async function checkTravellers(
  tx: Scoped,
  teamId: number,
  ids: readonly number[],
  listed: ReadonlySet<number> = new Set(),
): Promise<number[]> {
  const list = bulkIds(ids);
  const rows = await lockStudents(tx, list, { active: true });
  if (rows.length === 0) return [];
  const { db } = systemOf(tx);
  const members = new Set(
    (
      await db
        .select({ id: studentTeam.student_id })
        .from(studentTeam)
        .where(
          and(
            eq(studentTeam.team_id, teamId),
            inArray(
              studentTeam.student_id,
              rows.map((r) => r.id),
            ),
          ),
        )
    ).map((r) => r.id),
  );
  const outside = rows
    .filter((r) => !members.has(r.id) && !listed.has(r.id))
    .map((r) => `${r.first_name} ${r.last_name}`);
  if (outside.length)
    throw userError(
      `student_ids: ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} not on the team`,
      "student_ids",
    );
  return rows.map((r) => r.id);
}

/**
 * A list given empty is refused: the form's "no student ticked" would otherwise save a travel
 * that lists nobody, which covers the whole team (engine/finalise/roster.ts travelDuring), the
 * opposite of what was asked. The whole team is the argument left out (or every member listed).
 */
function checkSomeone(ids: readonly number[] | null | undefined) {
  if (ids && ids.length === 0)
    throw userError("student_ids must list at least one student (leave it out for the whole team)", "student_ids");
}

/** The students a travel lists now (whether on its team or not). */
async function listedOn(tx: Scoped, travelId: number): Promise<Set<number>> {
  const { db } = systemOf(tx);
  const rows = await db
    .select({ id: studentTravel.student_id })
    .from(studentTravel)
    .where(eq(studentTravel.travel_id, travelId));
  return new Set(rows.map((r) => r.id));
}

/** Of `ids`, the students the caller does not see (the scoped layer's visibility). */
async function unseenOf(tx: Scoped, ids: ReadonlySet<number>): Promise<number[]> {
  if (ids.size === 0) return [];
  const seen = new Set((await tx.rows("students", { where: inArray(students.id, [...ids]) })).map((r) => r.id));
  return [...ids].filter((id) => !seen.has(id));
}

async function setTravellers(tx: Scoped, travelId: number, ids: readonly number[]) {
  const { db } = systemOf(tx);
  await db.delete(studentTravel).where(eq(studentTravel.travel_id, travelId));
  if (ids.length) await db.insert(studentTravel).values(ids.map((student_id) => ({ student_id, travel_id: travelId })));
}

export const windowOf = (t: TravelRow): Window => ({ start: t.start_date, end: t.end_date });

/** The window the input asks for, over `fallback` (the stored one, or the day's default). */
const windowFrom = (input: TravelInput, fallback: Window) =>
  checked(() =>
    travelWindow(
      { start_date: parseInstant(input.start_date, "start_date"), end_date: parseInstant(input.end_date, "end_date") },
      fallback,
    ),
  );

/**
 * Adds a travel to a team: 6:00 to 20:00 of the day (school's zone) unless given (end after start,
 * field end_date), is_away by default. The covered sessions are judged again (travel status).
 */
export async function createTravel(data: Scoped, teamId: number, input: TravelInput): Promise<TravelRow> {
  const school = await data.byId("schools", data.viewer.schoolId);
  const tz = school?.timezone ?? "UTC";
  // the defaults are of the day given (start's, else end's), else of the school's today
  const given = checked(() => parseInstant(input.start_date, "start_date") ?? parseInstant(input.end_date, "end_date"));
  const window = windowFrom(input, defaultTravelWindow(localDate(given ?? new Date(), tz), tz));
  const notes = checked(() => travelNotes(input.notes)) ?? null;
  if (input.is_away === null) throw userError("is_away must be true or false", "is_away");
  const { row, touched } = await data.transaction(async (tx) => {
    const team = await tx.first("teams", eq(teams.id, teamId));
    if (!team) throw notFound("Team");
    checkSomeone(input.student_ids);
    const ids = await checkTravellers(tx, team.id, input.student_ids ?? []);
    const { db } = systemOf(tx);
    const [row] = await db
      .insert(travel)
      .values({ team_id: team.id, ...window, notes, is_away: input.is_away ?? true })
      .returning();
    if (!row) throw new Error("travel insert returned nothing");
    await setTravellers(tx, row.id, ids);
    await audit(tx, "travel.create", [{ id: row.id, data: { team_id: team.id, student_ids: ids } }], "travel");
    return { row, touched: await coveredStudents(tx, team.id, row.id) };
  });
  await rejudgeTravel(data, touched, [windowOf(row)]);
  await publishStudents(data, touched);
  return row;
}

/** Changes the fields given; student_ids replaces the list. Old and new coverage are judged again. */
export async function updateTravel(data: Scoped, id: number, input: TravelInput): Promise<TravelRow> {
  if (input.is_away === null) throw userError("is_away must be true or false", "is_away");
  const { before, after, touched } = await data.transaction(async (tx) => {
    const before = await tx.first("travel", eq(travel.id, id), { forUpdate: true });
    if (!before) throw notFound("Travel");
    checkSomeone(input.student_ids);
    const window = windowFrom(input, windowOf(before));
    const notes = checked(() => travelNotes(input.notes));
    const listedBefore = await coveredStudents(tx, before.team_id, before.id);
    let ids: number[] | null = null;
    if (input.student_ids !== undefined && input.student_ids !== null) {
      const listed = await listedOn(tx, before.id);
      ids = await checkTravellers(tx, before.team_id, input.student_ids, listed);
      // listed students the caller cannot see (a coach, one who left the coach's teams) were never in
      // the caller's list to keep or take off: they stay, so a save drops no one it never showed
      ids.push(...(await unseenOf(tx, listed)).filter((s) => !ids?.includes(s)));
    }
    const { db } = systemOf(tx);
    const [after] = await db
      .update(travel)
      .set({
        ...window,
        ...(notes !== undefined ? { notes } : {}),
        ...(input.is_away !== undefined && input.is_away !== null ? { is_away: input.is_away } : {}),
      })
      .where(eq(travel.id, before.id))
      .returning();
    if (ids !== null) await setTravellers(tx, before.id, ids);
    await audit(tx, "travel.update", [{ id: before.id, data: { fields: Object.keys(input) } }], "travel");
    return {
      before,
      after: after ?? before,
      touched: [...listedBefore, ...(await coveredStudents(tx, before.team_id, before.id))],
    };
  });
  await rejudgeTravel(data, touched, [windowOf(before), windowOf(after)]);
  await publishStudents(data, [...new Set(touched)]);
  return after;
}

/** Deletes a travel (its student list with it); the sessions it covered are judged again. */
export async function removeTravel(data: Scoped, id: number): Promise<TravelRow> {
  const { row, touched } = await data.transaction(async (tx) => {
    const row = await tx.first("travel", eq(travel.id, id), { forUpdate: true });
    if (!row) throw notFound("Travel");
    const touched = await coveredStudents(tx, row.team_id, row.id);
    await systemOf(tx).db.delete(travel).where(eq(travel.id, row.id));
    await audit(tx, "travel.remove", [{ id: row.id, data: { team_id: row.team_id } }], "travel");
    return { row, touched };
  });
  await rejudgeTravel(data, touched, [windowOf(row)]);
  await publishStudents(data, [...new Set(touched)]);
  return row;
}
