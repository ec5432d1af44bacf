/** A date range, both ends included (YYYY-MM-DD). */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * The semester a date belongs to, for semester_apa (decision 0342): the span of the school's
 * courses whose semester dates contain it (earliest start to latest end); when no course
 * says, the half year it falls in (January-July or August-December).
 */
export function semesterRange(
  date: string,
  courses: readonly { semester_start: string | null; semester_end: string | null }[],
): DateRange {
  let from: string | null = null;
  let to: string | null = null;
  for (const c of courses) {
    if (!c.semester_start || !c.semester_end || c.semester_start > date || c.semester_end < date) continue;
    if (from === null || c.semester_start < from) from = c.semester_start;
    if (to === null || c.semester_end > to) to = c.semester_end;
  }
  if (from !== null && to !== null) return { from, to };
  const year = date.slice(0, 4);
  return date.slice(5, 7) < "08"
    ? { from: `${year}-01-01`, to: `${year}-07-31` }
    : { from: `${year}-08-01`, to: `${year}-12-31` };
}
