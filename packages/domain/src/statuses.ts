/** Attendance statuses of decisions.md; ids are stable and stored. */
export const STATUS = {
  pending: 0,
  present: 1,
  late: 2,
  absent: 3,
  excused: 4,
  left_early: 5,
  cancelled: 6,
  travel: 7,
} as const;
export type StatusName = keyof typeof STATUS;
export type StatusId = (typeof STATUS)[StatusName];

export const STATUSES: readonly { id: StatusId; name: StatusName }[] = (
  Object.entries(STATUS) as [StatusName, StatusId][]
).map(([name, id]) => ({ id, name }));

export const isStatusId = (n: number): n is StatusId => STATUSES.some((s) => s.id === n);

/** How a status counts in APA: attended, missed, or not at all. */
export function apaWeight(status: number): "attended" | "missed" | null {
  if (status === STATUS.present || status === STATUS.late || status === STATUS.left_early) return "attended";
  if (status === STATUS.absent) return "missed";
  return null;
}

/** attended / (attended + missed) as a percentage, null when nothing counts. */
export function apa(statuses: Iterable<number>): number | null {
  let attended = 0;
  let missed = 0;
  for (const s of statuses) {
    const w = apaWeight(s);
    if (w === "attended") attended++;
    else if (w === "missed") missed++;
  }
  const total = attended + missed;
  return total === 0 ? null : Math.round((attended / total) * 1000) / 10;
}
