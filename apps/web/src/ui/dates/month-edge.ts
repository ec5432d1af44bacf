/**
 * Where an arrow or page key moves focus from a day of a calendar, by the WAI-ARIA date picker
 * dialog pattern: a day or a week on, a month on (a year with Shift), across the edge of the month
 * shown. Days are "YYYY-MM-DD"; the arithmetic is on UTC dates, so no zone shifts a day.
 */
export type DayStep = { days: number } | { months: number };

const STEPS: Record<string, DayStep> = {
  ArrowLeft: { days: -1 },
  ArrowRight: { days: 1 },
  ArrowUp: { days: -7 },
  ArrowDown: { days: 7 },
  PageUp: { months: -1 },
  PageDown: { months: 1 },
};

/** The step a key takes from a day (Shift+PageUp/PageDown: a year); null for any other key. */
export function dayStep(key: string, shift: boolean): DayStep | null {
  const step = STEPS[key];
  if (!step) return null;
  return "months" in step && shift ? { months: step.months * 12 } : step;
}

const toDate = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);
const toIso = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** The same day `months` on, or the month's last day when it has fewer (01/31 + 1 month = 02/28). */
export function addMonths(iso: string, months: number): string {
  const d = toDate(iso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return toIso(d);
}

export const sameMonth = (a: string, b: string) => a.slice(0, 7) === b.slice(0, 7);

/** A year of days: how far a step looks past days that cannot be picked before it gives up. */
const MOST_TRIES = 366;

/**
 * The day a step lands on from `from`: past days that cannot be picked it goes on by the same
 * step (a day or a week; after a month's step, a day at a time in its direction); null if none.
 */
export function stepTo(from: string, step: DayStep, canPick: (iso: string) => boolean): string | null {
  let day = "days" in step ? addDays(from, step.days) : addMonths(from, step.months);
  const onwards = "days" in step ? step.days : Math.sign(step.months);
  for (let i = 0; i < MOST_TRIES; i++) {
    if (canPick(day)) return day;
    day = addDays(day, onwards);
  }
  return null;
}

/** Whether a day can be picked within the bounds ("YYYY-MM-DD", compared as text) and the exclusions. */
export function pickable(bounds: { minDate?: string; maxDate?: string; excludeDate?: (iso: string) => boolean }) {
  return (iso: string) =>
    !(bounds.minDate && iso < bounds.minDate.slice(0, 10)) &&
    !(bounds.maxDate && iso > bounds.maxDate.slice(0, 10)) &&
    !bounds.excludeDate?.(iso);
}
