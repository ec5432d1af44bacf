/**
 * Display helpers of the dashboard alone. Percentages and times are the detail pages' helpers
 * (ui/detail/format.ts: formatPercent, formatDateTime), not copies of them.
 */

import { formatCount } from "@rollbook/domain";

/**
 * A short list's caption: "The first 10 of 120 students missing attendance." when it holds part
 * of them, else "1 student missing attendance." / "3 students ...".
 */
export function shownOf(shown: number, total: number, [one, many]: readonly [string, string], rest: string): string {
  return total > shown
    ? `The first ${formatCount(shown)} of ${formatCount(total)} ${many} ${rest}.`
    : `${formatCount(total)} ${total === 1 ? one : many} ${rest}.`;
}
