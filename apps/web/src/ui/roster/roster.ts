/**
 * The live roster's arithmetic (courses and events alike): counts by status, the name filter,
 * confidence, offline codes and clock times. Pure, tested without a browser.
 */
import { STATUS } from "@rollbook/domain";
import { statusLabel } from "../status.ts";

export interface RosterLine {
  status: number | null;
  student: { first_name: string; last_name: string; preferred_name?: string | null };
}

/** "12 present, 3 late, 40 not yet": the statuses that occur, in status order, and the rows without one. */
export function rosterSummary(rows: readonly RosterLine[]): { status: number | null; label: string; count: number }[] {
  const counts = new Map<number | null, number>();
  for (const r of rows) {
    const key = r.status === null || r.status === STATUS.pending ? null : r.status;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => (a === null ? 99 : a) - (b === null ? 99 : b))
    .map(([status, count]) => ({ status, count, label: status === null ? "Not yet" : statusLabel(status) }));
}

/** The rows whose name contains every word typed (first, last or preferred name). */
export function filterRoster<T extends RosterLine>(rows: readonly T[], text: string): readonly T[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((r) => {
    const name = `${r.student.first_name} ${r.student.last_name} ${r.student.preferred_name ?? ""}`.toLowerCase();
    return words.every((w) => name.includes(w));
  });
}

/** A confidence 0-1 as "85%"; none yet "—". */
export const confidenceText = (c: number | null | undefined) =>
  c === null || c === undefined || Number.isNaN(c) ? "—" : `${Math.round(c * 100)}%`;

/** The six digits a student's phone shows, spaces allowed; null when it is not that. */
export function offlineCode(text: string): string | null {
  const code = text.replace(/\s+/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * A timestamp's clock time ("9:05 AM") in the school's zone, with one formatter per zone: a
 * roster of 500 rows formats a time per row, and building an Intl formatter each time is what
 * would cost.
 */
export function clockTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "—";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "—";
  let f = clocks.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
    } catch {
      f = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", hour: "numeric", minute: "2-digit" });
    }
    clocks.set(timeZone, f);
  }
  return f.format(at);
}
