import { STATUS, type StatusId } from "../statuses.ts";

/** An excuse for one date: the whole day (attendable_id null) or one course or event. */
export interface ExcuseRow {
  date: string;
  attendable_id: number | null;
  attendable_type: "course" | "event" | null;
}

export interface TravelRow {
  start_date: Date;
  end_date: Date;
  is_away: boolean;
}

export function isExcused(
  excuses: readonly ExcuseRow[],
  date: string,
  attendable: { id: number; type: "course" | "event" },
): boolean {
  return excuses.some(
    (e) =>
      e.date === date &&
      (e.attendable_id === null ||
        (e.attendable_id === attendable.id && (e.attendable_type === null || e.attendable_type === attendable.type))),
  );
}

/** Away travel whose interval overlaps the session (touching ends do not count). */
export function isTravelling(travel: readonly TravelRow[], session: { start: Date; end: Date }): boolean {
  return travel.some(
    (t) =>
      t.is_away && t.start_date.getTime() < session.end.getTime() && t.end_date.getTime() > session.start.getTime(),
  );
}

type CoverInput = { evaluated: StatusId; cancelled: boolean; excused: boolean; travelling: boolean };

/** Status that replaces the evaluated one, or null: cancelled (always) > excused > travel (only when the student had no presence, i.e. evaluated absent). */
export function coveredStatus(input: CoverInput): StatusId | null {
  if (input.cancelled) return STATUS.cancelled;
  if (input.excused) return STATUS.excused;
  const noPresence = input.evaluated === STATUS.absent || input.evaluated === STATUS.pending;
  if (input.travelling && noPresence) return STATUS.travel;
  return null;
}

/** The final status stored when the session ends: covered, else evaluated, never pending. */
export function finalStatus(input: CoverInput): StatusId {
  const covered = coveredStatus(input);
  if (covered !== null) return covered;
  return input.evaluated === STATUS.pending ? STATUS.absent : input.evaluated;
}
