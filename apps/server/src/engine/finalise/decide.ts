import { coveredStatus, type Evaluation, finalStatus, STATUS, type StatusId } from "@rollbook/domain";

export interface Existing {
  status: number;
  lock: boolean;
  finished: boolean;
}

export interface DecideInput {
  existing: Existing | null;
  /** the session judged as finished from every stored presence */
  evaluation: Evaluation;
  manual: boolean;
  cancelled: boolean;
  excused: boolean;
  travelling: boolean;
}

export type Decision =
  /** leave the row as it is (already finished, or a manual pending one that stays open) */
  | { kind: "keep" }
  /** mark the row finished, status untouched (locked by an override, or marked by staff) */
  | { kind: "finish" }
  | {
      kind: "write";
      status: StatusId;
      enter: Date | null;
      exit: Date | null;
      percentage: number;
      finished: boolean;
    };

/**
 * What the finaliser does with one enrolled student's attendance of a session that ended
 * (decision 0340). Pure, so every branch is tested without a database.
 */
export function decide(input: DecideInput): Decision {
  const { existing, evaluation: ev } = input;
  if (existing?.finished) return { kind: "keep" };
  if (existing?.lock) return { kind: "finish" };
  const cover = { cancelled: input.cancelled, excused: input.excused, travelling: input.travelling };
  if (input.manual) {
    // staff mark manual courses: their mark stands unless the session is covered
    const marked = (existing?.status ?? STATUS.pending) as StatusId;
    const covered = coveredStatus({ evaluated: marked, ...cover });
    if (covered !== null)
      return { kind: "write", status: covered, enter: null, exit: null, percentage: 0, finished: true };
    if (marked !== STATUS.pending) return { kind: "finish" };
    // nobody marked this student yet: a pending row staff can still mark, no absence
    if (existing) return { kind: "keep" };
    return { kind: "write", status: STATUS.pending, enter: null, exit: null, percentage: 0, finished: false };
  }
  return {
    kind: "write",
    status: finalStatus({ evaluated: ev.status, ...cover }),
    enter: ev.enter,
    exit: ev.exit,
    percentage: ev.percentage,
    finished: true,
  };
}

/** The attendance row a "write" decision makes for one student of a session: the finaliser's, and the demo seed's. */
export function decidedRow(
  session: {
    attendable_type: "course" | "event";
    attendable_id: number;
    school_id: number;
    location_id: number | null;
    meets: string;
  },
  studentId: number,
  d: Extract<Decision, { kind: "write" }>,
) {
  return {
    attendable_id: session.attendable_id,
    attendable_type: session.attendable_type,
    school_id: session.school_id,
    student_id: studentId,
    location_id: session.location_id,
    status: d.status,
    enter: d.enter,
    exit: d.exit,
    percentage: d.percentage,
    finished: d.finished,
    meets: session.meets,
  };
}
